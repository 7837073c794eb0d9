"""The page's side of the referee's sampler (static/js/referee-sampler.js).

One sampler serves the page: it runs while any game waits for a move (a
tournament plays two at once) and pauses otherwise, so it costs nothing
between moves. Each reading goes to every move waiting, stamped with the
page's clock: `kalah.web.lab.move_clock.MoveClock.reading`.
"""

from pyscript import window

from kalah.web.common.dom import missing, proxy


class CpuSampler:
    def __init__(self):
        self._watchers = []
        self._sampler = None
        self._started = False

    def working(self):
        """Whether the sampler runs (started on first use; a browser that cannot start it has none)."""
        if not self._started:
            self._started = True
            sampler = window.kalahBotSandbox.sampler(proxy(self._reading))
            self._sampler = None if missing(sampler) else sampler
        return self._sampler is not None

    def watch(self, watcher):
        """watcher.sampled(now, slowdown) at each reading, until unwatch(watcher)."""
        if not self.working() or watcher in self._watchers:
            return
        self._watchers.append(watcher)
        if len(self._watchers) == 1:
            self._sampler.run()

    def unwatch(self, watcher):
        if watcher in self._watchers:
            self._watchers.remove(watcher)
            if not self._watchers:
                self._sampler.pause()

    def _reading(self, slowdown):
        now = window.performance.now()
        for watcher in list(self._watchers):
            watcher.sampled(now, float(slowdown))


_page_sampler = None


def page_sampler():
    """The page's one sampler."""
    global _page_sampler
    if _page_sampler is None:
        _page_sampler = CpuSampler()
    return _page_sampler
