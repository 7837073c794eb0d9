"""The history page (history.html): every saved game, statistics, export and import.

The model is kalah/library/history.py; this module only draws it. Names, dates and
anything else read from storage or a file go in as text only.

Long work is done in slices of about SLICE_MS, each in its own browser task,
so that the page never holds the browser for long: an import reads and
merges a few games per slice (importing.py, kalah.library.history_import.ImportJob)
and shows its progress, and the table of games is drawn a slice of rows at
a time. After the first drawing, the stored summaries (what the ranking and
the table are drawn from) are checked against their games' moves in slices
too (History.check_summaries): a summary that lies is corrected, said in the
problems box, and the page drawn again.
"""

from pyscript import document, window

from kalah.study.analysis_link import study_link
from kalah.errors import KalahError
from kalah.i18n import N_, _, ngettext, translated
from kalah.library.history import FINISHED, NOTE_PREFIX
from kalah.web.common import storage
from kalah.web.common.dom import Timer, by_id, clear, el, listen, page_ready, show_message
from kalah.web.common.files import download
from kalah.web.history.importing import SLICE_MS, Importer, clock_ms

FIRST_ROWS = 25  # rows drawn at once with the rest of the page: a screenful
CHECKS_PER_CALL = 2  # games replayed per check_summaries call: about 5 ms each under MicroPython

COLUMNS = (("date", N_("Date")), ("rules", N_("Rule set")), ("players", N_("Players")), ("result", N_("Result")),
           ("moves", N_("Moves")))
COLUMN_TITLES = dict(COLUMNS)
# A game's status as the records store it (kalah.library.history), in the reader's words.
# (lower case: the English is the status itself, as Entry.result_text says it)
STATUS_WORDS = {"unfinished": N_("unfinished"), "abandoned": N_("abandoned")}


def result_text(entry):
    """'Ann won 32-16', 'draw 24-24' or the status, in the page's language (Entry.result_text is
    the records' English)."""
    if entry.status != FINISHED:
        return _(STATUS_WORDS.get(entry.status, entry.status))
    scores = entry.result.split("-")
    if entry.winner == 1 and len(scores) == 2:
        scores.reverse()
    score = "-".join(scores)
    if entry.winner is None:
        return _("draw %(score)s") % {"score": score}
    return _("%(player)s won %(score)s") % {"player": entry.winner_name(), "score": score}


def players_text(entry):
    return "%s \u2013 %s" % (entry.south, entry.north)


class HistoryPage:
    def __init__(self):
        self.history = storage.open_history()
        self.sort = "date"
        self.descending = True
        self.deleted = None  # the last deleted Entry, for undo
        self.importer = Importer(lambda: self.history, self.say, self._render_summary, self._render_games,
                                 self.render)
        self.rows = []       # the rows to draw, and how many are drawn
        self.rows_drawn = 0
        self.rows_timer = Timer(self._draw_rows)
        self.checks_timer = Timer(self._check_summaries)
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
        by_id("count").textContent = (_("No games saved yet: play one on the Play page.") if not total else
                                      ngettext("%(shown)d of %(count)d saved game shown.",
                                               "%(shown)d of %(count)d saved games shown.", total) % {
                                          "shown": len(rows), "count": total})
        for key, _title in COLUMNS:
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
        players = {"players": players_text(entry)}
        for key, text, cls in (("date", entry.date or "\u2014", None), ("rules", entry.rules, None),
                               ("players", players["players"], None), ("result", result_text(entry), None),
                               ("moves", str(entry.moves), "num")):
            row.appendChild(el("td", text, cls=cls, attrs={"data-label": _(COLUMN_TITLES[key])}))
        actions = el("td", cls="actions")
        open_link = el("a", _("Open"), attrs={"href": "replay.html#l=%s" % entry.id,
                                              "aria-label": _("Open the game %(players)s in the viewer") % players})
        actions.appendChild(open_link)
        actions.appendChild(document.createTextNode(" "))
        actions.appendChild(el("button", _("Study"), attrs={
            "type": "button", "data-study": entry.id,
            "aria-label": _("Study the last position of %(players)s on the analysis board") % players}))
        if entry.status != FINISHED:
            actions.appendChild(el("button", _("Resume"), attrs={
                "type": "button", "data-resume": entry.id,
                "aria-label": _("Resume the game %(players)s on the Play page") % players}))
        delete = el("button", _("Delete"), attrs={"type": "button", "data-delete": entry.id,
                                                  "aria-label": _("Delete the game %(players)s") % players})
        actions.appendChild(delete)
        row.appendChild(actions)
        return row

    def _fill_rules_filter(self):
        select = by_id("filter-rules")
        chosen = select.value
        clear(select)
        select.appendChild(el("option", _("All rule sets"), attrs={"value": ""}))
        for name in self.history.rule_sets():
            option = el("option", name, attrs={"value": name})
            select.appendChild(option)
        select.value = chosen if chosen in self.history.rule_sets() else ""

    def _render_problems(self):
        box = by_id("problems")
        clear(box)
        by_id("problems-box").hidden = not self.history.problems
        for key, reason in self.history.problem_reasons():
            item = el("li", translated(reason) + " ")
            label = _("Dismiss") if key.startswith(NOTE_PREFIX) else _("Discard it")
            item.appendChild(el("button", label, attrs={"type": "button", "data-discard": key}))
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

    def _check_summaries(self):
        """Replay stored games for a slice of time; draw the page again when a summary was corrected."""
        start, reported = clock_ms(), len(self.history.problems)
        left = 1
        while left and clock_ms() - start < SLICE_MS:
            left = self.history.check_summaries(limit=CHECKS_PER_CALL)
        if len(self.history.problems) != reported:
            self.render()
        if left:
            self.checks_timer.start(0)

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
            self.say(_("This game cannot be opened on the analysis board: %(reason)s") % {"reason": translated(error)})

    def clicked(self, event):
        target = event.target
        gid = target.getAttribute("data-delete") if target.getAttribute else None
        if isinstance(gid, str) and gid:
            entry = self.history.delete(gid)
            self.deleted = entry
            by_id("undo").hidden = False
            self.render()
            self.say(_("Deleted the game %(players)s. Undo brings it back.") % {"players": players_text(entry)})
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
            self.say(_("The note was dismissed.") if key.startswith(NOTE_PREFIX) else
                     _("The unreadable entry was discarded."))
        sort = target.getAttribute("data-sort") if target.getAttribute else None
        if isinstance(sort, str) and sort:
            self.sort_by(sort)

    def undo(self):
        if self.deleted is None:
            return
        try:
            self.history.restore(self.deleted)
        except KalahError as error:
            self.say(_("Could not bring the game back: %(reason)s.") % {"reason": translated(error)}, problem=True)
            return
        self.say(_("The game is back."))
        self.deleted = None
        by_id("undo").hidden = True
        self.render()

    def export(self):
        download(self.history.export_json(), "application/json", "kalah-history.json")
        count = len(self.history.entries)
        self.say(ngettext("Exported %(count)d game to %(file)s.", "Exported %(count)d games to %(file)s.", count) % {
            "count": count, "file": "kalah-history.json"})

    def _wire(self):
        listen(by_id("games"), "click", self.clicked)
        listen(by_id("problems"), "click", self.clicked)
        listen(by_id("undo"), "click", lambda e: self.undo())
        listen(by_id("export"), "click", lambda e: self.export())
        for name in ("filter-player", "filter-rules", "filter-status"):
            listen(by_id(name), "input", lambda e: self.render())

PAGE = None


def main():
    global PAGE
    PAGE = HistoryPage()
    PAGE.render()
    page_ready()
    PAGE.checks_timer.start(0)
