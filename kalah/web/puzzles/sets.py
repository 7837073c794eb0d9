"""The shipped puzzle sets, fetched once each: `PuzzleSets().load(name, then, fail)` calls
`then(PuzzleSet)` or `fail(message)` (a set that failed keeps its message: it is not fetched
again until a reload)."""

from pyscript import window

from kalah.errors import KalahError
from kalah.i18n import _, translated
from kalah.study import puzzles
from kalah.web.common.dom import by_id, proxy


class PuzzleSets:
    def __init__(self):
        self.sets = {}          # rules name -> PuzzleSet, or a message why it could not load

    def loaded(self, name):
        """The rule set's PuzzleSet if it loaded, else None."""
        found = self.sets.get(name)
        return None if found is None or isinstance(found, str) else found

    def load(self, name, then, fail, wanted=lambda: True):
        """then(PuzzleSet) or fail(message why not): at once for a set fetched before; for one
        fetched now, only if wanted() still holds when it comes (another rule set may have been
        chosen meanwhile: the set is kept, and that choice's own load answers)."""
        found = self.sets.get(name)
        if found is None:
            self._fetch(name, lambda: self.load(name, then, fail) if wanted() else None)
        elif isinstance(found, str):
            fail(found)
        else:
            by_id("status").hidden = True   # "Loading the puzzles…"
            then(found)

    def _fetch(self, name, done):
        """Fetch the rule set's puzzles into self.sets (the set, or a message), then done()."""
        by_id("status").textContent = _("Loading the puzzles…")
        by_id("status").hidden = False
        url = "static/data/" + puzzles.file_name(name)

        def failed(*ignored):   # not `*_`: that would hide the translating `_` below
            self.sets[name] = _("The %(rules)s puzzles could not be loaded (%(file)s). Check the connection and "
                                "reload.") % {"rules": name, "file": url}
            done()

        def got_text(text):
            try:
                self.sets[name] = puzzles.PuzzleSet(str(text), url)
            except KalahError as error:
                self.sets[name] = _("The %(rules)s puzzles are damaged: %(reason)s") % {"rules": name, "reason": translated(error)}
            done()

        def got_response(response):
            if not response.ok:
                failed()
                return
            response.text().then(proxy(got_text), proxy(failed))

        window.fetch(url).then(proxy(got_response), proxy(failed))
