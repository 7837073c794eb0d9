"""The browser's storage for the history, and the two calls the play page makes.

    save_game(record)   after every move (record.meta: "id" is added on the
                        first save; "south_player"/"north_player" as the
                        play page names them; optional "south_name"/
                        "north_name" the people chose); returns None, or a message to show
                        the player when the game could not be written to
                        localStorage (it is then kept for this tab, see below)
    resume_game()       the game this tab was playing before a reload, else
                        the most recent unfinished game, else None

The history itself (schema, migration, merge, statistics) is kalah/library/history.py;
this module only adapts window.localStorage to the dict-like store it takes.

Quota: when localStorage is full, the game in play is kept in this tab's
sessionStorage (its own quota) and in memory, so neither a reload nor the next
move loses it, and the player is told how to make room.

Two tabs: each tab has a writer token in sessionStorage; history.save never
overwrites a game another tab saved unless this record continues it.
"""

from pyscript import window

from kalah.errors import N_, KalahError
from kalah.library.history import FINISHED, UNFINISHED, History, StorageFull
from kalah.records.record import Record
from kalah.web.common.web_storage import DRAFT_KEY, is_quota_error, set_item

TAB_KEY = "kalah.tab"            # sessionStorage: this tab's writer token
TAB_GAME_KEY = "kalah.tab-game"  # sessionStorage: the id of the game this tab plays
UNSAVED_KEY = "kalah.unsaved"    # sessionStorage: the game in play when localStorage was full

QUOTA_MESSAGE = ("Browser storage is full, so this game is kept only in this tab for now "
                 "(a reload keeps it). Delete old games on the History page or export them "
                 "to a file to make room.")


class BrowserStore:
    """A Web Storage area (localStorage, sessionStorage) as the dict-like store of kalah.library.history."""

    def __init__(self, area):
        self.area = area

    def get(self, key, default=None):
        value = self.area.getItem(key)
        return value if isinstance(value, str) else default

    def __getitem__(self, key):
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key):
        return self.get(key) is not None

    def __setitem__(self, key, value):
        error = set_item(self.area, key, value)
        if error:
            if is_quota_error(error):
                raise StorageFull(N_("browser storage is full"))
            raise StorageFull(N_("browser storage refused the write (%(error)s)"), error=error)

    def __delitem__(self, key):
        self.area.removeItem(key)

    def keys(self):
        return [self.area.key(i) for i in range(self.area.length)]


_local = None
_session = None
_memory = {}  # the last game this tab could not store anywhere else


def local_store():
    global _local
    if _local is None:
        _local = BrowserStore(window.localStorage)
    return _local


def session_store():
    global _session
    if _session is None:
        _session = BrowserStore(window.sessionStorage)
    return _session


def open_history():
    take_in_draft()
    return History(local_store())


def take_in_draft():
    """The play page's draft, if this tab left it before storage was here (a page left in its
    first second), goes into the history as this tab's game, so that every page lists it."""
    session = session_store()
    draft = session.get(DRAFT_KEY)
    if draft is None:
        return
    try:
        save_game(Record.from_json(draft))
    except (KalahError, ValueError, TypeError):
        pass  # damaged: nothing to keep
    del session[DRAFT_KEY]


def now_ms():
    return int(window.Date.now())


def new_game_id():
    return "g%s%s" % (base36(now_ms()), base36(int(window.Math.random() * 36 ** 4)))


def base36(number):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while number:
        number, r = divmod(number, 36)
        out = digits[r] + out
    return out or "0"


def iso_now():
    """The local date and time, e.g. '2026-11-22 14:05'."""
    now = window.Date.new()
    return "%04d-%02d-%02d %02d:%02d" % (now.getFullYear(), now.getMonth() + 1, now.getDate(),
                                         now.getHours(), now.getMinutes())


def tab_token():
    """A token naming this tab; kept across reloads of the tab, new in a new tab."""
    session = session_store()
    token = session.get(TAB_KEY)
    if token is None:
        token = "t%d%d" % (now_ms(), int(window.Math.random() * 1000000))
        try:
            session[TAB_KEY] = token
        except StorageFull:
            pass
    return token


def save_game(record, history=None):
    """Save the game in play; None when stored, else a message for the player."""
    session = session_store()
    _stamp(record)
    record.meta.pop("abandoned", None)  # resumed and played on
    try:
        history = history or History(local_store(), load=False)
        history.save(record, now_ms(), tab_token())
    except StorageFull:
        return _keep_in_tab(record)
    _remember_tab_game(record.meta["id"])
    if session.get(UNSAVED_KEY) is not None:
        del session[UNSAVED_KEY]
    _memory.clear()
    return None


def _stamp(record):
    """The game's id and date, once. record.meta is the play page's own dict, so they stick for
    the game's later saves."""
    if "id" not in record.meta:
        record.meta["id"] = new_game_id()
    if "date" not in record.meta:
        record.meta["date"] = iso_now()


def _remember_tab_game(gid):
    try:
        session_store()[TAB_GAME_KEY] = gid
    except StorageFull:
        pass


def _keep_in_tab(record):
    _memory["record"] = record
    text = record.to_json()
    try:
        session_store()[UNSAVED_KEY] = text
        _remember_tab_game(record.meta["id"])
    except StorageFull:
        return ("Browser storage is full and this game is kept only while this page stays open. "
                "Export it (Files) or free space on the History page.")
    return QUOTA_MESSAGE


def resume_game():
    """The unfinished game to resume on this tab's play page, or None."""
    if "record" in _memory:
        return _memory["record"]
    session = session_store()
    unsaved = session.get(UNSAVED_KEY)
    if unsaved is not None:
        try:
            return Record.from_json(unsaved)
        except (KalahError, ValueError, TypeError):
            del session[UNSAVED_KEY]
    history = open_history()
    gid = session.get(TAB_GAME_KEY)
    if gid is not None:
        entry = history.get(gid)
        if entry is not None:
            return entry.record if entry.status != FINISHED else None
    # A new tab: offer the latest unfinished game (history.save keeps tabs from overwriting each other).
    unfinished = history.listing(sort="saved", status=UNFINISHED)
    if unfinished:
        return unfinished[0].record
    return None


def play_in_this_tab(gid):
    """Make a saved game the one this tab's play page resumes (History: Resume)."""
    _remember_tab_game(gid)


def forget_tab_game(draft=None):
    """Called when the player starts a new game: the old one, if unfinished, is marked abandoned
    (the history lists it so, and no tab resumes it on its own) and this tab no longer resumes it.
    `draft` is the old game's JSON record when it had moves but was never saved (they were made
    before the page's storage was here, kalah/web/play/saving.py): it goes into the history,
    abandoned, so that no game played is lost."""
    if draft is not None:
        _keep_abandoned(draft)
    session = session_store()
    gid = session.get(TAB_GAME_KEY)
    if gid is None:
        return
    del session[TAB_GAME_KEY]
    try:
        History(local_store(), load=False).mark_abandoned(gid)
    except KalahError:
        pass  # full or unreadable: the game simply stays listed as unfinished


def _keep_abandoned(draft):
    try:
        record = Record.from_json(draft)
        _stamp(record)
        if record.outcome() is None:
            record.meta["abandoned"] = True
        History(local_store(), load=False).save(record, now_ms(), tab_token())
    except (KalahError, ValueError, TypeError):
        pass  # damaged, or no room: the player has moved on to a new game
