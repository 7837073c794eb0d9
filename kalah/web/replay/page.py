"""The replay page (replay.html): share links land here.

The viewer (replay/viewer.py, which the embed shares) shows the game; the
page around it adds: copy a share link or embed code, export the game
(PGN-like, JSON), keep it in the history (only when asked), continue from
here on the play page, correspondence play (correspondence.py: a move,
then a link back), and the review of the game shown (kalah/web/common/review_panel.py,
the play page's own, computed in the worker).
The current ply is kept in the URL fragment.
"""

from pyscript import window

from kalah.study.analysis_link import study_link
from kalah.errors import KalahError
from kalah.library.fragments import is_link
from kalah.records.identity import player_name
from kalah.library.links import embed_fragment, link_fragment, parse_fragment, share_fragment
from kalah.records import compact, pgn
from kalah.records.record import Record
from kalah.game.rules import NORTH, SOUTH
from kalah.i18n import _, N_, translated
from kalah.web.common import worker_client
from kalah.web.common.dom import bring_into_view, by_id, listen, page_ready, proxy, show_message, site_base
from kalah.web.common.embed_code import embed_snippet
from kalah.web.common.files import copy_to_clipboard, download
from kalah.web.common.review_panel import ReviewPanel
from kalah.web.replay.correspondence import Correspondence
from kalah.web.replay.viewer import ReplayViewer, player_title


class ReplayPage:
    def __init__(self):
        self.viewer = ReplayViewer(by_id("viewer"), on_ply=self.ply_changed,
                                   on_house=lambda side, house: self.correspondence.house_chosen(side, house))
        self.link = None
        self.written_hash = None
        self.correspondence = Correspondence(self.viewer, self.message, self._moved, self._started)
        # Any game shown is reviewed as far as it went; the worker starts only when asked.
        self.review = ReviewPanel(by_id("review"), worker_client.shared(), finished_only=False,
                                  label=N_("Review this game"), intro=N_(
                                      "The computer checks every move against its best: each side's accuracy, "
                                      "the mistakes with the better move, and your own mistakes to replay "
                                      "as puzzles."))
        self._wire()

    def message(self, text, problem=False):
        show_message(by_id("message"), text, problem)

    def open_hash(self):
        """The link's game. A fragment that is no link (the skip link's anchor) leaves the page
        alone; a bad link says why and keeps the game shown, if any."""
        fragment = str(window.location.hash)
        self.written_hash = fragment
        showing = not by_id("replay").hidden
        if not is_link(fragment):
            if not showing:
                self.show_nothing()
            return
        try:
            link = parse_fragment(fragment)
            if link.local_id is not None:
                link.record = self.local_record(link.local_id)
                if link.ply is not None and link.ply > len(link.record.moves):
                    link.ply = None
        except KalahError as error:
            if not showing:
                self.show_nothing()
            cannot = _("This link cannot be opened: %(why)s.") % {"why": translated(error)}
            self.message(cannot + (" " + _("The game shown stays.") if showing else ""), problem=True)
            bring_into_view(by_id("message"))
            return
        self.correspondence.reset()
        self.link = link
        by_id("replay").hidden = False
        by_id("start").hidden = True
        self.viewer.load(link.record, link.ply, link.orientation)
        self._offer_review()
        by_id("keep").hidden = link.local_id is not None  # already in this browser's history
        self.message("")
        if link.is_correspondence:
            self.correspondence.open(link)

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
        self.message(_("No game to show yet: open one from the History page, paste a link or a record below, "
                       "or start a game by link with a friend."))

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

    def _moved(self, fragment):
        self.link = parse_fragment(fragment)
        self.written_hash = "#" + fragment
        window.history.replaceState(None, "", "#" + fragment)
        self._offer_review()

    def _started(self):
        by_id("start").hidden = True
        by_id("replay").hidden = False
        self.link = None
        self.review.offer(None, None)   # a new game by link: no move to review yet

    def _offer_review(self):
        """The game shown, to review. Its players from this browser's meta; a link's game names a
        computer only in its players' names ("Computer (level 3)", shared_record)."""
        record = self.viewer.record
        players = []
        for side in (SOUTH, NORTH):
            player = record.meta.get(("south" if side == SOUTH else "north") + "_player")
            if not isinstance(player, str):
                player = "computer" if player_name(record, side, seat=False).startswith("Computer") else None
            players.append(player)
        self.review.offer(record.board(), players)

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

    def copy(self, text, said):
        """`text` copied, and in the box to copy by hand; `said`: the message saying so."""
        by_id("copied-text").value = text
        by_id("copied-text").select()
        copy_to_clipboard(text)
        self.message(said)

    def copy_link(self):
        self.copy(self.share_url(), _("Link copied (it is also in the box below, to copy by hand)."))

    def copy_embed(self):
        record = self.shared_record()
        url = site_base() + "embed.html#" + embed_fragment(record, self.viewer.ply, self.viewer.orientation)
        title = _("Kalah game: %(south)s vs %(north)s") % {"south": player_title(record, SOUTH, seat=True),
                                                            "north": player_title(record, NORTH, seat=True)}
        self.copy(embed_snippet(url, title), _("Embed code copied (it is also in the box below, to copy by hand)."))

    def export(self, kind):
        record = self.viewer.record
        if kind == "pgn":
            text, mime, ext = pgn.write(record), "text/plain", "txt"
        else:
            text, mime, ext = record.to_json(indent=1), "application/json", "json"
        download(text, mime, "kalah-game.%s" % ext)

    def keep(self):
        from kalah.web.common import storage
        record = Record.from_dict(self.viewer.record.to_dict())
        history = storage.open_history()
        try:
            added, _updated, _unchanged = history.merge([_entry(record)], now=storage.now_ms())
        except KalahError as error:  # StorageFull included: nothing was written
            self.message(_("The game could not be kept: %(why)s. Free space on the History page.") % {
                "why": translated(error)}, problem=True)
            return
        self.message(_("The game is in your history now.") if added else _("Your history already holds this game."))

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
            self.message(_("The game is over at this move; choose an earlier one to play on."), problem=True)
            return
        players = ["human", "human"]
        if opponent == "computer":
            players[1 - turn] = "level%s" % by_id("continue-level").value
        record = Record(viewer.record.rules, viewer.record.moves[:viewer.ply], start=viewer.record.start,
                        meta={"south_player": players[0], "north_player": players[1],
                              "continued_from": compact.write(viewer.record)[:300]})
        problem = storage.save_game(record)
        if problem:
            self.message(problem, problem=True)
        window.location.href = "index.html"

    # -- opening pasted text -------------------------------------------------
    def open_pasted(self):
        text = str(by_id("paste").value).strip()
        try:
            fragment = link_fragment(text)   # a share or embed link, or embed code
            if fragment is not None:
                window.location.hash = "#" + fragment
                return
            from kalah.library.history_import import read_import
            entries = read_import(text)
        except KalahError as error:
            self.message(_("Cannot open this: %(why)s.") % {"why": translated(error)}, problem=True)
            return
        window.location.hash = "#" + share_fragment(entries[0].record)

    def _wire(self):
        listen(by_id("copy-link"), "click", lambda e: self.copy_link())
        listen(by_id("copy-embed"), "click", lambda e: self.copy_embed())
        listen(by_id("export-pgn"), "click", lambda e: self.export("pgn"))
        listen(by_id("export-json"), "click", lambda e: self.export("json"))
        listen(by_id("keep"), "click", lambda e: self.keep())
        listen(by_id("continue"), "click", lambda e: self.continue_from_here(by_id("continue-opponent").value))
        listen(by_id("corr-copy"), "click", lambda e: self.copy(
            by_id("corr-link").value, _("Link copied (it is also in the box below, to copy by hand).")))
        listen(by_id("open-paste"), "click", lambda e: self.open_pasted())
        # addEventListener called through pyscript's `window` loses its `this` under MicroPython.
        window.onhashchange = proxy(lambda e: self.hash_changed())


def _entry(record):
    from kalah.library.history import Entry
    return Entry(record)


PAGE = None


def main():
    global PAGE
    PAGE = ReplayPage()
    PAGE.open_hash()
    page_ready()
