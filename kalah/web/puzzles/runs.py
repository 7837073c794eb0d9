"""A streak or a timed run on the puzzles page: its panel, its clock and its end.

    runs = Runs(progress, save, next_puzzle, ended)
    runs.start(mode, seconds)      # a new run; the page then shows its first puzzle
    then = runs.answered(solved)   # counted; what to do once the board has shown the answer
    runs.leave()                   # back to one puzzle at a time

`runs.run` is the run under way (kalah.study.puzzles.Run), or None. The clock is the
browser's (Date.now), read four times a second, so a test can move it on (Playwright's clock).
"""

from pyscript import window

from kalah.i18n import _, ngettext
from kalah.study import puzzles
from kalah.web.common.dom import by_id, proxy


class Runs:
    def __init__(self, progress, save, next_puzzle, ended):
        self.progress = progress
        self.save = save                  # the player's record saved
        self.next_puzzle = next_puzzle    # the next puzzle of the run shown
        self.ended = ended                # the run is over: the board takes no more answers
        self.run = None
        self.started = 0    # when the timed run started (ms, the browser's clock)
        self.clock = None   # the timed run's interval

    def start(self, mode, seconds):
        """A new run of `mode`: the clock (timed) starts with its first puzzle."""
        self.stop_clock()
        self.run = puzzles.Run(mode, seconds)
        by_id("run").hidden = False
        by_id("run-again").hidden = True
        by_id("run").setAttribute("data-state", "running")
        if self.run.mode == "timed":
            self.started = float(window.Date.now())
            by_id("clock").hidden = False
            self.clock = window.setInterval(proxy(lambda *_: self.tick()), 250)
        else:
            by_id("clock").hidden = True
        self.draw()

    def answered(self, solved):
        """Count the answer in the run; what to do once the board has shown it."""
        run = self.run
        if run is None or run.over:
            return lambda: None
        run.answered(solved)
        self.draw()
        if run.over:
            self.end("")
            return lambda: None
        if run.mode == "timed":   # the clock runs: straight on to the next puzzle
            return self.next_puzzle
        by_id("next").hidden = False   # a streak goes on when the player is ready
        return lambda: None

    def tick(self):
        run = self.run
        if run is None or run.over or run.mode != "timed":
            return
        left = run.time_left((float(window.Date.now()) - self.started) / 1000)
        clock = by_id("clock")
        text = puzzles.clock_text(left)
        if str(clock.textContent) != text:
            clock.textContent = text
        if left == 0:
            self.end(_("Time is up."))

    def end(self, why):
        run = self.run
        run.over = True
        self.stop_clock()
        best = self.progress.run_ended(run)
        self.save()
        by_id("run").setAttribute("data-state", "over")
        by_id("run-again").hidden = False
        for name in ("next", "retry", "solution"):
            by_id(name).hidden = True
        if run.mode == "streak":
            over = (ngettext("Streak over: %(solved)d solved (a new best).",
                             "Streak over: %(solved)d solved (a new best).", run.solved) if best else
                    ngettext("Streak over: %(solved)d solved.", "Streak over: %(solved)d solved.", run.solved))
        else:
            over = (ngettext("Run over: %(solved)d solved (a new best).", "Run over: %(solved)d solved (a new best).",
                             run.solved) if best else
                    ngettext("Run over: %(solved)d solved.", "Run over: %(solved)d solved.", run.solved))
        over = over % {"solved": run.solved}
        self.draw(why + (" " if why else "") + over)
        self.ended()

    def stop_clock(self):
        if self.clock is not None:
            window.clearInterval(self.clock)
            self.clock = None

    def draw(self, text=None):
        run = self.run
        node = by_id("run-count")
        counts = {"mode": _(puzzles.MODE_NAMES[run.mode]), "solved": run.solved, "missed": run.missed,
                  "best": self.progress.best_runs.get(run.mode, 0)}
        node.textContent = text or ((ngettext("%(mode)s: %(solved)d solved, %(missed)d missed · best %(best)d",
                                              "%(mode)s: %(solved)d solved, %(missed)d missed · best %(best)d",
                                              run.solved) if run.mode == "timed" else
                                     ngettext("%(mode)s: %(solved)d solved · best %(best)d",
                                              "%(mode)s: %(solved)d solved · best %(best)d", run.solved)) % counts)
        by_id("run").setAttribute("data-solved", str(run.solved))

    def leave(self):
        """Back to one puzzle at a time."""
        self.stop_clock()
        self.run = None
        by_id("run").hidden = True
        by_id("next").hidden = False
