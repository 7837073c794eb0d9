"""The bot lab's players: their names, and those saved in this browser.

Saved players live in localStorage under PLAYERS_KEY as JSON
{name: {"source": text, "saved": ms}}; `kalah.lab.saved_players` reads that
text back (pure Python: size cap, nesting, one bad entry left out alone).
"""

import json

from pyscript import document, window

from kalah.ai import player_registry
from kalah.errors import KalahError
from kalah.library.history import StorageFull
from kalah.lab.saved_players import MAX_NAME, MAX_SOURCE, read_players
from kalah.i18n import _, N_, translated
from kalah.web.common.dom import by_id, clear, el

PLAYERS_KEY = "kalah.lab.players"
REFERENCE = player_registry.REFERENCE_NAMES
LEVELS = player_registry.LEVEL_NAMES
OURS = REFERENCE + LEVELS


def valid_name(name):
    """The player's name, or raise KalahError saying what is wrong with it."""
    name = name.strip()
    if not name:
        raise KalahError(_("give your player a name"))
    if len(name) > MAX_NAME:
        raise KalahError(_("a name has at most %(count)d characters") % {"count": MAX_NAME})
    for c in name:
        if not (c.isalpha() or c.isdigit() or c in "_-. "):
            raise KalahError(_("a name may hold letters, digits, spaces and _ - . only, not '%(character)s'") % {
                "character": c})
    if name in OURS:
        raise KalahError("'%s' is the name of one of our players: choose another" % name)
    return name


class PlayerShelf:
    """The players saved in this browser, by name (localStorage)."""

    def __init__(self, store):
        self.store = store
        self.problem = None
        self.players = {}
        text = store.get(PLAYERS_KEY)
        if text is None:
            return
        try:
            self.players, skipped = read_players(text)
        except KalahError as error:
            self.problem = _("The saved players could not be read (%(reason)s); they were kept under %(key)s.") % {
                "reason": translated(error), "key": PLAYERS_KEY + ".bad"}
            try:
                store[PLAYERS_KEY + ".bad"] = text     # kept aside, never lost
            except StorageFull:
                pass
            return
        if skipped:
            self.problem = _("A saved player (%(players)s) could not be read and was left out.") % {
                "players": ", ".join(skipped)}

    def names(self):
        return sorted(self.players)

    def source(self, name):
        return self.players[name]["source"]

    def save(self, name, source):
        players = dict(self.players)
        players[name] = {"source": source, "saved": int(window.Date.now())}
        self._write(players)

    def delete(self, name):
        players = dict(self.players)
        players.pop(name, None)
        self._write(players)

    def _write(self, players):
        self.store[PLAYERS_KEY] = json.dumps(players)   # StorageFull leaves the old list
        self.players = players


def fill_player_lists(names):
    """The saved players' list, the try-game's opponents and the tournament's entrants."""
    saved = by_id("saved")
    clear(saved)
    if not names:
        saved.appendChild(el("option", _("(none yet)"), attrs={"value": ""}))
    for name in names:
        saved.appendChild(el("option", name, attrs={"value": name}))
    opponent = by_id("opponent")
    chosen = str(opponent.value) if opponent.value else "itself"
    clear(opponent)
    opponent.appendChild(el("option", _("Itself"), attrs={"value": "itself"}))
    opponent.appendChild(el("option", _("A person (you click the houses)"), attrs={"value": "person"}))
    group = el("optgroup", attrs={"label": _("Reference players")})
    for name in REFERENCE:
        group.appendChild(el("option", _reference_label(name), attrs={"value": "ai:" + name}))
    opponent.appendChild(group)
    group = el("optgroup", attrs={"label": _("Our computer levels")})
    for name in LEVELS:
        group.appendChild(el("option", _("Level %(level)s") % {"level": name[5:]}, attrs={"value": "ai:" + name}))
    opponent.appendChild(group)
    if names:
        group = el("optgroup", attrs={"label": _("Saved players")})
        for name in names:
            group.appendChild(el("option", name, attrs={"value": "saved:" + name}))
        opponent.appendChild(group)
    opponent.value = chosen
    if not opponent.value:
        opponent.value = "itself"
    _fill_entrants(names)


def _fill_entrants(names):
    box = by_id("entrants")
    checked = {}
    for node in box.querySelectorAll("input"):
        checked[str(node.value)] = bool(node.checked)
    for node in box.querySelectorAll(".entrant-group"):
        node.remove()
    groups = ((_("Saved players"), ["saved:" + n for n in names]),
              (_("Reference players"), ["ai:" + n for n in REFERENCE]),
              (_("Our levels"), ["ai:" + n for n in LEVELS]))
    for title, values in groups:
        if not values:
            continue
        group = el("div", cls="entrant-group", attrs={"role": "group", "aria-label": title})
        group.appendChild(el("span", title, cls="group-title"))
        for value in values:
            name = value.split(":", 1)[1]
            box_input = el("input", attrs={"type": "checkbox", "value": value, "name": "entrant"})
            box_input.checked = checked.get(value, False)
            label = el("label", cls="choice", children=[box_input])
            label.appendChild(document.createTextNode(" " + name))
            group.appendChild(label)
        box.appendChild(group)


REFERENCE_LABELS = {"random": N_("Random"), "first": N_("First legal house"),
                    "rightmost": N_("Right-most legal house (the reference player)"),
                    "greedy": N_("Greedy (most seeds now)")}


def _reference_label(name):
    return _(REFERENCE_LABELS[name])
