"""The replay viewer: the play page's BoardView driven by a record, in elements of a page.

Step, jump, a slider, a clickable move list, autoplay, a seed-by-seed step,
and a chart of the stores. Lichess keys work only while the viewer has the
focus. The replay page (replay/page.py) and the embed (embed/page.py) each
build one; it reports through its callbacks (on_ply, on_house) and knows
neither page.

    viewer = ReplayViewer(by_id("viewer"), on_ply=..., on_house=...)
    viewer.load(record, ply)
"""

from pyscript import document

from kalah.game.narration import outcome_text
from kalah.i18n import _, ngettext, side_word
from kalah.records.identity import player_name
from kalah.records.record import Record
from kalah.game.rules import NORTH, SOUTH, find_rules
from kalah.web.common.board_view import BoardView
from kalah.web.common.chart_view import ChartView
from kalah.web.common.dom import Timer, by_id, clear, el, listen

SPEEDS = (("0.5", "Slow"), ("1", "Normal"), ("2", "Fast"), ("4", "Very fast"))
BASE_DELAY_MS = 1200  # one ply at normal speed


def move_label(side, move, captured):
    from kalah.game.notation import move_text
    return move_text(side, move) + ("+%d" % captured if captured else "")


def player_title(record, side, seat=False):
    """The record's name for a side's player (kalah.records.identity.player_name) in the page's
    language: a name a person chose as it is; the record's English 'Person' ('Person (South)' with
    `seat`) and 'Computer (level 3)' (a shared link names its computers so) translated."""
    name = player_name(record, side, seat=False)
    if player_name(record, side) != name:   # only a person without a name is named with the seat
        return _("Person (%(side)s)") % {"side": side_word(side)} if seat else _("Person")
    level = name[len("Computer (level "):-1]
    if name.startswith("Computer (level ") and name.endswith(")") and level.isdigit():
        # game_setup.LEVEL_NAME's message (the embed does not load game_setup and its registry)
        return _("Computer (level %(level)s)") % {"level": level}
    return name


class ReplayViewer:
    """Board, controls, move list and chart for one record, in elements of the page.

    `ids` names the page's elements; a missing optional element (chart,
    move list, slider) is simply not used, so the embed can leave them out.
    `on_ply(ply)` runs after every change of the ply (the page keeps the URL).
    """

    def __init__(self, root, on_ply=None, on_house=None):
        self.root = root
        self.on_ply = on_ply
        self.view = BoardView(by_id("board"), on_house=on_house)
        self.record = None
        self.states = []       # (pits, turn) after each ply; states[0]: the start
        self.reports = []      # MoveReport of each ply
        self.ply = 0
        self.orientation = SOUTH
        self.speed = 1.0
        self.playing = False
        self.labels = None
        self.legal_override = None  # correspondence: the houses the player may click
        self._timer = Timer(self._tick)
        self.chart = None
        if _exists("chart"):
            self.chart = ChartView(by_id("chart"), on_select=self.go)
        self._wire()

    # -- loading -------------------------------------------------------------
    def load(self, record, ply=None, orientation=SOUTH):
        self.stop()
        self.record = record
        board = record.board()  # raises KalahError for a record that does not play
        start = find_rules(record.rules)
        first = None
        self.states = []
        self.reports = []
        self.positions = []    # Board.position() after each ply, for the board's data-position
        for _ply, report, played in record.replay():
            if first is None:
                first = report
            self.reports.append(report)
            self.states.append((played.pits, played.turn))
            self.positions.append(played.position())
        # The start position: replay from the record's own start.
        initial = Record(record.rules, [], start=record.start).board()
        self.states.insert(0, (initial.pits, initial.turn))
        self.positions.insert(0, initial.position())
        if board.forfeited():
            self.states[-1] = (board.pits, None)
            self.positions[-1] = board.position()
        self.rules = start
        self.outcome = board.outcome()
        self.orientation = orientation
        self.labels = tuple("%s \u00b7 %s" % (side_word(side), player_title(record, side)) for side in (SOUTH, NORTH))
        turns = record.turns()
        # The move list numbers turns (an extra turn is one turn): the label names both.
        self.turn_of = [0] * len(self.reports)
        for number, turn in enumerate(turns):
            for i in range(len(turn["moves"])):
                self.turn_of[turn["first"] + i] = number + 1
        self._fill_moves(turns)
        if _exists("ply-slider"):
            slider = by_id("ply-slider")
            slider.max = str(len(self.reports))
        self.go(len(self.reports) if ply is None else ply)

    def plies(self):
        return len(self.reports)

    # -- moving through the game --------------------------------------------
    def go(self, ply):
        ply = max(0, min(self.plies(), int(ply)))
        if self.view.animating:
            self.view._finish(run_callback=False)
        self.ply = ply
        self.render()
        if self.on_ply is not None:
            self.on_ply(ply)

    def render(self):
        pits, turn = self.states[self.ply]
        last = None
        if self.ply > 0:
            report = self.reports[self.ply - 1]
            last = (report.side, report.move)
        legal = self.legal_override if (self.legal_override is not None and self.ply == self.plies()) else ()
        self.view.render(self.rules, pits, turn, legal, last_move=last, orientation=self.orientation,
                         labels=self.labels, position=self.positions[self.ply])
        if _exists("ply-slider"):
            by_id("ply-slider").value = str(self.ply)
            by_id("ply-slider").setAttribute("aria-valuetext", self._ply_text())
        if _exists("ply-label"):
            by_id("ply-label").textContent = self._ply_text()
        for button in document.querySelectorAll("#moves [data-ply]"):
            if int(button.dataset.ply) == self.ply:
                button.setAttribute("aria-current", "step")
            else:
                button.removeAttribute("aria-current")
        if self.chart is not None:
            self.chart.mark(self.ply)
        self._enable()

    def _ply_text(self):
        """'Turn 31, move 34 of 34: South F+2. South wins 30-18.', 'Start (34 moves)'."""
        if self.ply == 0:
            return ngettext("Start (%(count)d move)", "Start (%(count)d moves)", self.plies()) % {"count": self.plies()}
        report = self.reports[self.ply - 1]
        text = _("Turn %(turn)d, move %(ply)d of %(count)d: %(side)s %(move)s") % {
            "turn": self.turn_of[self.ply - 1], "ply": self.ply, "count": self.plies(), "side": side_word(report.side),
            "move": move_label(report.side, report.move, report.captured)}
        if self.ply == self.plies() and self.outcome is not None:
            text += ". " + outcome_text(self.outcome)
        return text

    def _enable(self):
        at_start = self.ply == 0
        at_end = self.ply == self.plies()
        for name, disabled in (("first", at_start), ("prev", at_start), ("next", at_end), ("last", at_end),
                               ("sow", at_end)):
            if _exists(name):
                by_id(name).disabled = disabled
        if _exists("play"):
            button = by_id("play")
            button.textContent = _("Pause") if self.playing else _("Play")
            button.setAttribute("aria-pressed", "true" if self.playing else "false")

    def step(self, delta):
        self.stop()
        self.go(self.ply + delta)

    def sow_one_seed_at_a_time(self):
        """The next move shown seed by seed (BoardView.animate), then the position after it."""
        self.stop()
        if self.ply >= self.plies():
            return
        report = self.reports[self.ply]
        target = self.ply + 1
        self.view.animate(report, lambda: self.go(target))

    def flip(self):
        self.orientation = 1 - self.orientation
        self.render()
        if self.on_ply is not None:
            self.on_ply(self.ply)

    def toggle_play(self):
        if self.playing:
            self.stop()
        else:
            self.play()

    def play(self):
        if self.ply >= self.plies():
            self.go(0)
        self.playing = True
        self._enable()
        self._timer.start(int(BASE_DELAY_MS / self.speed))

    def stop(self):
        self.playing = False
        self._timer.stop()
        self._enable()

    def _tick(self):
        if not self.playing:
            return
        if self.ply >= self.plies():
            self.stop()
            return
        self.go(self.ply + 1)
        if self.ply >= self.plies():
            self.stop()
        else:
            self._timer.start(int(BASE_DELAY_MS / self.speed))

    def set_speed(self, speed):
        self.speed = speed
        if _exists("speed"):
            by_id("speed").value = _speed_value(speed)

    # -- the move list and the chart -----------------------------------------
    def _fill_moves(self, turns):
        if _exists("moves"):
            moves = by_id("moves")
            clear(moves)
            for number, turn in enumerate(turns):
                item = el("li", attrs={"class": "turn turn-" + ("s" if turn["side"] == SOUTH else "n")})
                item.appendChild(el("span", "%d. %s" % (number + 1, side_word(turn["side"])), cls="turn-side"))
                for i, move in enumerate(turn["moves"]):
                    if i:
                        item.appendChild(el("span", "-", cls="turn-join", attrs={"aria-hidden": "true"}))
                    ply = turn["first"] + i + 1
                    label = move_label(turn["side"], move, turn["captures"][i])
                    words = {"ply": ply, "side": side_word(turn["side"]), "move": label.split("+")[0],
                             "count": turn["captures"][i]}
                    button = el("button", label, cls="move", attrs={
                        "type": "button", "data-ply": ply,
                        "aria-label": (_("move %(ply)d, %(side)s %(move)s, captures %(count)d") if words["count"]
                                       else _("move %(ply)d, %(side)s %(move)s")) % words})
                    item.appendChild(button)
                moves.appendChild(item)
        if self.chart is not None:
            self.chart.render(self.series(), self.ply)

    def series(self):
        south, north = self.rules.stores
        data = [{"name": _("%(player)s store") % {"player": player_title(self.record, SOUTH, True)}, "cls": "south",
                 "values": [s[0][south] for s in self.states]},
                {"name": _("%(player)s store") % {"player": player_title(self.record, NORTH, True)}, "cls": "north",
                 "values": [s[0][north] for s in self.states]}]
        evals = self.record.meta.get("evals")
        if isinstance(evals, list) and len(evals) == len(self.states):
            data.append({"name": _("Computer's evaluation (South's margin)"), "cls": "eval",
                         "values": [v if isinstance(v, (int, float)) else None for v in evals]})
        return data

    # -- controls and keys ---------------------------------------------------
    def _wire(self):
        for name, action in (("first", lambda e: self.step(-self.plies())), ("prev", lambda e: self.step(-1)),
                             ("next", lambda e: self.step(1)), ("last", lambda e: self.step(self.plies())),
                             ("play", lambda e: self.toggle_play()), ("flip", lambda e: self.flip()),
                             ("sow", lambda e: self.sow_one_seed_at_a_time())):
            if _exists(name):
                listen(by_id(name), "click", action)
        if _exists("ply-slider"):
            listen(by_id("ply-slider"), "input", lambda e: self._slid())
        if _exists("speed"):
            listen(by_id("speed"), "change", lambda e: self.set_speed(float(by_id("speed").value)))
        if _exists("moves"):
            listen(by_id("moves"), "click", self._move_clicked)
        # On the document, so the keys work from the page's start; _key keeps those of other controls.
        listen(document, "keydown", self._key)

    def _slid(self):
        self.stop()
        self.go(int(by_id("ply-slider").value))

    def _move_clicked(self, event):
        target = event.target
        ply = target.getAttribute("data-ply") if target.getAttribute else None
        if isinstance(ply, str) and ply.isdigit():
            self.stop()
            self.go(int(ply))

    def _key(self, event):
        """Lichess keys, while the focus is on the viewer or on nothing in particular (the page's
        body): a button or field elsewhere keeps its own keys."""
        if self.record is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        tag = str(event.target.tagName).lower()
        if not (tag == "body" or self.root.contains(event.target)):
            return
        if tag in ("input", "select", "textarea"):
            return  # the slider and the speed menu keep their own keys
        if str(event.target.className).find("kb-house") >= 0 and self.legal_override is not None:
            return  # correspondence: the board's keys choose a house
        key = event.key
        if key == "ArrowLeft":
            self.step(-1)
        elif key == "ArrowRight":
            self.step(1)
        elif key in ("ArrowUp", "Home"):
            self.step(-self.plies())
        elif key in ("ArrowDown", "End"):
            self.step(self.plies())
        elif key in ("f", "F"):
            self.flip()
        elif key == " ":
            self.toggle_play()
        else:
            return
        event.preventDefault()


def _exists(element_id):
    node = document.getElementById(element_id)
    return node is not None and str(node) not in ("null", "undefined") and bool(node)


def _speed_value(speed):
    for value, _name in SPEEDS:
        if float(value) == speed:
            return value
    return "1"
