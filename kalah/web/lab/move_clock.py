"""When a move in the page has run out of time: the referee's rule, apart from any clock or page.

The page's referee (kalah.web.lab.games) has only wall time, which a busy
machine stretches, and the bot's own reports of its progress, which a bot
can forge: they come from its own interpreter. So the evidence that a slow
move is slow because the machine is, not because the bot computes uncounted,
comes from the referee's own sampler (static/js/referee-sampler.js, a worker
of the page's that no bot can reach): how much slower than the fastest it
has seen a fixed small workload of its own ran, a few times a second. A
move's ceiling is counted in "effective time": wall time divided by the
square of that slowdown (`stretch`). On an idle machine a move that reports
its count (or forges the reports) is stopped about one ceiling after it
began; where the sampler reads 2 it may take four ceilings of wall time.

Why the square: the sampler is a light thread (a few ms, then a sleep), and
the kernel runs a thread that wakes from a sleep before the busy ones, so on
a loaded machine it is slowed far less than a player that computes all
along. Measured in chromium on the 2-core machine at a load average of 17-18
(docs/lab.md): a CPU-bound worker of the page ran 11 times slower than its
best while the sampler read 2.3. Counting the plain slowdown would forfeit
honest players there.

A move is over at page time `at` when, past its beginning (the worker's
first report):

- its effective time since it began reached the ceiling; or
- nothing came from its worker for one ceiling of wall time (a sleeper, a
  long call in C, a dead worker: as before the sampler); or
- it has taken the cap (`kalah.lab.game.wall_cap`) since it was asked,
  however slow the machine, begun or not.

Before its worker begins, only the cap bounds it (a worker that has no core
yet is not charged). Plain Python, with every time given by the caller, so
that tests drive it on a simulated clock (tests/lab/test_page_referee_clock.py).
"""

import math

# The sampler reads at most this long apart when it has its core (its period, 60 ms, plus its
# workload, a few ms): a longer silence is itself a measure of a machine too busy to run it.
READING_DUE_MS = 100.0
MAX_SLOWDOWN = 50.0     # a reading past it says no more (its thread stopped, a machine asleep)
SLOWDOWN_POWER = 2      # a CPU-bound thread's slowdown against the light sampler's: above
MIN_WAIT_MS = 1         # the shortest the referee waits before it looks again


def stretch(slowdown):
    """How many ms of wall time count as one of effective time where the sampler read `slowdown`."""
    return min(max(float(slowdown), 1.0), MAX_SLOWDOWN) ** SLOWDOWN_POWER


class MoveClock:
    """One move's time, in ms of the page's clock: ceiling_ms of effective time from its
    beginning, never past cap_ms from asked_at. `sampling`: the page's sampler runs (without
    it every reading is missing and effective time is wall time)."""

    def __init__(self, ceiling_ms, cap_ms, asked_at, sampling):
        self.ceiling_ms = ceiling_ms
        self.cap_ms = cap_ms
        self.asked_at = asked_at
        self.sampling = sampling
        self.begun_at = None
        self.heard = []           # page times of the worker's reports, its beginning first
        self.readings = []        # (page time, stretch) of the sampler's readings since the move began

    def begin(self, now):
        if self.begun_at is None:
            self.begun_at = now
            self.heard.append(now)

    def ready(self, now):
        """The move's sandbox has just finished starting its runtime: the cap counts from now (it
        had no core for the move before). A worker that began meanwhile (its first report may come
        before the referee sees the sandbox ready) has begun all the same."""
        self.asked_at = now

    def report(self, now):
        """The worker reported its count (or something it says is one: any value will do)."""
        if self.begun_at is None:
            self.begin(now)
        else:
            self.heard.append(now)

    def reading(self, now, slowdown):
        """The sampler's slowdown over its latest cycle, which ended about `now`."""
        if self.begun_at is not None:
            self.readings.append((now, stretch(slowdown)))

    def effective_ms(self, until):
        """The move's effective time from its beginning to `until`: each stretch of time between
        the sampler's readings divided by the stretch of the reading that ends it."""
        if self.begun_at is None or until <= self.begun_at:
            return 0.0
        if not self.sampling:
            return until - self.begun_at
        total, since = 0.0, self.begun_at
        for at, factor in self.readings:
            if at <= since:
                continue
            if at >= until:            # the time up to `until` is inside this reading's cycle
                return total + (until - since) / factor
            total += (at - since) / factor
            since = at
        last = self.readings[-1][1] if self.readings else 1.0
        return total + (until - since) / self._pending_stretch(until - since, last)

    def _pending_stretch(self, pending_ms, last):
        """The stretch of the time since the latest reading: the latest one's, or more when the
        sampler is overdue (starved of a core itself, or its message waits behind a busy page)."""
        if not self.sampling:
            return 1.0
        return max(last, stretch(pending_ms / READING_DUE_MS))

    def last_heard(self, at):
        """The page time of the worker's latest report at or before `at`."""
        latest = self.begun_at
        for heard in self.heard:
            if heard > at:
                break
            latest = heard
        return latest

    def over(self, at):
        if at - self.asked_at >= self.cap_ms:
            return True
        if self.begun_at is None or at < self.begun_at:
            return False
        return at - self.last_heard(at) >= self.ceiling_ms or self.effective_ms(at) >= self.ceiling_ms

    def wait_ms(self, now):
        """How long the referee may wait before the move could be over (it looks again then)."""
        wait = self.asked_at + self.cap_ms - now
        if self.begun_at is None:
            wait = min(wait, self.ceiling_ms)
        else:
            wait = min(wait, self.last_heard(now) + self.ceiling_ms - now)
            left = self.ceiling_ms - self.effective_ms(now)
            if left < wait:       # effective time runs at most as fast as wall time
                last = self.readings[-1] if self.readings else (self.begun_at, 1.0)
                wait = min(wait, left * self._pending_stretch(now - last[0], last[1]))
        return max(int(math.ceil(wait)), MIN_WAIT_MS)
