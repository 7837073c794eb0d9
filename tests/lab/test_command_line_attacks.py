"""Hostile students on the command line (issue 10): every attack fails in the sandbox.

Each test runs `python -m kalah tournament --json` (a process of its own: an
attack that reached the referee would hit that process, not pytest) with two
honest players and one attacker, and compares the standings with the same
tournament where the attacker is replaced by its harmless twin: a bot that
does what the attacker does once its attack has failed. The two standings
must be identical, row for row: the attack changed nothing for anyone.
Attackers answer 99 (an invalid move: their own forfeit) when an attack
succeeds, so a sandbox that lets one through changes the standings.
"""

import json
import os
import pathlib
import socket
import subprocess
import sys

import pytest

from kalah.lab.sandbox import sandbox_problem

ROOT = pathlib.Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason="bubblewrap does not run here")

MARKER = "HONEST-RIGHT-SOURCE-7f3a"
RIGHT = "# %s\ndef select_move(board, lookahead):\n    return board.legal_moves()[-1]\n" % MARKER
FIRST = "def algorithm(game):\n    row = game.getBoard()[1]\n    return str(next(h for h in range(1, 7) if row[h]))\n"
# What every attacker does once its attack has failed: the first legal move.
TWIN = "def select_move(board, lookahead):\n    return board.legal_moves()[0]\n"


def tournament(tmp_path, attacker, *extra):
    folder = tmp_path / ("run-%d" % len(list(tmp_path.iterdir())))
    folder.mkdir()
    attacker = attacker.replace("RUN_FOLDER", str(folder))   # where the other entrants' files lie
    for name, source in (("right", RIGHT), ("first", FIRST), ("mallory", attacker)):
        (folder / (name + ".py")).write_text(source)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "kalah", "tournament", "right.py", "first.py", "mallory.py",
                           "--time", "1", "--json", "--jobs", "2"] + list(extra),
                          cwd=folder, env=env, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)       # the whole stdout is the JSON: no bot output in it


def rows(result):
    keys = ("rank", "name", "games", "wins", "draws", "losses", "forfeits", "points", "seeds")
    return [tuple(row[k] for k in keys) for row in result["standings"]]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The standings with the harmless twin in mallory's place."""
    return rows(tournament(tmp_path_factory.mktemp("twin"), TWIN))


def test_the_twin_gives_the_standings_worked_out_by_hand(reference):
    # right beats first 38-10 from either side. first and the twin both play
    # the first legal move: each wins its game as South against the other;
    # they score alike, so they share rank 2.
    assert reference == [(1, "right", 4, 4, 0, 0, 0, 8, 152), (2, "first", 4, 1, 0, 3, 0, 2, 68),
                         (2, "mallory", 4, 1, 0, 3, 0, 2, 68)]


def attack(body):
    """An attacker: `body` runs at each move (inside try), sets `won` when the attack worked."""
    indented = "\n".join("        " + line for line in body.strip().splitlines())
    return ("import os, sys, signal, socket, stat, subprocess\n"
            "def select_move(board, lookahead):\n"
            "    won = False\n"
            "    try:\n%s\n"
            "    except Exception:\n"
            "        pass\n"
            "    return 99 if won else board.legal_moves()[0]\n") % indented


def test_an_int_subclass_with_reduce_runs_nothing_in_the_referee(tmp_path, reference):
    witness = tmp_path / "reduce-ran-in-the-referee"
    evil = ("import os\n"
            "class Evil(int):\n"
            "    def __reduce__(self):\n"
            "        return (exec, (\"open(%r, 'w').write('x')\",))\n"
            "def select_move(board, lookahead):\n"
            "    return Evil(board.legal_moves()[0])\n") % str(witness)
    assert rows(tournament(tmp_path, evil)) == reference
    assert not witness.exists()


def test_killing_the_referee_and_the_opponent_fails(tmp_path, reference):
    body = """
targets = [os.getppid(), 1]
for pid in os.listdir("/proc"):
    if pid.isdigit() and int(pid) != os.getpid():
        targets.append(int(pid))
for pid in set(targets):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
"""
    assert rows(tournament(tmp_path, attack(body))) == reference


def test_the_sandbox_shows_no_other_process(tmp_path, reference):
    body = """
# The player is the sandbox's pid 1 itself (bwrap --as-pid-1); any other would be another process.
pids = set(int(p) for p in os.listdir("/proc") if p.isdigit())
won = pids != {1} or os.getpid() != 1
"""
    assert rows(tournament(tmp_path, attack(body))) == reference


def test_reading_other_entrants_sources_through_proc_and_files_fails(tmp_path, reference):
    body = """
found = []
for pid in os.listdir("/proc"):
    for part in ("cmdline", "environ"):
        try:
            found.append(open("/proc/%s/%s" % (pid, part), "rb").read())
        except OSError:
            pass
    try:
        for fd in os.listdir("/proc/%s/fd" % pid):
            try:     # files only: reading its own protocol pipe would just block this bot
                if stat.S_ISREG(os.stat("/proc/%s/fd/%s" % (pid, fd)).st_mode):
                    found.append(open("/proc/%s/fd/%s" % (pid, fd), "rb").read(100000))
            except OSError:
                pass
    except OSError:
        pass
for path in ("RUN_FOLDER/right.py", "/etc/passwd", "/proc/1/root/etc/passwd"):
    try:
        found.append(open(path, "rb").read())
    except OSError:
        pass
won = any(b"MARK" in blob or b"root:" in blob for blob in found)
""".replace("MARK", MARKER)
    assert rows(tournament(tmp_path, attack(body))) == reference


def test_writing_files_outside_the_scratch_folder_fails(tmp_path, reference):
    targets = [str(tmp_path / "written-by-mallory"), str(ROOT / "kalah" / "written-by-mallory")]
    body = "\n".join("try:\n    open(%r, 'w').write('x')\n    won = True\nexcept OSError:\n    pass" % path
                     for path in targets)
    # /tmp inside is the sandbox's own scratch tmpfs: writable, and gone with the game.
    scratch = "/tmp/written-by-mallory-%d" % os.getpid()
    body += "\nopen(%r, 'w').write('the scratch folder is writable')" % scratch
    assert rows(tournament(tmp_path, attack(body))) == reference
    assert not any(os.path.exists(path) for path in targets + [scratch])


def test_running_programs_and_the_network_fail(tmp_path, reference):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    port = listener.getsockname()[1]
    body = """
for command in (["/bin/sh", "-c", "true"], ["ls", "/"], ["/usr/bin/id"], ["curl", "http://127.0.0.1/"]):
    try:
        won = won or subprocess.run(command, capture_output=True).returncode == 0
    except OSError:
        pass
won = won or os.system("true") == 0
try:
    socket.create_connection(("127.0.0.1", PORT), timeout=1)
    won = True
except OSError:
    pass
""".replace("PORT", str(port))
    try:
        assert rows(tournament(tmp_path, attack(body))) == reference
        listener.settimeout(0.1)
        with pytest.raises(socket.timeout):
            listener.accept()
    finally:
        listener.close()


def test_a_million_printed_lines_stay_out_of_the_json(tmp_path, reference):
    noisy = "for i in range(1000000):\n    print('mallory says', i)\n" + TWIN.replace(
        "    return", "    print('thinking ' * 1000)\n    return")
    result = tournament(tmp_path, noisy)          # json.loads of the whole stdout
    assert rows(result) == reference
    printed = [g["result"]["output"] for g in result["games"]]
    assert printed[2][1].startswith("mallory says 0\nmallory says 1\n")   # game 3 is right - mallory
    assert all(len(text) <= 8192 for pair in printed for text in pair)


def test_forged_protocol_messages_forfeit_only_the_forger(tmp_path):
    forger = """
import os
def select_move(board, lookahead):
    for fd in os.listdir("/proc/self/fd"):
        try:
            os.write(int(fd), b'{"move": 1.0}\\n{"move": 1}\\n')
        except OSError:
            pass
    return board.legal_moves()[0]
"""
    crash = "def select_move(board, lookahead):\n    raise ValueError('gives up')\n"
    forged, honest = tournament(tmp_path, forger), tournament(tmp_path, crash)
    assert rows(forged) == rows(honest)
    assert rows(forged)[2] == (3, "mallory", 4, 0, 0, 4, 4, 0, 0)
    reasons = {g["result"]["forfeit"]["reason"] for g in forged["games"] if g["result"]["forfeit"]}
    assert reasons == {"the player's process sent the move 1.0, not a house 1..6"}


def test_memory_and_cpu_limits_stop_only_the_hog(tmp_path, reference):
    hog = attack("""
block = bytearray(2 * 1024 ** 3)
won = True
""")
    assert rows(tournament(tmp_path, hog)) == reference


def test_without_bubblewrap_the_command_refuses_students_files(tmp_path):
    (tmp_path / "a.py").write_text(RIGHT)
    (tmp_path / "b.py").write_text(TWIN)
    env = dict(os.environ, PYTHONPATH=str(ROOT), PATH=str(tmp_path))   # no bwrap on this PATH
    done = subprocess.run([sys.executable, "-m", "kalah", "tournament", "a.py", "b.py", "--time", "0.2"],
                          cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("python -m kalah tournament: bubblewrap (bwrap) is not installed, so the players' "
                                           "files cannot be run in a sandbox.")
    trusted = subprocess.run([sys.executable, "-m", "kalah", "tournament", "a.py", "b.py", "--time", "0.2",
                              "--trust-bots", "--json", "--quiet"],
                             cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert trusted.returncode == 0, trusted.stderr.decode()
    assert [row["name"] for row in json.loads(trusted.stdout)["standings"]] == ["a", "b"]
