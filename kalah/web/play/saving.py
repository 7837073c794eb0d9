"""Saving and resuming the play page's game.

Storage (kalah.web.common.storage, and the history and records behind it) is one
of the page's later modules (kalah/web/play/later.py): it loads only when there
is a game to resume or a move to save. A move made before it is here is saved
as soon as it is.

    saver = GameSaver()
    saver.save(session)          # after every change
    saver.flush(session)         # once the later modules are here
    session, problem = resumed() # the game this tab was playing
"""

from pyscript import window

from kalah.web.common.dom import by_id
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


def resumed():
    """(GameSession, None) for the game this tab was playing, (None, None) when there is none,
    (None, why) when it could not be resumed. Storage's files must be here (later.load)."""
    if storage() is None:
        return None, None
    try:
        record = storage().resume_game()
        if record is not None:
            return GameSession.from_record(record), None
    except Exception as error:  # a damaged record must not stop the page
        return None, "The saved game could not be resumed (%s); a new game starts." % error
    return None, None


def forget_tab_game():
    if anything_stored():
        later.load(lambda: storage() and storage().forget_tab_game())


class GameSaver:
    def __init__(self):
        self.pending = False    # a move made before storage's files were here

    def save(self, session):
        """Keep the game in the history; a game with no move yet is not worth an entry."""
        if not session.has_moves() and "id" not in session.meta:
            return
        if not later.loaded() and later.failure() is None:
            self.pending = True  # saved as soon as storage's files are here
            return
        if storage() is None:
            return
        try:
            problem = storage().save_game(session.to_record())
        except Exception as error:  # never lose the game on the board over storage
            problem = "The game could not be saved (%s)." % error
        by_id("storage-message").textContent = problem or ""

    def flush(self, session):
        if self.pending:
            self.pending = False
            self.save(session)
