"""Saving and resuming the play page's game.

Storage (kalah.web.common.storage, and the history behind it) is one of the
page's later modules (kalah/web/play/later.py): it loads only when there is a
game to resume or a move to save. Until it is here, the game in play waits in
this tab's sessionStorage as a draft (its JSON record), so that a reload in
that second loses no move; once storage is here, the game goes into the
history and the draft is dropped.

    saver = GameSaver()
    saver.save(session)          # after every change
    saver.new_game()             # before another game replaces the one in play
    saver.flush(session)         # once the later modules are here
    session, problem = saver.resume()   # the game this tab was playing
"""

from pyscript import window

from kalah.records.record import Record
from kalah.web.common.dom import by_id
from kalah.web.common.web_storage import DRAFT_KEY, set_item
from kalah.web.play import later
from kalah.web.play.session import GameSession

STORAGE_PREFIX = "kalah."  # every key the site writes starts so (kalah/library/history.py, storage.py)

_storage = None         # kalah.web.common.storage once imported (False: it could not load)


def storage():
    """kalah.web.common.storage once its files are here (kalah/web/play/later.py), else None."""
    global _storage
    if _storage is None and later.loaded():
        try:
            from kalah.web.common import storage as module
            _storage = module
        except ImportError as error:  # the page still plays; saving and resuming need it
            _storage = False
            window.console.warn("storage unavailable: %s" % error)
    return _storage or None


def anything_stored():
    """True when this browser holds a game this tab could resume (checked without Python imports)."""
    try:
        for area in (window.sessionStorage, window.localStorage):
            for i in range(area.length):
                if str(area.key(i)).startswith(STORAGE_PREFIX):
                    return True
    except Exception:  # storage blocked (privacy settings): nothing to resume
        return False
    return False


# -- the draft ------------------------------------------------------------------

def read_draft():
    """The draft's JSON text, or None."""
    try:
        text = window.sessionStorage.getItem(DRAFT_KEY)
    except Exception:  # storage blocked: there is no draft
        return None
    return text if isinstance(text, str) else None


def keep_draft(session):
    """Write the game in play as the draft; a full or blocked sessionStorage keeps none (the
    game on the board is still there, and storage saves it once it is here)."""
    try:
        error = set_item(window.sessionStorage, DRAFT_KEY, session.to_record().to_json())
    except Exception as failure:  # sessionStorage blocked (privacy settings)
        error = str(failure)
    if error:
        window.console.warn("the game could not be kept as a draft: %s" % error)


def drop_draft():
    try:
        window.sessionStorage.removeItem(DRAFT_KEY)
    except Exception:
        pass


class GameSaver:
    def __init__(self):
        self.pending = False    # a change made before storage's files were here
        self.left = []          # games replaced before they were here: their drafts (or None)

    def save(self, session):
        """Keep the game in the history; a game with no move yet is not worth an entry."""
        if not session.has_moves() and "id" not in session.meta:
            drop_draft()          # every move taken back: nothing to resume
            self.pending = False
            return
        if storage() is None:
            keep_draft(session)
            self.pending = later.failure() is None  # saved by flush() once they are here
            return
        try:
            problem = storage().save_game(session.to_record())
        except Exception as error:  # never lose the game on the board over storage
            problem = "The game could not be saved (%s)." % error
        drop_draft()  # the history has it now, or storage keeps it for this tab (a full localStorage)
        by_id("storage-message").textContent = problem or ""

    def new_game(self):
        """Another game replaces the one in play: that one is no longer this tab's to resume (the
        history lists it as abandoned), and a draft of it goes into the history first."""
        draft = read_draft()
        drop_draft()
        self.pending = False
        if storage() is None:
            self.left.append(draft)   # in order, before the new game's first save (flush)
        else:
            storage().forget_tab_game(draft)

    def flush(self, session):
        """What waited for storage's files, in the order it happened."""
        if storage() is None:
            return
        left, self.left = self.left, []
        for draft in left:
            storage().forget_tab_game(draft)
        if self.pending:
            self.pending = False
            self.save(session)

    def resume(self):
        """(GameSession, None) for the game this tab was playing: its draft, else what storage
        resumes; (None, None) when there is none; (None, why) when it could not be resumed.
        Call once storage's files are here (later.load)."""
        draft = read_draft()
        problem = None
        if draft is not None:
            try:
                session = GameSession.from_record(Record.from_json(draft))
                self.pending = True   # not in the history yet: flush() puts it there
                return session, None
            except Exception as error:  # damaged: the history may still hold this tab's game
                drop_draft()
                problem = _not_resumed(error)
        if storage() is None:
            return None, problem
        try:
            record = storage().resume_game()
            if record is not None:
                return GameSession.from_record(record), None
        except Exception as error:  # a damaged record must not stop the page
            return None, _not_resumed(error)
        return None, problem


def _not_resumed(error):
    return "The saved game could not be resumed (%s); a new game starts." % error
