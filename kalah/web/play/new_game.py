"""The play page's new-game panel (<details id="new-game">): rules, size, players, names, speed.

Its choices are made when it first opens (a first visit plays at once and may
never open it). It reports through its callbacks only:

    panel = NewGamePanel(shown_game, computer_unavailable, on_start, on_players_changed)
    # shown_game(): (Preset, names) of the game on the board, or None before there is one
    # computer_unavailable(): why no computer can play, or None
    # on_start(preset, names): the player asked for this game
    # on_players_changed(players): the seats changed (a computer chosen: start its runtime early)
"""

from kalah.errors import KalahError
from kalah.i18n import N_, _, translated
from kalah.library.presets import Preset
from kalah.game.rules import NORTH, SOUTH
from kalah.web.common import game_setup
from kalah.web.common.dom import by_id, clear, el, listen
from kalah.web.common.game_setup import HUMAN


class NewGamePanel:
    def __init__(self, shown_game, computer_unavailable, on_start, on_players_changed):
        self.panel = by_id("new-game")
        self.form = by_id("new-game-form")
        self._shown_game = shown_game
        self._computer_unavailable = computer_unavailable
        self._on_start = on_start
        self._on_players_changed = on_players_changed
        self.filled = False    # the choices are made when the panel first opens
        self._wire()
        self._toggled()        # opened before Python was ready

    def close(self):
        self.panel.open = False

    def show(self, preset, names):
        """Set the panel to a preset's setup (and names, unless None), if it has its choices yet."""
        if self.filled:
            self._show_choices(preset, names)

    def error(self, text):
        by_id("new-game-error").textContent = text

    def setup_preset(self):
        """The Preset the panel describes, for a link to it; None (with the reason shown) if wrong."""
        try:
            preset, _ = self.choices()
        except (KalahError, ValueError) as error:
            self.error(_("Cannot make a link to this setup: %(why)s.") % {"why": translated(error)})
            return None
        self.error("")
        return preset

    def choices(self):
        """(Preset, (South's name, North's name)) from the panel; KalahError if wrong."""
        form = self.form
        family = form.elements["family"].value
        options = [box.value for box in form.querySelectorAll("input[name=option]:checked")]
        limit = None
        if not by_id("limit-choices").disabled:
            text = str(form.elements["limit"].value).strip()
            if not text.isdigit():
                raise KalahError(N_("the move limit must be a whole number of plies, not '%(text)s'"), text=text[:20])
            limit = int(text)
        rules = game_setup.rules_from_choices(
            family, int(form.elements["houses"].value), int(form.elements["seeds"].value), options, limit)
        players = (str(form.elements["south"].value), str(form.elements["north"].value))
        first = NORTH if form.elements["first"].value == "north" else SOUTH
        names = []
        for seat, player in zip(("south", "north"), players):
            name = game_setup.clean_name(form.elements[seat + "_name"].value)
            names.append(name if name and player == HUMAN else None)
        return Preset(rules, players, first, str(form.elements["speed"].value)), tuple(names)

    def label_computer_options(self):
        if not self.filled:
            return
        failed = self._computer_unavailable()
        for option in self.form.querySelectorAll("option.computer"):
            title = game_setup.player_title(option.value)
            if failed:
                option.textContent = title + " (unavailable)"
                option.disabled = True
            else:
                option.textContent = title
                option.disabled = False

    def _submit(self, event):
        event.preventDefault()
        try:
            preset, names = self.choices()
            failed = self._computer_unavailable()
            for player in preset.players:
                if game_setup.is_computer(player) and failed:
                    raise KalahError(N_("the computer is not available: %(reason)s"), reason=failed)
        except (KalahError, ValueError) as error:
            self.error(_("Cannot start this game: %(why)s.") % {"why": translated(error)})
            return
        self.error("")
        self._on_start(preset, names)

    def _clicked(self, *args):
        if not self.filled:
            self._fill()

    def _toggled(self, *args):
        if self.panel.open and not self.filled:
            self._fill()

    def _fill(self):
        self.filled = True
        form = self.form
        families = by_id("family-choices")
        for label in families.querySelectorAll("label"):   # the legend stays: the radios' group name
            label.remove()
        for family, title in game_setup.family_choices():
            box = el("input", attrs={"type": "radio", "name": "family", "value": family})
            families.appendChild(el("label", cls="choice", children=[box, el("span", " " + title)]))
        _fill_select(form.elements["houses"], [(str(n), str(n)) for n in game_setup.HOUSE_CHOICES], "6")
        _fill_select(form.elements["seeds"], [(str(n), str(n)) for n in game_setup.SEED_CHOICES], "4")
        for seat in ("south", "north"):
            select = form.elements[seat]
            clear(select)
            select.appendChild(el("option", _("Person"), attrs={"value": HUMAN}))
            group = el("optgroup", attrs={"label": _("Computer")})
            for name in game_setup.COMPUTER_PLAYERS:
                group.appendChild(el("option", game_setup.player_title(name),
                                     cls="computer", attrs={"value": name}))
            select.appendChild(group)
        self.label_computer_options()
        _fill_select(form.elements["speed"], [(name, _("%(speed)s (%(seconds)g s a move)") % {"speed": _(name), "seconds": seconds})
                                              for name, seconds in game_setup.SPEEDS], "normal")
        shown = self._shown_game()
        if shown is None:
            self._show_choices(Preset(), None)
        else:
            self._show_choices(*shown)

    def _show_choices(self, preset, names):
        """Set the panel to a game's setup (the one on the board, or a preset's); names, when
        given, are the board's game's."""
        form = self.form
        rules = preset.rules
        for box in form.querySelectorAll("input[name=family]"):
            box.checked = box.value == rules.family
        form.elements["houses"].value = str(rules.houses)
        form.elements["seeds"].value = str(rules.seeds)
        self._family_changed()
        for box in form.querySelectorAll("input[name=option]"):
            box.checked = (not box.disabled) and box.value in rules.options
        form.elements["south"].value = preset.players[SOUTH]
        form.elements["north"].value = preset.players[NORTH]
        form.elements["first"].value = "north" if preset.first == NORTH else "south"
        form.elements["speed"].value = preset.speed
        if names is not None:
            for seat, name in zip(("south", "north"), names):
                form.elements[seat + "_name"].value = name or ""

    def _family_changed(self, *args):
        family = self.form.elements["family"].value
        sized = game_setup.takes_size(family)
        by_id("size-choices").disabled = not sized
        limit = game_setup.default_move_limit(family)
        by_id("limit-choices").disabled = limit is None
        if limit is not None and not str(self.form.elements["limit"].value).strip():
            self.form.elements["limit"].value = str(limit)
        allowed = game_setup.family_options(family)
        for box in self.form.querySelectorAll("input[name=option]"):
            box.disabled = box.value not in allowed
            if box.disabled:
                box.checked = False

    def _player_changed(self, *args):
        form = self.form
        self._on_players_changed((str(form.elements["south"].value), str(form.elements["north"].value)))

    def _wire(self):
        listen(self.panel, "toggle", self._toggled)
        # The choices are made on the click itself, before the (later) toggle event.
        listen(self.panel.querySelector("summary"), "click", self._clicked)
        listen(self.form, "submit", self._submit)
        listen(by_id("family-choices"), "change", self._family_changed)
        listen(self.form.elements["south"], "change", self._player_changed)
        listen(self.form.elements["north"], "change", self._player_changed)


def _fill_select(select, choices, selected):
    clear(select)
    for value, text in choices:
        option = el("option", text, attrs={"value": value})
        if value == selected:
            option.selected = True
        select.appendChild(option)
