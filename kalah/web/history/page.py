"""The history page (history.html): every saved game, statistics, export and import.

The model is kalah/history.py; this module only draws it. Names, dates and
anything else read from storage or a file go in as text only.

Long work is done in slices of about SLICE_MS, each in its own browser task,
so that the page never holds the browser for long: an import reads and
merges a few games per slice (kalah.history_import.ImportJob) and shows its
progress, and the table of games is drawn a slice of rows at a time.
"""

from pyscript import document, window

from kalah.analysis import study_link
from kalah.errors import KalahError
from kalah.history import FINISHED, StorageFull, error_text
from kalah.history_import import ImportJob
from kalah.input_guards import MAX_IMPORT, too_long
from kalah.web.common import storage
from kalah.web.common.dom import Timer, by_id, clear, el, listen, proxy, show_message
from kalah.web.common.files import download

SLICE_MS = 12  # work per browser task: well under the 50 ms that counts as a long task
FIRST_ROWS = 25  # rows drawn at once with the rest of the page: a screenful

COLUMNS = (("date", "Date"), ("rules", "Rule set"), ("players", "Players"), ("result", "Result"),
           ("moves", "Moves"))


class HistoryPage:
    def __init__(self):
        self.history = storage.open_history()
        self.sort = "date"
        self.descending = True
        self.deleted = None  # the last deleted Entry, for undo
        self.job = None      # the ImportJob under way, and where its text came from
        self.job_source = ""
        self.job_summarized = False  # the import's summary (ranking, rule sets) is drawn
        self.job_timer = Timer(self._import_slice)
        self.rows = []       # the rows to draw, and how many are drawn
        self.rows_drawn = 0
        self.rows_timer = Timer(self._draw_rows)
        self._wire()

    def say(self, text, problem=False):
        show_message(by_id("message"), text, problem)

    # -- drawing -------------------------------------------------------------
    def render(self):
        """Draw the page: its summary, then the table (the first rows at once, the rest in slices)."""
        self._render_summary()
        self._render_games()

    def _render_summary(self):
        """Everything but the table of games: the rule sets to filter by, problems, ranking."""
        self._fill_rules_filter()
        self._render_problems()
        self._render_ranking()

    def _render_games(self):
        start = clock_ms()
        rows = self.history.listing(sort=self.sort, descending=self.descending,
                                    player=by_id("filter-player").value,
                                    rules=by_id("filter-rules").value, status=by_id("filter-status").value)
        clear(by_id("games-body"))
        self.rows = rows
        self.rows_drawn = 0
        self._draw_rows(start)
        total = len(self.history.entries)
        by_id("count").textContent = ("No games saved yet: play one on the Play page." if not total else
                                      "%d of %d saved games shown." % (len(rows), total))
        for key, _ in COLUMNS:
            th = by_id("col-" + key)
            th.setAttribute("aria-sort", ("descending" if self.descending else "ascending")
                            if key == self.sort else "none")

    def _draw_rows(self, start=None):
        """Append rows until a slice of time has passed since `start`, then go on in the next task.

        The first FIRST_ROWS rows (a screenful) are drawn at once, however long that takes."""
        if start is None:
            start = clock_ms()
        body = by_id("games-body")
        while self.rows_drawn < len(self.rows):
            body.appendChild(self._row(self.rows[self.rows_drawn]))
            self.rows_drawn += 1
            if (self.rows_drawn >= FIRST_ROWS and clock_ms() - start >= SLICE_MS
                    and self.rows_drawn < len(self.rows)):
                self.rows_timer.start(0)
                return
        self.rows_timer.stop()

    def _row(self, entry):
        row = el("tr")
        row.appendChild(el("td", entry.date or "\u2014", attrs={"data-label": "Date"}))
        row.appendChild(el("td", entry.rules, attrs={"data-label": "Rule set"}))
        row.appendChild(el("td", "%s \u2013 %s" % (entry.south, entry.north), attrs={"data-label": "Players"}))
        row.appendChild(el("td", entry.result_text(), attrs={"data-label": "Result"}))
        row.appendChild(el("td", str(entry.moves), cls="num", attrs={"data-label": "Moves"}))
        actions = el("td", cls="actions")
        open_link = el("a", "Open", attrs={"href": "replay.html#l=%s" % entry.id,
                                           "aria-label": "Open the game %s \u2013 %s in the viewer" % (
                                               entry.south, entry.north)})
        actions.appendChild(open_link)
        actions.appendChild(document.createTextNode(" "))
        actions.appendChild(el("button", "Study", attrs={
            "type": "button", "data-study": entry.id,
            "aria-label": "Study the last position of %s \u2013 %s on the analysis board" % (entry.south, entry.north)}))
        if entry.status != FINISHED:
            actions.appendChild(el("button", "Resume", attrs={
                "type": "button", "data-resume": entry.id,
                "aria-label": "Resume the game %s \u2013 %s on the Play page" % (entry.south, entry.north)}))
        delete = el("button", "Delete", attrs={"type": "button", "data-delete": entry.id,
                                               "aria-label": "Delete the game %s \u2013 %s" % (entry.south, entry.north)})
        actions.appendChild(delete)
        row.appendChild(actions)
        return row

    def _fill_rules_filter(self):
        select = by_id("filter-rules")
        chosen = select.value
        clear(select)
        select.appendChild(el("option", "All rule sets", attrs={"value": ""}))
        for name in self.history.rule_sets():
            option = el("option", name, attrs={"value": name})
            select.appendChild(option)
        select.value = chosen if chosen in self.history.rule_sets() else ""

    def _render_problems(self):
        box = by_id("problems")
        clear(box)
        by_id("problems-box").hidden = not self.history.problems
        for key, message in self.history.problems:
            item = el("li", message + " ")
            item.appendChild(el("button", "Discard it", attrs={"type": "button", "data-discard": key}))
            box.appendChild(item)

    def _render_ranking(self):
        body = by_id("ranking-body")
        clear(body)
        for place, stats in enumerate(self.history.ranking()):
            row = el("tr")
            row.appendChild(el("td", str(place + 1), cls="num"))
            row.appendChild(el("td", stats.name))
            for value in (stats.games, stats.wins, stats.draws, stats.losses):
                row.appendChild(el("td", str(value), cls="num"))
            row.appendChild(el("td", stats.ratio_text(), cls="num"))
            body.appendChild(row)
        by_id("ranking-empty").hidden = bool(self.history.ranking())

    # -- actions -------------------------------------------------------------
    def sort_by(self, key):
        if key == self.sort:
            self.descending = not self.descending
        else:
            self.sort, self.descending = key, key in ("date", "moves")
        self.render()

    def study(self, gid):
        """Open the game's last position (before the move that ended it) on the analysis board."""
        entry = self.history.get(gid)
        try:
            window.location.href = study_link(entry.record.board())
        except (KalahError, AttributeError) as error:
            self.say("This game cannot be opened on the analysis board: %s" % error)

    def clicked(self, event):
        target = event.target
        gid = target.getAttribute("data-delete") if target.getAttribute else None
        if isinstance(gid, str) and gid:
            entry = self.history.delete(gid)
            self.deleted = entry
            by_id("undo").hidden = False
            self.render()
            self.say("Deleted the game %s \u2013 %s. Undo brings it back." % (entry.south, entry.north))
            by_id("undo").focus()
            return
        gid = target.getAttribute("data-study") if target.getAttribute else None
        if isinstance(gid, str) and gid:
            self.study(gid)
            return
        gid = target.getAttribute("data-resume") if target.getAttribute else None
        if isinstance(gid, str) and gid:
            storage.play_in_this_tab(gid)
            window.location.href = "index.html"
            return
        key = target.getAttribute("data-discard") if target.getAttribute else None
        if isinstance(key, str) and key:
            self.history.discard_problem(key)
            self.render()
            self.say("The unreadable entry was discarded.")
        sort = target.getAttribute("data-sort") if target.getAttribute else None
        if isinstance(sort, str) and sort:
            self.sort_by(sort)

    def undo(self):
        if self.deleted is None:
            return
        try:
            self.history.restore(self.deleted)
        except KalahError as error:
            self.say("Could not bring the game back: %s." % error_text(error), problem=True)
            return
        self.say("The game is back.")
        self.deleted = None
        by_id("undo").hidden = True
        self.render()

    def export(self):
        download(self.history.export_json(), "application/json", "kalah-history.json")
        self.say("Exported %d games to kalah-history.json." % len(self.history.entries))

    def import_text(self, text, source, on_done=None, started=None):
        """Start importing `text`; it goes on in slices (_import_slice). on_done() after a success.

        `started`: when this task began (clock_ms), if taking the text in took part of it."""
        if started is None:
            started = clock_ms()
        if self.job is not None:
            self.say("Wait for the import from %s to finish first." % self.job_source, problem=True)
            return
        self.job = ImportJob(self.history, text, now=storage.now_ms())
        self.job_source = source
        self.job_done = on_done
        self.job_summarized = False
        document.body.setAttribute("data-import", "running")
        self.say("Importing from %s\u2026" % source)
        by_id("import-progress").hidden = False
        self._import_slice(started)

    def _import_slice(self, started=None):
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
                self._import_ended("failed")
                self.render()
                self.say("Import stopped: %s. Delete or export old games to make room." % error_text(error),
                         problem=True)
                return
            except KalahError as error:
                self._import_ended("failed")
                self.say("Nothing was imported from %s: %s. Your history is unchanged." % (
                    self.job_source, error_text(error)), problem=True)
                return
            if not finished:
                progress = by_id("import-progress")
                done, total = job.progress()
                progress.max = max(1, total)
                progress.value = done
                by_id("import-step").textContent = job.progress_text()
                self.job_timer.start(0)
                return
        if not self.job_summarized:
            if clock_ms() - started >= SLICE_MS:
                self.job_timer.start(0)
                return
            self._render_summary()
            self.job_summarized = True
        if clock_ms() - started >= SLICE_MS:
            self.job_timer.start(0)
            return
        added, updated, unchanged = job.counts
        source, on_done = self.job_source, self.job_done
        self._render_games()
        self._import_ended("done")
        self.say("Imported from %s: %d new, %d updated, %d already here." % (source, added, updated, unchanged))
        if on_done is not None:
            on_done()

    def _import_ended(self, state):
        self.job = None
        by_id("import-progress").hidden = True
        by_id("import-step").textContent = ""
        document.body.setAttribute("data-import", state)

    def paste(self):
        def clear_paste():
            by_id("paste").value = ""
        started = clock_ms()
        self.import_text(str(by_id("paste").value), "the pasted text", clear_paste, started)

    def read_file(self, file):
        name = str(file.name)
        if file.size > MAX_IMPORT:  # bytes: at least as many characters
            self.say("Nothing was imported: %s." % too_long(name, int(file.size), MAX_IMPORT, "bytes"),
                     problem=True)
            return
        reader = window.FileReader.new()

        def loaded(event):
            started = clock_ms()
            result = reader.result  # a large file's text takes 15-30 ms to come into Python
            self.import_text(result if isinstance(result, str) else "", name, started=started)
        reader.onload = proxy(loaded)
        reader.onerror = proxy(lambda event: self.say("Could not read %s." % name, problem=True))
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
            self.import_text(text, "the dropped text", started=started)

    def _wire(self):
        listen(by_id("games"), "click", self.clicked)
        listen(by_id("problems"), "click", self.clicked)
        listen(by_id("undo"), "click", lambda e: self.undo())
        listen(by_id("export"), "click", lambda e: self.export())
        listen(by_id("import-paste"), "click", lambda e: self.paste())
        listen(by_id("import-file"), "change", self.file_chosen)
        for name in ("filter-player", "filter-rules", "filter-status"):
            listen(by_id(name), "input", lambda e: self.render())
        drop = by_id("drop")
        listen(drop, "dragover", self._drag_over)
        listen(drop, "dragleave", lambda e: drop.classList.remove("over"))
        listen(drop, "drop", self.dropped)

    def _drag_over(self, event):
        event.preventDefault()
        by_id("drop").classList.add("over")


def clock_ms():
    return window.performance.now()


PAGE = None


def main():
    global PAGE
    PAGE = HistoryPage()
    by_id("status").hidden = True
    PAGE.render()
    document.body.dataset.ready = "1"
