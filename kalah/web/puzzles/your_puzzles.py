"""puzzles.html's "From your games": the puzzles found in the games stored in this browser.

The games are read as the history page reads them (kalah.library.history.History on
localStorage: a damaged entry is set aside there, kept and reported, never
deleted). Each game not checked before (or grown since) goes to the Pyodide
worker, one game a call (kalah.study.puzzle_worker), so the page stays free,
shows "Checking game 3 of 12…" and can stop between games or, where the
worker is interruptible, within one. What was found is saved after every
game (kalah.study.history_puzzles.CACHE_KEY), so a later visit checks only new
games and a stopped check goes on where it stopped.
"""

from kalah.study import history_puzzles, puzzles
from kalah.errors import KalahError
from kalah.library.history import NOTE_PREFIX, History
from kalah.game.rules import find_rules
from kalah.i18n import _, ngettext, translated
from kalah.web.common import storage
from kalah.web.common.dom import by_id, listen
from kalah.web.common.worker_client import WorkerClient

WORKER_CALL = "kalah.study.puzzle_worker:game_puzzles"


def puzzles_count(count):
    return ngettext("%(count)d puzzle", "%(count)d puzzles", count) % {"count": count}


def saved_games_count(count):
    return ngettext("%(count)d saved game", "%(count)d saved games", count) % {"count": count}


class YourGames:
    """The "From your games" set and its check; `on_change()` after the set grew or the check ended."""

    def __init__(self, store, on_change):
        self.store = store
        self.on_change = on_change
        text = None
        if store is not None:
            try:
                text = store.get(history_puzzles.CACHE_KEY)
            except Exception:   # storage blocked: the set lives in this tab
                text = None
        self.found, self.problem = history_puzzles.YourPuzzles.from_text(text)
        self.sets = {}          # rules name -> PuzzleSet, rebuilt when the set changes
        self.client = None
        self.call_id = None
        self.queue = []
        self.total = 0
        self.running = False
        self.opened = False
        self.games = 0          # games in the history at the last check
        self.others = 0         # of them, games of rule sets that give no puzzles
        self.skipped = []       # messages: games that could not be read
        listen(by_id("yours-check"), "click", lambda event: self.check())
        listen(by_id("yours-stop"), "click", lambda event: self.stop())

    # -- the set ---------------------------------------------------------------
    def puzzle_set(self, rules):
        name = find_rules(rules).name
        found = self.sets.get(name)
        if found is None:
            try:
                found = self.found.puzzle_set(name)
            except KalahError as error:   # a puzzle that does not hold: start the set again
                self.found = history_puzzles.YourPuzzles()
                self.problem = _("The puzzles found in your games were damaged (%(reason)s); they are found again.") % {
                    "reason": translated(error)}
                found = self.found.puzzle_set(name)
            self.sets[name] = found
        return found

    def show(self, visible):
        by_id("yours").hidden = not visible
        if visible and not self.opened:
            self.opened = True
            self.check()

    def empty_text(self, rules, narrowed):
        """Why the set shows no puzzle (a friendly sentence)."""
        if rules not in puzzles.YOUR_GAMES_RULES:   # a small board's games are never checked
            return _("Puzzles from your games come from your %(first)s and %(second)s games only; for %(rules)s, "
                     "choose the computer's games.") % {"first": puzzles.YOUR_GAMES_RULES[0],
                                                        "second": puzzles.YOUR_GAMES_RULES[1], "rules": rules}
        if self.running:
            return _("No puzzle from your games yet: your games are being checked.")
        if self.games == 0:   # the status above says there are none (or that they could not be read)
            return _("Play a game (Play, above), then come back: every position where one move wins at "
                     "least %(margin)d seeds more than any other becomes a puzzle here.") % {
                "margin": puzzles.MIN_MARGIN}
        if narrowed and len(self.puzzle_set(rules)):
            return _("None of the puzzles from your games has this theme and difficulty: choose another.")
        return _("No puzzle in your %(rules)s games yet: a puzzle needs a position with %(seeds)d seeds or fewer in "
                 "the houses where one move beats every other by %(margin)d seeds. Games played to the end give the "
                 "most.") % {"rules": rules, "seeds": history_puzzles.MAX_SEEDS, "margin": puzzles.MIN_MARGIN}

    # -- the check ---------------------------------------------------------------
    def _status(self, text, problem=False):
        node = by_id("yours-status")
        node.textContent = text
        node.className = "status error" if problem else "status"

    def _buttons(self):
        by_id("yours-check").hidden = self.running
        by_id("yours-stop").hidden = not self.running
        by_id("yours").setAttribute("data-state", "checking" if self.running else "done")

    def check(self):
        """Read the history and check every game not checked yet."""
        if self.running:
            return
        self.skipped = []
        try:
            if self.store is None:
                raise KalahError("storage is blocked")
            history = History(self.store)
        except Exception as error:   # storage blocked or unreadable: nothing to check, nothing changed
            self.games = 0
            self._status(_("Your saved games could not be read in this browser (%(reason)s).") % {"reason": translated(error)},
                         True)
            self._finish(False)
            return
        entries = list(history.entries.values())
        for key, message in history.problems:
            if key.startswith(NOTE_PREFIX):
                continue       # a note on a game that stays (its summary corrected), nothing skipped
            self.skipped.append(_("a saved game (%(key)s) could not be read: %(reason)s; it is kept aside, see "
                                  "History") % {"key": key[len("kalah.aside."):], "reason": message})
        self.games = len(entries)
        self.others = len([e for e in entries if history_puzzles.usable_rules(e.rules) is None])
        if self.found.forget_missing(entries):
            self._save()
        self.queue = sorted(self.found.todo(entries), key=lambda entry: entry.id)
        self.total = len(self.queue)
        if not self.queue:
            self._finish(False)
            return
        self.running = True
        self._buttons()
        if self.client is None:
            self.client = WorkerClient()
        self._next()

    def _next(self):
        while self.queue:
            entry = self.queue[0]
            try:
                record = entry.record.to_dict()
                # A game that never comes down to 22 seeds (a short or abandoned one) gives no
                # puzzle: settled here, without waiting for the worker.
                worth_proving = bool(list(history_puzzles.candidate_boards(entry.record)))
            except (KalahError, ValueError, TypeError, KeyError) as error:
                self.skipped.append(_("game %(id)s could not be read (%(reason)s) and is skipped; it stays in your "
                                      "history") % {"id": entry.id, "reason": translated(error)})
                self.queue.pop(0)
                continue
            if worth_proving:
                break
            self.queue.pop(0)
            self.found.add(entry, [])
            self._save()
        if not self.queue:
            self._finish(True)
            return
        number = self.total - len(self.queue) + 1
        counts = {"number": number, "count": self.total}
        self._status((_("Checking game %(number)d of %(count)d…") if self.client.is_ready() else
                      _("Checking game %(number)d of %(count)d… (the solver starts first: a few seconds)")) % counts)

        def progress(data):
            if self.running and self.queue and self.queue[0] is entry:
                self._status(_("Checking game %(number)d of %(count)d… (position %(done)s of %(positions)s)") % {
                    "number": number, "count": self.total, "done": data.get("done"), "positions": data.get("total")})

        def done(data):
            if not self.running or not self.queue or self.queue[0] is not entry:
                return
            self.queue.pop(0)
            found = (data or {}).get("puzzles")
            self.found.add(entry, found if isinstance(found, list) else [])
            self.sets = {}
            self._save()
            self.on_change()
            self._next()

        def failed(message):
            if not self.running:
                return
            self.running = False
            self._buttons()
            self._status(_("The check stopped: %(reason)s. The puzzles found so far are kept; press "
                           "Check my games to go on.") % {"reason": message}, True)
            self.on_change()

        self.call_id = self.client.call(WORKER_CALL, {"record": record, "id": entry.id}, done, progress, failed)

    def stop(self):
        if not self.running:
            return
        if self.client is not None:
            # This worker is the check's own: ending it frees the CPU at once (a new one starts
            # on the next check), where cancelling would start a fresh one straight away.
            self.client.terminate()
        self.running = False
        self.call_id = None
        self._buttons()
        checked = self.total - len(self.queue)
        # (the English says "games" for one too, as the page always has; other languages take their forms)
        self._status(ngettext("Stopped after %(checked)d of %(count)d games. The puzzles found so far are kept; "
                              "Check my games goes on from there.",
                              "Stopped after %(checked)d of %(count)d games. The puzzles found so far are kept; "
                              "Check my games goes on from there.", self.total) % {
            "checked": checked, "count": self.total})
        self.on_change()

    def _finish(self, checked):
        self.running = False
        self._buttons()
        if self.games == 0 and not self.skipped:
            text = _("You have no saved games in this browser yet.")
        else:
            text = _("%(puzzles)s from your %(games)s.") % {"puzzles": puzzles_count(self.found.count()),
                                                             "games": saved_games_count(self.games)}
            if self.others:
                text += " " + ngettext(
                    "%(count)d game of other rule sets gives none: puzzles come from %(first)s and %(second)s games.",
                    "%(count)d games of other rule sets give none: puzzles come from %(first)s and %(second)s games.",
                    self.others) % {"count": self.others, "first": puzzles.YOUR_GAMES_RULES[0],
                                    "second": puzzles.YOUR_GAMES_RULES[1]}
        if self.skipped:
            text += " " + _("Skipped: %(games)s.") % {"games": "; ".join(self.skipped)}
        if self.problem:
            text = self.problem + " " + text
            self.problem = None
        self._status(text, bool(self.skipped))
        self.on_change()

    def _save(self):
        try:
            if self.store is None:
                raise storage.StorageFull("no storage")
            self.store[history_puzzles.CACHE_KEY] = self.found.to_text()
        except storage.StorageFull:   # kept in this tab; found again on a later visit
            self.problem = _("The puzzles from your games could not be saved (browser storage is full or "
                             "blocked); they are kept while this page is open.")
