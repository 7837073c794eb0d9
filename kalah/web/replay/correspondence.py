"""Correspondence play on the replay page: a move on the board, then a link to send; the
friend's move comes back as a link. Whoever opens a link on their turn plays that side on
this device; the game is kept under its link id.

    corr = Correspondence(viewer, say, on_moved, on_started)
    # viewer: the page's ReplayViewer; say(text, problem=False): the message line;
    # on_moved(fragment): the address to hold now (the position on the board);
    # on_started(): a new game by link begins (the page shows the viewer)
"""

from kalah.errors import KalahError
from kalah.game.narration import outcome_text
from kalah.i18n import _, side_word, translated
from kalah.library.links import check_against_held, correspondence_fragment
from kalah.records.record import Record
from kalah.game.rules import SOUTH, SWAP, find_rules, known_names
from kalah.web.common.dom import by_id, el, listen, site_base
from kalah.web.replay.viewer import player_title


def seat_name(record, board, side):
    """Who sits on `side` now: after the pie rule's swap the record's names have exchanged seats."""
    return player_title(record, 1 - side if board.swapped else side, seat=True)


class Correspondence:
    def __init__(self, viewer, say, on_moved, on_started):
        self.viewer = viewer
        self._say = say
        self._on_moved = on_moved
        self._on_started = on_started
        self.state = None   # {"id", "board", "mover", "record"} while this device may move
        listen(by_id("corr-start"), "click", lambda e: self.start_by_link())
        listen(by_id("corr-swap"), "click", lambda e: self.swap())
        rules = by_id("corr-rules")
        for name in known_names():
            rules.appendChild(el("option", name, attrs={"value": name}))

    def reset(self):
        self.state = None
        self.viewer.legal_override = None
        by_id("correspondence").hidden = True

    def open(self, link):
        from kalah.web.common import storage
        box = by_id("correspondence")
        box.hidden = False
        entry = storage.open_history().get(link.game_id)
        try:
            fresh = check_against_held(link, entry.record if entry is not None else None)
        except KalahError as error:
            self._say(_("This link is refused: %(why)s.") % {"why": translated(error)}, problem=True)
            by_id("corr-status").textContent = _("Refused; the board shows what the link holds.")
            return
        board = link.record.board()
        if board.turn is None:
            by_id("corr-status").textContent = _("The game is over: %(result)s") % {
                "result": outcome_text(board.outcome())}
            self.save(link.record, link.game_id)
            return
        if not fresh and entry.record.meta.get("me") != board.turn:
            by_id("corr-status").textContent = _("You already hold this position. It is %(side)s's turn: waiting "
                                                 "for their link.") % {"side": side_word(board.turn)}
            return
        # Whoever opens a link on their turn plays that side on this device (also after a reload mid-turn).
        self.save(link.record, link.game_id, me=board.turn)
        self.begin_turn(link.record, link.game_id)

    def begin_turn(self, record, gid):
        board = record.board()
        self.state = {"id": gid, "board": board, "mover": board.turn, "record": record}
        self.viewer.legal_override = [m for m in board.legal_moves if m]
        self.viewer.orientation = board.turn
        self.viewer.go(self.viewer.plies())
        by_id("corr-swap").hidden = not board.can_swap
        name = seat_name(record, board, board.turn)
        by_id("corr-status").textContent = _("%(player)s (%(side)s) to move: play your move on the board, then "
                                             "send the link that appears.") % {"player": name,
                                                                               "side": side_word(board.turn)}
        by_id("corr-link").value = ""
        by_id("corr-copy").disabled = True

    def house_chosen(self, side, house):
        state = self.state
        if state is None:
            return
        board = state["board"]
        if side != board.turn or house not in board.legal_moves:
            self._say(_("Not a move now: choose one of %(side)s's houses that holds seeds.") % {
                "side": side_word(board.turn)})
            return
        self.play(house)

    def swap(self):
        """The pie rule: the second player takes over the first player's position."""
        state = self.state
        if state is not None and state["board"].can_swap:
            self.play(SWAP)

    def play(self, move):
        state = self.state
        board = state["board"]
        board.push(move)
        self._say("")
        old = state["record"]
        record = Record(old.rules, board.moves_played(), old.south, old.north, old.start, old.date)
        state["record"] = record
        self.viewer.load(record, None, state["mover"])
        # After the pie rule's swap the players have exchanged seats: this device now plays the other side.
        me = 1 - state["mover"] if move == SWAP else state["mover"]
        self.save(record, state["id"], me=me)
        # The address always holds the position on the board, so a reload mid-turn carries on.
        fragment = correspondence_fragment(record, state["id"])
        self._on_moved(fragment)
        by_id("corr-swap").hidden = True
        if board.turn == me:
            self.viewer.legal_override = [m for m in board.legal_moves if m]
            self.viewer.render()
            by_id("corr-status").textContent = _("Extra turn: move again.")
            return
        self.viewer.legal_override = None
        self.viewer.render()
        url = site_base() + "replay.html#" + fragment
        self.state = None
        by_id("corr-link").value = url
        by_id("corr-copy").disabled = False
        if board.turn is None:
            by_id("corr-status").textContent = _("Game over: %(result)s Send the link so your opponent sees it.") % {
                "result": outcome_text(board.outcome())}
        else:
            by_id("corr-status").textContent = _("Sent? Copy this link to %(player)s; their move comes back as a "
                                                 "link.") % {"player": seat_name(record, board, board.turn)}

    def save(self, record, gid, me=None):
        """Keep the game under its link id; `me`: the side this device plays."""
        from kalah.web.common import storage
        record.meta["id"] = gid
        record.meta["mode"] = "correspondence"
        if me is not None:
            record.meta["me"] = me
        problem = storage.save_game(record)
        if problem:
            self._say(problem, problem=True)

    def start_by_link(self):
        from kalah.web.common import storage
        try:
            rules = find_rules(by_id("corr-rules").value)
            you = by_id("corr-you").value.strip() or None
            friend = by_id("corr-friend").value.strip() or None
            record = Record(rules.name, [], you, friend)
        except KalahError as error:
            self._say(_("Cannot start: %(why)s.") % {"why": translated(error)}, problem=True)
            return
        gid = storage.new_game_id()
        self._on_started()
        by_id("correspondence").hidden = False
        self.viewer.load(record, 0, SOUTH)
        self._say("")
        self.begin_turn(record, gid)
