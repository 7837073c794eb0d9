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
# How long stop() lets a process end on SIGTERM before killing it: a worker still inside a game
# (a referee waiting on its players) ignores the shutdown, and its games are already kept or lost.
STOP_GRACE = 5


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


class LocalCluster:
    """A real `dask scheduler` and `dask worker` processes on 127.0.0.1 (free
    ports), for the tests, the benchmark and a teacher's trial run on one
    machine. Each worker is one process (no nanny) with one thread, so that
    killing it loses exactly its games. Logs go to `folder`. Stop with stop()."""

    def __init__(self, folder, workers=("a", "b"), pythonpath=None):
        import os
        import sys
        self.dask = os.path.join(os.path.dirname(sys.executable), "dask")
        self.address = "tcp://127.0.0.1:%d" % _free_port()
        self.env = dict(os.environ)
        if pythonpath:
            self.env["PYTHONPATH"] = pythonpath
        self.folder = folder
        self.workers = []
        self.scheduler = self._start([self.dask, "scheduler", "--host", "127.0.0.1", "--port",
                                      self.address.rsplit(":", 1)[1], "--no-dashboard"], "scheduler")
        try:
            self.workers = [self.start_worker(name) for name in workers]
            self.wait_for_workers(len(workers))
        except BaseException:
            self.stop()
            raise

    def _start(self, command, name):
        import os
        import subprocess
        with open(os.path.join(str(self.folder), "%s.log" % name), "ab") as log:
            return subprocess.Popen(command, env=self.env, cwd=str(self.folder), stdout=log, stderr=log,
                                    start_new_session=True)

    def start_worker(self, name):
        return self._start([self.dask, "worker", self.address, "--name", name, "--nthreads", "1",
                            "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"], "worker-" + name)

    def client(self):
        from distributed import Client
        return Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)

    def wait_for_workers(self, count, seconds=120):
        with self.client() as client:
            client.wait_for_workers(count, timeout=seconds)

    def processing(self):
        """{worker name: [keys of the tasks it holds]}."""
        with self.client() as client:
            names = {address: info["name"] for address, info in client.scheduler_info()["workers"].items()}
            return {names.get(address, address): keys for address, keys in client.processing().items()}

    def kill_worker(self, index):
        import os
        import signal
        os.killpg(self.workers[index].pid, signal.SIGKILL)
        self.workers[index].wait(20)

    def stop(self):
        import os
        import signal
        import subprocess
        # Asked through the scheduler, all of them close at once; on SIGTERM alone two of the
        # Dask processes wait out a 20 s grace (measured: 20.0 s against 0.3 s).
        if self.scheduler.poll() is None:
            try:
                with self.client() as client:
                    client.shutdown()
            except Exception:   # a scheduler not answering yet: the signals below stop it
                pass
        processes = [p for p in self.workers + [self.scheduler] if p.poll() is None]
        for process in processes:
            os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(STOP_GRACE)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)


def _free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
