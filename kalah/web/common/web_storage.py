"""Writing to a Web Storage area (localStorage, sessionStorage) without a JS exception.

A JS exception thrown inside setItem does not cross into MicroPython as a Python exception we
can inspect (touching it fails again), so the write runs in a tiny JS function that returns the
error's name instead of throwing. Apart from kalah/web/common/storage.py (the history's store,
one of the play page's later modules) so that the play page can keep its game in sessionStorage
before those modules are here (kalah/web/play/saving.py).

    error = set_item(window.sessionStorage, "kalah.draft", text)   # '' once written
    is_quota_error(error)                                          # full, rather than refused
"""

from pyscript import window

# sessionStorage: the play page's game while its storage is not here to save it, as a JSON record
# (kalah/web/play/saving.py writes it; storage.py takes it into the history wherever it loads).
DRAFT_KEY = "kalah.draft"

_set_item = None


def set_item(area, key, value):
    """area.setItem(key, value); '' when written, else the name of the error it threw."""
    global _set_item
    if _set_item is None:
        _set_item = window.Function.new(
            "area", "key", "value",
            "try { area.setItem(key, value); return ''; } catch (e) { return String(e && e.name || e); }")
    return _set_item(area, key, value)


def is_quota_error(name):
    return "Quota" in name or "quota" in name or "NS_ERROR_DOM_QUOTA" in name
