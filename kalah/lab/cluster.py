"""Games on a Dask distributed cluster (`python -m kalah tournament --cluster tcp://HOST:8786`).

The referee of the tournament stays on the teacher's machine; each game is
one Dask task (`runner.play_game_data`) that a worker runs, its two players
sandboxed on that worker exactly as on this machine. The task's arguments
carry the players' sources, so the workers need the project (the `kalah`
package, on their Python path) but not the bots' folder. A worker lost in
the middle of a game has its task run again on another worker by the Dask
scheduler; a task that fails (a worker whose sandbox does not start) is
retried `RETRIES` times, then the tournament stops with its error (the
results so far are kept by --resume). Results come back as plain data.
"""

from kalah.errors import KalahError

RETRIES = 2
CONNECT_TIMEOUT = 30


class DaskPool:
    """The LocalPool interface (jobs, submit, wait_any, close) over a Dask client."""

    def __init__(self, address, jobs=None):
        try:
            from distributed import Client
        except ImportError:
            raise KalahError("--cluster needs the Python packages dask and distributed "
                             "(pip install -r requirements-dev.txt)")
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise KalahError("cannot reach the Dask scheduler at %s: %s" % (address, error))
        threads = sum(self.client.nthreads().values())
        if not threads:
            self.client.close()
            raise KalahError("the Dask scheduler at %s has no worker: start `dask worker %s` "
                             "on each machine" % (address, address))
        # Keep every worker thread busy, and a few games queued behind them.
        self.jobs = jobs or threads + 2

    def submit(self, key, function, *args):
        return self.client.submit(function, *args, key="%s-%s" % (key, _token()), pure=False,
                                  retries=RETRIES)

    def wait_any(self, futures):
        from distributed.client import _wait     # distributed.wait wants a default client; this one is ours
        return self.client.sync(_wait, futures, timeout=None, return_when="FIRST_COMPLETED").done

    def close(self):
        self.client.close()


def _token():
    import uuid
    return uuid.uuid4().hex[:12]
