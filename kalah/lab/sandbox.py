"""The command that starts one player's process, in an operating-system sandbox.

Each player of a command-line game runs `kalah.lab.bot_process` in its own
process, started by `player_command`. With the sandbox (the default) that
process runs under bubblewrap (`bwrap`, Debian's package `bubblewrap`):

- no network (`--unshare-all`: new network, IPC, UTS, user, cgroup and PID
  namespaces), so a bot can send nothing anywhere;
- a PID namespace and a /proc of its own: it sees no other process, so it can
  kill neither its opponent nor the referee, nor read their files or command
  lines through /proc; the player is that namespace's pid 1 itself
  (`--as-pid-1`), so there is no other process in it (bubblewrap's init ran
  as the player's uid: a bot could write into its memory and run there, out
  of its limits and its clock);
- a file system holding only the Python install (read-only, without /usr/bin:
  no shell or program to run) and the `kalah` package (read-only); bwrap's
  own root and /dev are remounted read-only, so a tmpfs /tmp, capped in size
  (`--size`), is the only place it can write. No entrant's file is there:
  the bot's source arrives over the protocol, not as a file;
- the seccomp filter of `kalah.lab.seccomp` (when the caller passes it): an
  allow-list of the system calls a Python player needs (no new process or
  thread, no memfd or shared memory, no per-user counter, no lease);
- an unprivileged user (uid 65534) with no capabilities, so the resource
  limits `bot_process` sets before it runs the bot (address space, CPU
  seconds, file size) cannot be raised again;
- killed with its parent (`--die-with-parent`) and in a new session (no
  terminal to inject keystrokes into).

`--trust-bots` (no sandbox) runs the same process without bwrap, for a
teacher's own players on a machine without bubblewrap.
"""

import os
import shutil
import subprocess
import sys

from kalah.errors import KalahError

MEMORY_MB = 512           # address space of a player's process (its whole memory: it is one process)
MAX_TASKS = 8             # the seat's pids.max, and RLIMIT_NPROC where there is no seccomp filter (one thread)
SCRATCH_MB = 16           # the tmpfs /tmp, the only writable place
OPEN_FILES = 64           # RLIMIT_NOFILE: a player needs a handful
PENDING_SIGNALS = 16      # RLIMIT_SIGPENDING: queued signals count against the teacher's uid
SANDBOX_ROOT = "/sandbox"  # where the kalah package is seen inside
NOBODY = "65534"

_checked = {}


def package_folder():
    """The folder that holds the `kalah` package (its parent)."""
    import kalah
    return os.path.dirname(os.path.dirname(os.path.abspath(kalah.__file__)))


def python_executable():
    """The real interpreter (a venv's python is a link to it; the venv itself is not needed)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _python_binds():
    """bwrap arguments that make the interpreter and the C libraries it loads visible, read-only."""
    args = []
    exe = python_executable()
    args += ["--ro-bind", exe, exe]
    stdlib = os.path.dirname(os.__file__)             # .../lib/python3.X
    lib = os.path.dirname(stdlib)                       # .../lib: the stdlib and libpython
    for folder in ("/usr/lib", "/usr/lib64", lib):
        if os.path.isdir(folder):
            args += ["--ro-bind", folder, folder]
    for top in ("/lib", "/lib64"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    return args


def bwrap_command(inner, seccomp_fd=None):
    """`inner` (a command list) wrapped in the bubblewrap sandbox described above;
    `seccomp_fd` (from `kalah.lab.seccomp.program_fd`) adds the seccomp filter."""
    kalah_folder = os.path.join(package_folder(), "kalah")
    scratch = str(SCRATCH_MB * 1024 * 1024)
    filters = ["--seccomp", str(seccomp_fd)] if seccomp_fd is not None else []
    return (["bwrap", "--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session",
             "--unshare-user", "--uid", NOBODY, "--gid", NOBODY, "--cap-drop", "ALL",
             "--proc", "/proc", "--dev", "/dev",
             "--size", scratch, "--tmpfs", "/tmp", "--chdir", "/tmp",
             "--ro-bind", kalah_folder, SANDBOX_ROOT + "/kalah",
             "--clearenv", "--setenv", "PYTHONHASHSEED", "0"]
            + _python_binds()
            # bwrap's own root and /dev are tmpfs without a size cap: both read-only, so the
            # capped /tmp is the only writable place (device nodes still work on a read-only /dev).
            + ["--remount-ro", "/dev", "--remount-ro", "/"] + filters + inner)


def _bootstrap(root):
    return ("import sys; sys.path.insert(0, %r); from kalah.lab.bot_process import main; main()" % root)


PYODIDE = "pyodide"   # sandbox=PYODIDE: the bot under Node + Pyodide (measured by scripts/bench/bench_lab.py)


def player_command(sandbox=True, seccomp_fd=None):
    """The command of one player's process: sandboxed (with the seccomp filter
    read from `seccomp_fd` when given), or plain with `sandbox=False`."""
    if sandbox == PYODIDE:
        return ["node", os.path.join(package_folder(), "scripts", "bench", "pyodide_bot.mjs")]
    if sandbox:
        return bwrap_command([python_executable(), "-I", "-S", "-B", "-c", _bootstrap(SANDBOX_ROOT)], seccomp_fd)
    return [python_executable(), "-I", "-S", "-B", "-c", _bootstrap(package_folder())]


def player_env(sandbox=True):
    """The environment of a player's process (bwrap clears its own)."""
    if sandbox == PYODIDE:
        return {"PATH": os.environ.get("PATH", "")}
    return {"PYTHONHASHSEED": "0"}


def sandbox_problem():
    """None when the sandbox starts here, else a sentence saying why it does not."""
    if "problem" in _checked:
        return _checked["problem"]
    problem = None
    if shutil.which("bwrap") is None:
        problem = "bubblewrap (bwrap) is not installed"
    else:
        from kalah.lab.seccomp import program_fd
        filter_fd = program_fd()      # the players' own sandbox: with its filter, as SandboxSeat starts it
        try:
            done = subprocess.run(bwrap_command([python_executable(), "-I", "-S", "-c", "print('ok')"], filter_fd),
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=30,
                                  pass_fds=(filter_fd,) if filter_fd is not None else ())
            if done.returncode != 0 or done.stdout.strip() != b"ok":
                problem = "bubblewrap (bwrap) fails to start a sandbox here: %s" % (
                    done.stderr.decode("utf-8", "replace").strip()[:300] or "exit status %d" % done.returncode)
        except (OSError, subprocess.TimeoutExpired) as error:
            problem = "bubblewrap (bwrap) fails to start a sandbox here: %s" % error
        finally:
            if filter_fd is not None:
                os.close(filter_fd)
    _checked["problem"] = problem
    return problem


def require_sandbox(specs, trust_bots):
    """Whether to sandbox the players; KalahError when students' files would run
    without a sandbox and the teacher did not say --trust-bots."""
    if trust_bots:
        return False
    problem = sandbox_problem()
    if problem is None:
        return True
    students = [spec["name"] for spec in specs if spec.get("source") is not None]
    if students:
        raise KalahError("%s, so the players' files cannot be run in a sandbox. Install bubblewrap "
                         "(apt-get install bubblewrap), or pass --trust-bots to run %s without one "
                         "(only for files you trust)" % (problem, ", ".join(students[:5])
                                                         + (", ..." if len(students) > 5 else "")))
    return False
