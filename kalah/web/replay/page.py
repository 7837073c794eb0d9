"""The replay page (replay.html): share links land here.

The viewer (replay/viewer.py, which the embed shares) shows the game; the
page around it adds: copy a share link or embed code, export the game
(PGN-like, JSON), keep it in the history (only when asked), continue from
here on the play page, and correspondence play (a move, then a link back).
The current ply is kept in the URL fragment.
"""

from pyscript import document, window

from kalah.analysis import study_link
from kalah.errors import KalahError
from kalah.history import player_name
from kalah.links import (check_against_held, correspondence_fragment, embed_fragment,
                         error_text, parse_fragment, share_fragment)
from kalah.records import Record
from kalah.rules import NORTH, SIDE_NAMES, SOUTH, SWAP, find_rules, known_names
from kalah.web.common.dom import by_id, el, listen, proxy, show_message, site_base
from kalah.web.common.embed_code import embed_snippet
from kalah.web.common.files import copy_to_clipboard, download
from kalah.web.replay.viewer import ReplayViewer


class ReplayPage:
    def __init__(self):
        self.viewer = ReplayViewer(by_id("viewer"), on_ply=self.ply_changed, on_house=self.house_chosen)
        self.link = None
        self.written_hash = None
        self.correspondence = None   # {"id", "board", "mover"} while this device may move
        self._wire()

    def message(self, text, problem=False):
        show_message(by_id("message"), text, problem)

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
