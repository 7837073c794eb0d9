"""The replay viewer (replay.html): share links land here; embed.html reuses ReplayViewer.

The viewer is the play page's BoardView driven by a record: step, jump, a
slider, a clickable move list, autoplay, a seed-by-seed step, and a chart of
the stores. Lichess keys work only while the viewer has the focus. The
current ply is kept in the URL fragment.

The page around it adds: copy a share link or embed code, export the game
(PGN-like, JSON), keep it in the history (only when asked), continue from
here on the play page, and correspondence play (a move, then a link back).
"""

from pyscript import document, window

from kalah.analysis import study_link
from kalah.errors import KalahError
from kalah.history import player_name
from kalah.links import (check_against_held, correspondence_fragment, embed_fragment,
                         error_text, parse_fragment, share_fragment)
from kalah.records import Record
from kalah.rules import NORTH, SIDE_NAMES, SOUTH, SWAP, find_rules, known_names
from kalah.web.common.board_view import BoardView
from kalah.web.common.chart_view import ChartView
from kalah.web.common.dom import Timer, by_id, clear, el, listen, proxy
from kalah.web.common.embed_code import embed_snippet
from kalah.web.common.files import copy_to_clipboard, download

SPEEDS = (("0.5", "Slow"), ("1", "Normal"), ("2", "Fast"), ("4", "Very fast"))
BASE_DELAY_MS = 1200  # one ply at normal speed


def move_label(side, move, captured):
    from kalah.notation import move_text
    return move_text(side, move) + ("+%d" % captured if captured else "")


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
        for _, report, played in record.replay():
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
        self.labels = tuple("%s \u00b7 %s" % (SIDE_NAMES[side], player_name(record, side, seat=False))
                            for side in (SOUTH, NORTH))
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
        text = "Move %d of %d" % (self.ply, self.plies())
        if self.ply > 0:
            report = self.reports[self.ply - 1]
            text = "Turn %d, %s: %s %s" % (self.turn_of[self.ply - 1], text[0].lower() + text[1:],
                                           SIDE_NAMES[report.side],
                                           move_label(report.side, report.move, report.captured))
        if self.ply == self.plies() and self.outcome is not None:
            text += ". " + self.outcome.describe()
        elif self.ply == 0:
            text = "Start (%d moves)" % self.plies()
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
            button.textContent = "Pause" if self.playing else "Play"
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
                item.appendChild(el("span", "%d. %s" % (number + 1, SIDE_NAMES[turn["side"]]), cls="turn-side"))
                for i, move in enumerate(turn["moves"]):
                    if i:
                        item.appendChild(el("span", "-", cls="turn-join", attrs={"aria-hidden": "true"}))
                    ply = turn["first"] + i + 1
                    label = move_label(turn["side"], move, turn["captures"][i])
                    button = el("button", label, cls="move", attrs={
                        "type": "button", "data-ply": ply,
                        "aria-label": "move %d, %s %s%s" % (ply, SIDE_NAMES[turn["side"]], label.split("+")[0],
                                                            ", captures %d" % turn["captures"][i]
                                                            if turn["captures"][i] else "")})
                    item.appendChild(button)
                moves.appendChild(item)
        if self.chart is not None:
            self.chart.render(self.series(), self.ply)

    def series(self):
        south, north = self.rules.stores
        data = [{"name": "%s store" % player_name(self.record, SOUTH), "cls": "south",
                 "values": [s[0][south] for s in self.states]},
                {"name": "%s store" % player_name(self.record, NORTH), "cls": "north",
                 "values": [s[0][north] for s in self.states]}]
        evals = self.record.meta.get("evals")
        if isinstance(evals, list) and len(evals) == len(self.states):
            data.append({"name": "Computer's evaluation (South's margin)", "cls": "eval",
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
    for value, _ in SPEEDS:
        if float(value) == speed:
            return value
    return "1"


def site_base():
    """The site's address (ending in '/') as this page sees it."""
    href = str(window.location.href).split("#")[0]
    return href[:href.rfind("/") + 1]


# -- the replay page -------------------------------------------------------------
class ReplayPage:
    def __init__(self):
        self.viewer = ReplayViewer(by_id("viewer"), on_ply=self.ply_changed, on_house=self.house_chosen)
        self.link = None
        self.written_hash = None
        self.correspondence = None   # {"id", "board", "mover"} while this device may move
        self._wire()

    def message(self, text, problem=False):
        node = by_id("message")
        node.textContent = text
        node.className = "problem" if problem else ""

    def open_hash(self):
        fragment = str(window.location.hash)
        self.written_hash = fragment
        self.correspondence = None
        self.viewer.legal_override = None
        by_id("correspondence").hidden = True
        if fragment in ("", "#"):
            self.show_nothing()
            return
        try:
            link = parse_fragment(fragment)
            if link.local_id is not None:
                link.record = self.local_record(link.local_id)
                if link.ply is not None and link.ply > len(link.record.moves):
                    link.ply = None
        except KalahError as error:
            self.show_nothing()
            self.message("This link cannot be opened: %s." % error_text(error), problem=True)
            return
        self.link = link
        by_id("replay").hidden = False
        by_id("start").hidden = True
        self.viewer.load(link.record, link.ply, link.orientation)
        by_id("keep").hidden = link.local_id is not None  # already in this browser's history
        self.message("")
        if link.is_correspondence:
            self.open_correspondence(link)

    def local_record(self, gid):
        from kalah.web.common import storage
        entry = storage.open_history().get(gid)
        if entry is None:
            raise KalahError("this browser's history has no game %s (it may have been deleted)" % gid)
        return entry.record

    def show_nothing(self):
        self.link = None
        by_id("replay").hidden = True
        by_id("start").hidden = False
        self.message("No game to show yet: open one from the History page, paste a link or a record below, "
                     "or start a game by link with a friend.")

    def ply_changed(self, ply):
        self._update_study_link(ply)
        if self.link is None or self.link.is_correspondence:
            return
        if self.link.local_id is not None:
            fragment = "#l=%s&p=%d" % (self.link.local_id, ply)
            if self.viewer.orientation == NORTH:
                fragment += "&o=n"
        else:
            fragment = "#" + share_fragment(self.viewer.record, ply, self.viewer.orientation)
        if fragment != str(window.location.hash):
            self.written_hash = fragment
            window.history.replaceState(None, "", fragment)
        self._update_continue()

    def _update_study_link(self, ply):
        board = self.viewer.record.board()
        while board.ply() > ply:
            board.pop()
        by_id("study-link").setAttribute("href", "./" + study_link(board))

    def hash_changed(self):
        if str(window.location.hash) != self.written_hash:
            self.open_hash()

    # -- sharing and files ---------------------------------------------------
    def shared_record(self):
        """The record a link carries: without this browser's meta, but with computer players named."""
        record = self.viewer.record
        names = []
        for side, name in ((SOUTH, record.south), (NORTH, record.north)):
            if name is None and player_name(record, side, seat=False).startswith("Computer"):
                name = player_name(record, side, seat=False)
            names.append(name)
        return Record(record.rules, record.moves, names[0], names[1], record.start, record.date, record.forfeit)

    def share_url(self):
        return site_base() + "replay.html#" + share_fragment(self.shared_record(), self.viewer.ply,
                                                             self.viewer.orientation)

    def copy(self, text, what):
        by_id("copied-text").value = text
        by_id("copied-text").select()
        copy_to_clipboard(text)
        self.message("%s copied (it is also in the box below, to copy by hand)." % what)

    def copy_link(self):
        self.copy(self.share_url(), "Link")

    def copy_embed(self):
        record = self.shared_record()
        url = site_base() + "embed.html#" + embed_fragment(record, self.viewer.ply, self.viewer.orientation)
        title = "Kalah game: %s vs %s" % (player_name(record, SOUTH), player_name(record, NORTH))
        self.copy(embed_snippet(url, title), "Embed code")

    def export(self, kind):
        record = self.viewer.record
        if kind == "pgn":
            text, mime, ext = record.to_pgn(), "text/plain", "txt"
        else:
            text, mime, ext = record.to_json(indent=1), "application/json", "json"
        download(text, mime, "kalah-game.%s" % ext)

    def keep(self):
        from kalah.web.common import storage
        record = Record.from_dict(self.viewer.record.to_dict())
        history = storage.open_history()
        try:
            added, _, unchanged = history.merge([_entry(record)], now=storage.now_ms())
        except KalahError as error:  # StorageFull included: nothing was written
            self.message("The game could not be kept: %s. Free space on the History page." % error_text(error),
                         problem=True)
            return
        self.message("The game is in your history now." if added else "Your history already holds this game.")

    # -- continue from here --------------------------------------------------
    def _update_continue(self):
        pits, turn = self.viewer.states[self.viewer.ply]
        by_id("continue").disabled = turn is None

    def continue_from_here(self, opponent):
        """A new game from the shown ply, saved as this tab's game; the play page resumes it."""
        from kalah.web.common import storage
        viewer = self.viewer
        pits, turn = viewer.states[viewer.ply]
        if turn is None:
            self.message("The game is over at this move; choose an earlier one to play on.", problem=True)
            return
        players = ["human", "human"]
        if opponent == "computer":
            players[1 - turn] = "level%s" % by_id("continue-level").value
        record = Record(viewer.record.rules, viewer.record.moves[:viewer.ply], start=viewer.record.start,
                        meta={"south_player": players[0], "north_player": players[1],
                              "continued_from": viewer.record.to_compact()[:300]})
        problem = storage.save_game(record)
        if problem:
            self.message(problem, problem=True)
        window.location.href = "index.html"

    # -- correspondence ------------------------------------------------------
    def open_correspondence(self, link):
        from kalah.web.common import storage
        box = by_id("correspondence")
        box.hidden = False
        entry = storage.open_history().get(link.game_id)
        try:
            fresh = check_against_held(link, entry.record if entry is not None else None)
        except KalahError as error:
            self.message("This link is refused: %s." % error_text(error), problem=True)
            by_id("corr-status").textContent = "Refused; the board shows what the link holds."
            return
        board = link.record.board()
        if board.turn is None:
            by_id("corr-status").textContent = "The game is over: " + board.outcome().describe()
            self.save_correspondence(link.record, link.game_id)
            return
        if not fresh and entry.record.meta.get("me") != board.turn:
            by_id("corr-status").textContent = ("You already hold this position. It is %s's turn: waiting for "
                                                "their link." % SIDE_NAMES[board.turn])
            return
        # Whoever opens a link on their turn plays that side on this device (also after a reload mid-turn).
        self.save_correspondence(link.record, link.game_id, me=board.turn)
        self.begin_turn(link.record, link.game_id)

    def begin_turn(self, record, gid):
        board = record.board()
        self.correspondence = {"id": gid, "board": board, "mover": board.turn, "record": record}
        self.viewer.legal_override = [m for m in board.legal_moves if m]
        self.viewer.orientation = board.turn
        self.viewer.go(self.viewer.plies())
        by_id("corr-swap").hidden = not board.can_swap
        name = seat_name(record, board, board.turn)
        by_id("corr-status").textContent = ("%s (%s) to move: play your move on the board, then send the link "
                                            "that appears." % (name, SIDE_NAMES[board.turn]))
        by_id("corr-link").value = ""
        by_id("corr-copy").disabled = True

    def house_chosen(self, side, house):
        state = self.correspondence
        if state is None:
            return
        board = state["board"]
        if side != board.turn or house not in board.legal_moves:
            self.message("Not a move now: choose one of %s's houses that holds seeds." % SIDE_NAMES[board.turn])
            return
        self.play(house)

    def swap(self):
        """The pie rule: the second player takes over the first player's position."""
        state = self.correspondence
        if state is not None and state["board"].can_swap:
            self.play(SWAP)

    def play(self, move):
        state = self.correspondence
        board = state["board"]
        board.push(move)
        self.message("")
        old = state["record"]
        record = Record(old.rules, board.moves_played(), old.south, old.north, old.start, old.date)
        state["record"] = record
        self.viewer.load(record, None, state["mover"])
        # After the pie rule's swap the players have exchanged seats: this device now plays the other side.
        me = 1 - state["mover"] if move == SWAP else state["mover"]
        self.save_correspondence(record, state["id"], me=me)
        # The address always holds the position on the board, so a reload mid-turn carries on.
        fragment = correspondence_fragment(record, state["id"])
        self.link = parse_fragment(fragment)
        self.written_hash = "#" + fragment
        window.history.replaceState(None, "", "#" + fragment)
        by_id("corr-swap").hidden = True
        if board.turn == me:
            self.viewer.legal_override = [m for m in board.legal_moves if m]
            self.viewer.render()
            by_id("corr-status").textContent = "Extra turn: move again."
            return
        self.viewer.legal_override = None
        self.viewer.render()
        url = site_base() + "replay.html#" + fragment
        self.correspondence = None
        by_id("corr-link").value = url
        by_id("corr-copy").disabled = False
        if board.turn is None:
            by_id("corr-status").textContent = "Game over: %s Send the link so your opponent sees it." % (
                board.outcome().describe())
        else:
            by_id("corr-status").textContent = "Sent? Copy this link to %s; their move comes back as a link." % (
                seat_name(record, board, board.turn))

    def save_correspondence(self, record, gid, me=None):
        """Keep the game under its link id; `me`: the side this device plays."""
        from kalah.web.common import storage
        record.meta["id"] = gid
        record.meta["mode"] = "correspondence"
        if me is not None:
            record.meta["me"] = me
        problem = storage.save_game(record)
        if problem:
            self.message(problem, problem=True)

    def start_by_link(self):
        from kalah.web.common import storage
        try:
            rules = find_rules(by_id("corr-rules").value)
            you = by_id("corr-you").value.strip() or None
            friend = by_id("corr-friend").value.strip() or None
            record = Record(rules.name, [], you, friend)
        except KalahError as error:
            self.message("Cannot start: %s." % error_text(error), problem=True)
            return
        gid = storage.new_game_id()
        by_id("start").hidden = True
        by_id("replay").hidden = False
        by_id("correspondence").hidden = False
        self.viewer.load(record, 0, SOUTH)
        self.link = None
        self.message("")
        self.begin_turn(record, gid)

    # -- opening pasted text -------------------------------------------------
    def open_pasted(self):
        text = str(by_id("paste").value).strip()
        if "#" in text:
            window.location.hash = text[text.index("#"):]
            return
        try:
            from kalah.history_import import read_import
            entries = read_import(text)
        except KalahError as error:
            self.message("Cannot open this: %s." % error_text(error), problem=True)
            return
        window.location.hash = "#" + share_fragment(entries[0].record)

    def _wire(self):
        listen(by_id("copy-link"), "click", lambda e: self.copy_link())
        listen(by_id("copy-embed"), "click", lambda e: self.copy_embed())
        listen(by_id("export-pgn"), "click", lambda e: self.export("pgn"))
        listen(by_id("export-json"), "click", lambda e: self.export("json"))
        listen(by_id("keep"), "click", lambda e: self.keep())
        listen(by_id("continue"), "click", lambda e: self.continue_from_here(by_id("continue-opponent").value))
        listen(by_id("corr-copy"), "click", lambda e: self.copy(by_id("corr-link").value, "Link"))
        listen(by_id("corr-start"), "click", lambda e: self.start_by_link())
        listen(by_id("corr-swap"), "click", lambda e: self.swap())
        listen(by_id("open-paste"), "click", lambda e: self.open_pasted())
        # addEventListener called through pyscript's `window` loses its `this` under MicroPython.
        window.onhashchange = proxy(lambda e: self.hash_changed())
        rules = by_id("corr-rules")
        for name in known_names():
            rules.appendChild(el("option", name, attrs={"value": name}))


def seat_name(record, board, side):
    """Who sits on `side` now: after the pie rule's swap the record's names have exchanged seats."""
    return player_name(record, 1 - side if board.swapped else side)


def _entry(record):
    from kalah.history import Entry
    return Entry(record)


PAGE = None


def main():
    global PAGE
    PAGE = ReplayPage()
    by_id("status").hidden = True
    PAGE.open_hash()
    document.body.dataset.ready = "1"
