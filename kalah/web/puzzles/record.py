"""The player's puzzle record in localStorage (PROGRESS_KEY; its form: kalah.study.puzzles.Progress)."""

from kalah.i18n import N_, ngettext
from kalah.web.common import storage
from kalah.web.common.dom import by_id

PROGRESS_KEY = "kalah.puzzles"
NOT_SAVED = N_("Your puzzle record could not be saved in this browser (its storage is full or blocked); "
              "it is kept while this page is open.")


def open_store():
    """(localStorage as a store, the saved record's text); (None, None) where the browser blocks
    storage (a course page's frame on another site, say): the page then keeps the record in memory."""
    try:
        store = storage.local_store()
        return store, store.get(PROGRESS_KEY)
    except Exception:   # a SecurityError from JS: there is nothing to read
        return None, None


def save(store, progress):
    """Save the record; False when it could not be (it lives on in this tab)."""
    try:
        if store is None:
            raise storage.StorageFull("no storage")
        store[PROGRESS_KEY] = progress.to_text()
        return True
    except storage.StorageFull:
        return False


def draw_record(progress):
    results = progress.results
    solved = len([v for v in results.values() if v])
    tried = len(results)
    by_id("record").textContent = ngettext(
        "Rating %(rating)d · streak %(streak)d (best %(best)d) · solved %(solved)d of %(tried)d tried",
        "Rating %(rating)d · streak %(streak)d (best %(best)d) · solved %(solved)d of %(tried)d tried", tried) % {
        "rating": progress.rating, "streak": progress.streak, "best": progress.best, "solved": solved, "tried": tried}
