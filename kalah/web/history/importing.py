"""The history page's import: a pasted text, a chosen file or a dropped one, read into the
history a slice at a time (kalah.library.history_import.ImportJob), with its progress shown.

    importer = Importer(history, say, draw_summary, draw_games, draw)
    # history(): the page's History; say(text, problem): the message line;
    # draw_summary(), draw_games(), draw(): the page's summary, its table, both
"""

from pyscript import document, window

from kalah.errors import KalahError
from kalah.i18n import _, translated
from kalah.library.history import StorageFull
from kalah.library.history_import import ImportJob
from kalah.input_guards import BYTES, MAX_IMPORT, too_long
from kalah.web.common import storage
from kalah.web.common.dom import Timer, by_id, listen, proxy

SLICE_MS = 12  # work per browser task: well under the 50 ms that counts as a long task


def clock_ms():
    return window.performance.now()


def progress_text(job):
    """Where an ImportJob stands, in the page's language (ImportJob.progress_text is English)."""
    if job.phase == "reading":
        if not job.read[1]:
            return _("Reading the file\u2026")
        return _("Reading the games: %(done)d of %(count)d\u2026") % {"done": job.read[0], "count": job.read[1]}
    return _("Adding the games to your history: %(done)d of %(count)d\u2026") % {
        "done": sum(job.merged), "count": len(job.entries)}


class Importer:
    def __init__(self, history, say, draw_summary, draw_games, draw):
        self._history = history
        self._say = say
        self._draw_summary = draw_summary
        self._draw_games = draw_games
        self._draw = draw
        self.job = None      # the ImportJob under way, and where its text came from
        self.job_source = ""
        self.job_done = None
        self.job_summarized = False  # the import's summary (ranking, rule sets) is drawn
        self.job_timer = Timer(self._slice)
        listen(by_id("import-paste"), "click", lambda e: self.paste())
        listen(by_id("import-file"), "change", self.file_chosen)
        drop = by_id("drop")
        listen(drop, "dragover", self._drag_over)
        listen(drop, "dragleave", lambda e: drop.classList.remove("over"))
        listen(drop, "drop", self.dropped)

    def import_text(self, text, source, on_done=None, started=None):
        """Start importing `text`; it goes on in slices (_slice). on_done() after a success.

        `started`: when this task began (clock_ms), if taking the text in took part of it."""
        if started is None:
            started = clock_ms()
        if self.job is not None:
            self._say(_("Wait for the import from %(source)s to finish first.") % {"source": self.job_source},
                      problem=True)
            return
        self.job = ImportJob(self._history(), text, now=storage.now_ms())
        self.job_source = source
        self.job_done = on_done
        self.job_summarized = False
        document.body.setAttribute("data-import", "running")
        self._say(_("Importing from %(source)s\u2026") % {"source": source})
        by_id("import-progress").hidden = False
        self._slice(started)

    def _slice(self, started=None):
        """Go on with the import until SLICE_MS have passed since `started` (this task's start), then
        in the next task: reading and merging, then drawing the page, which is two passes over every
        game (the summary: ranking, rule sets; the table: sorting, first rows). A small import ends
        in the task that started it."""
        if started is None:
            started = clock_ms()
        job = self.job
        if job.counts is None:
            budget = SLICE_MS - (clock_ms() - started)
            try:
                finished = budget > 0 and job.run(clock_ms, budget)
            except StorageFull as error:
                self._ended("failed")
                self._draw()
                self._say(_("Import stopped: %(reason)s. Delete or export old games to make room.") % {
                    "reason": translated(error)}, problem=True)
                return
            except KalahError as error:
                self._ended("failed")
                self._say(_("Nothing was imported from %(source)s: %(reason)s. Your history is unchanged.") % {
                    "source": self.job_source, "reason": translated(error)}, problem=True)
                return
            if not finished:
                progress = by_id("import-progress")
                done, total = job.progress()
                progress.max = max(1, total)
                progress.value = done
                by_id("import-step").textContent = progress_text(job)
                self.job_timer.start(0)
                return
        if not self.job_summarized:
            if clock_ms() - started >= SLICE_MS:
                self.job_timer.start(0)
                return
            self._draw_summary()
            self.job_summarized = True
        if clock_ms() - started >= SLICE_MS:
            self.job_timer.start(0)
            return
        added, updated, unchanged = job.counts
        source, on_done = self.job_source, self.job_done
        self._draw_games()
        self._ended("done")
        self._say(_("Imported from %(source)s: %(added)d new, %(updated)d updated, %(unchanged)d already here.") % {
            "source": source, "added": added, "updated": updated, "unchanged": unchanged})
        if on_done is not None:
            on_done()

    def _ended(self, state):
        self.job = None
        by_id("import-progress").hidden = True
        by_id("import-step").textContent = ""
        document.body.setAttribute("data-import", state)

    def paste(self):
        def clear_paste():
            by_id("paste").value = ""
        started = clock_ms()
        self.import_text(str(by_id("paste").value), _("the pasted text"), clear_paste, started)

    def read_file(self, file):
        name = str(file.name)
        if file.size > MAX_IMPORT:  # bytes: at least as many characters
            self._say(_("Nothing was imported: %(reason)s.") % {
                "reason": translated(too_long(name, int(file.size), MAX_IMPORT, BYTES))}, problem=True)
            return
        reader = window.FileReader.new()

        def loaded(event):
            started = clock_ms()
            result = reader.result  # a large file's text takes 15-30 ms to come into Python
            self.import_text(result if isinstance(result, str) else "", name, started=started)
        reader.onload = proxy(loaded)
        reader.onerror = proxy(lambda event: self._say(_("Could not read %(file)s.") % {"file": name}, problem=True))
        reader.readAsText(file)

    def file_chosen(self, event):
        files = event.target.files
        if files.length:
            self.read_file(files.item(0))
        event.target.value = ""

    def dropped(self, event):
        event.preventDefault()
        by_id("drop").classList.remove("over")
        files = event.dataTransfer.files
        if files.length:
            self.read_file(files.item(0))
            return
        started = clock_ms()
        text = event.dataTransfer.getData("text")
        if isinstance(text, str) and text:
            self.import_text(text, _("the dropped text"), started=started)

    def _drag_over(self, event):
        event.preventDefault()
        by_id("drop").classList.add("over")
