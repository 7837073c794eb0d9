"""Issues 25 and 37: a referee no student can hang, hijack or outwait, and limits the kernel enforces.

Each hostile player of tests/lab/hostile/ (one attack a file) plays through the
three commands that run students' files: `match` (against right.py, 2 games),
`tournament` (with right.py and first.py, --jobs 2) and `tournament --cluster`
on a real Dask scheduler with two workers on this machine. Each run is a
process of its own (an attack that reached the referee hits that process, not
pytest), and its standings must equal those of the same run with the
attacker's harmless twin (tests/lab/hostile/twins.py) in its place: the
attack changed nothing for anyone else. The cluster's workers are kept from
test to test, so a worker that had a stuck seat must serve the next run.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from kalah.lab.sandbox import sandbox_problem
from kalah.lab.seccomp import program
from tests.lab.hostile import twins

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOSTILE = pathlib.Path(__file__).parent / "hostile"

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason="bubblewrap does not run here")

RIGHT = "def select_move(board, lookahead):\n    return board.legal_moves()[-1]\n"
FIRST = "def algorithm(game):\n    row = game.getBoard()[1]\n    return str(next(h for h in range(1, 7) if row[h]))\n"
TIME = "0.2"      # the wall ceiling is then 1.6 s: the attacks that are stopped on time cost that


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    pytest.importorskip("distributed")
    from kalah.lab.cluster import LocalCluster
    cluster = LocalCluster(tmp_path_factory.mktemp("dask"), pythonpath=str(ROOT))
    yield cluster
    cluster.stop()


def run(folder, command, mallory, options=(), expect=0):
    """`python -m kalah COMMAND` in a fresh folder holding right.py, first.py and mallory.py."""
    folder.mkdir()
    for name, source in (("right", RIGHT), ("first", FIRST), ("mallory", mallory)):
        (folder / (name + ".py")).write_text(source)
    if command == "match":
        arguments = ["match", "mallory.py", "right.py", "--games", "2", "--time", TIME, "--json"]
    else:
        arguments = ["tournament", "right.py", "first.py", "mallory.py", "--time", TIME, "--json",
                     "--jobs", "2"]
    done = subprocess.run([sys.executable, "-m", "kalah"] + arguments + list(options), cwd=folder,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, timeout=600)
    assert done.returncode == expect, done.stderr.decode()[-3000:]
    return done


def standings(done):
    """What the honest players must keep: match's summary, or the tournament's rows."""
    result = json.loads(done.stdout)
    if "standings" not in result:
        return result
    keys = ("rank", "name", "games", "wins", "draws", "losses", "forfeits", "points", "seeds")
    return [tuple(row[k] for k in keys) for row in result["standings"]]


MODES = ["match", "tournament", "cluster"]
# A file that does not load stops the command before any game, in check_files
# (kalah/lab/player_files.py), which `tournament --cluster` also runs on this machine when the
# sandbox works here (kalah/cli/tournament.py), as it does wherever this module runs: its cluster
# run would repeat the tournament's (the load rule's 5 s of CPU again).
LOAD_MODES = ["match", "tournament"]
_twins = {}


def play(tmp_path, request, mode, source, options=(), expect=0):
    command = "match" if mode == "match" else "tournament"
    if mode == "cluster":
        options = ["--cluster", request.getfixturevalue("cluster").address] + list(options)
    folder = tmp_path / ("run-%d" % len(list(tmp_path.iterdir())))
    return run(folder, command, source, options, expect)


def twin_standings(tmp_path, request, mode, twin):
    """The twin's run, played once per mode and twin."""
    if (mode, twin) not in _twins:
        _twins[mode, twin] = standings(play(tmp_path, request, mode, getattr(twins, twin)))
    return _twins[mode, twin]


def hostile(name):
    return (HOSTILE / (name + ".py")).read_text()


ATTACKS = [
    ("patch_referee", "FIRST_LEGAL"),      # 1: match ran the file in the referee
    ("refill_stdin", "SLEEPS_AT_SECOND_MOVE"),   # 2: the referee blocked on a full pipe forever
    ("deep_line", "INVALID"),              # 3: RecursionError ended the tournament
    ("over_time", "LOOPS"),                # 4: the bot's own clock let 0.4 s moves through at 0.1 s
    ("fill_disk", "FIRST_LEGAL"),          # 5: 600 MB on the sandbox's uncapped root
    ("many_tasks", "FIRST_LEGAL"),         # 5: 300 processes
    ("memory_children", "FIRST_LEGAL"),    # 5: 3 x 428 MB against a 512 MB cap
    ("escape_codes", "RAISES"),            # 7: escape codes to the teacher's terminal
    ("forged_lines", "RAISES"),            # 37.6: newlines that print a forged game line and row
    ("pid1_takeover", "FIRST_LEGAL"),      # 37.1: bubblewrap's init, the player's uid, dumpable
    ("file_lease", "FIRST_LEGAL"),         # 37.4: leases and locks on the bound package's files
    ("audit_hook", "RAISES"),              # 37: an audit hook of its own searched uncounted
]
if program() is not None:                  # the seccomp filter (x86_64)
    ATTACKS += [("syscalls", "FIRST_LEGAL"),         # 25.5
                ("memory_outside", "FIRST_LEGAL"),   # 37.2: memfds and SysV shared memory past the cap
                ("shared_counters", "FIRST_LEGAL")]  # 37.3: inotify, message queues, AIO slots


# Attacks on what the command prints, on the referee's pipes and on its results reach each
# command's own code, so they play through all three. The others are held by the seat's sandbox
# and limits (kalah/lab/seats.py), which `match` and `tournament` both start through
# kalah.lab.runner.play_game: they play through `tournament` and the cluster, not `match` too.
EVERY_COMMAND = {"patch_referee", "refill_stdin", "deep_line", "over_time", "escape_codes", "forged_lines"}
assert EVERY_COMMAND <= {attack for attack, _ in ATTACKS}   # a misspelt name would drop its match run unseen
RUNS = [(attack, twin, mode) for attack, twin in ATTACKS for mode in MODES
        if attack in EVERY_COMMAND or mode != "match"]


@pytest.mark.parametrize("attack,twin,mode", RUNS)
def test_an_attack_changes_nothing_for_the_honest_players(tmp_path, request, mode, attack, twin):
    expected = twin_standings(tmp_path, request, mode, twin)
    done = play(tmp_path, request, mode, hostile(attack))
    assert standings(done) == expected
    assert not list(tmp_path.glob("run-*/mallory-ran-here"))      # attack 1's file, had it run here
    assert not any(byte in done.stdout + done.stderr for byte in (b"\x1b", b"\x07", b"\x9b", b"\r"))


def test_the_twins_give_the_standings_worked_out_by_hand(tmp_path, request):
    # right beats first and the first-legal twin 38-10 from either side; first and the twin play
    # alike, each winning as South. A twin that forfeits loses all four games with 0 seeds.
    assert twin_standings(tmp_path, request, "tournament", "FIRST_LEGAL") == [
        (1, "right", 4, 4, 0, 0, 0, 8, 152), (2, "first", 4, 1, 0, 3, 0, 2, 68),
        (2, "mallory", 4, 1, 0, 3, 0, 2, 68)]
    for twin in ("INVALID", "LOOPS", "SLEEPS_AT_SECOND_MOVE"):
        rows = twin_standings(tmp_path, request, "tournament", twin)
        assert rows[2] == (3, "mallory", 4, 0, 0, 4, 4, 0, 0)
        assert rows[0][1] == "right" and rows[0][6] == rows[1][6] == 0
    assert twin_standings(tmp_path, request, "match", "LOOPS") == {"games": 2, "wins": [0, 2], "draws": 0,
                                                                   "seeds": [0, 96]}


def test_newlines_from_a_bot_or_a_file_name_print_no_forged_line(tmp_path):
    # Issue 37, 6: a bot's exception text and a file's name held lines the referee prints.
    folder = tmp_path / "run"
    folder.mkdir()
    evil = "right\n   1  mallory      4    4    0    0    0      8    192"
    for name, source in ((evil, RIGHT), ("first", FIRST), ("mallory", hostile("forged_lines"))):
        (folder / (name + ".py")).write_text(source)
    done = subprocess.run([sys.executable, "-m", "kalah", "tournament", evil + ".py", "first.py", "mallory.py",
                           "--time", TIME, "--jobs", "2"], cwd=folder, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    shown = evil.replace("\n", "\\x0a")
    told = done.stderr.decode().split("\n")
    # Six games, each one line; the tracebacks under them indented.
    assert sorted(line.split(" (round")[0] for line in told if not line.startswith("    ") and line) == [
        "game %d" % game for game in range(1, 7)]
    rows = done.stdout.decode().split("\n")
    assert [row.split()[1] for row in rows[1:4]] == [shown.split()[0], "first", "mallory"]
    assert rows[4] == ""
    assert "raised ValueError: \\x0agame 1 (round 1): right (South)" in done.stderr.decode()


def test_the_escape_codes_reach_the_terminal_escaped(tmp_path):
    done = run(tmp_path / "run", "tournament", hostile("escape_codes"))
    told = done.stderr.decode()
    assert "raised ValueError: \\x1b[2J\\x1b]0;pwned\\x07\\x1b[10;10H\\x1b[8mhidden\\x0dgone\\x9b31m" in told


@pytest.mark.parametrize("mode", LOAD_MODES)
def test_a_source_that_exhausts_compile_stops_the_command_with_a_message(tmp_path, request, mode):
    # Attack 3b: half a megabyte of '-' signs made compile() raise MemoryError in the referee.
    source = twins.FIRST_LEGAL + "x = " + "-" * 500000 + "1\n"
    done = play(tmp_path, request, mode, source, expect=2)
    command = "match" if mode == "match" else "tournament"
    assert done.stderr.decode() == ("python -m kalah %s: mallory.py: the file is too large or nested too "
                                    "deeply to compile\n" % command)
    assert done.stdout == b""


@pytest.mark.parametrize("mode", ["tournament", "cluster"])
def test_honest_players_beside_a_cpu_hog_forfeit_nothing_at_a_tenth_of_a_second(tmp_path, request, mode):
    # Fairness: the hog burns every thread it may start on both cores, during its games and the
    # other game running beside them; the honest players are charged their own CPU time only.
    expected = twin_standings(tmp_path, request, mode, "LOOPS")
    done = play(tmp_path, request, mode, hostile("cpu_hog"), ["--time", "0.1"])
    assert standings(done) == expected
    assert [row[6] for row in standings(done)] == [0, 0, 4]


def test_a_searching_player_that_uses_its_whole_time_beside_a_cpu_hog_forfeits_nothing(tmp_path):
    # The lab's select_move template deepens until its deadline, which its process keeps in CPU
    # time as the referee does: at 0.1 s it never runs past the referee's limit.
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "search.py").write_text((ROOT / "kalah" / "lab" / "templates" / "select_move.py").read_text())
    (folder / "right.py").write_text(RIGHT)
    (folder / "mallory.py").write_text(hostile("cpu_hog"))
    done = subprocess.run([sys.executable, "-m", "kalah", "tournament", "search.py", "right.py", "mallory.py",
                           "--time", "0.1", "--json", "--quiet", "--jobs", "2"], cwd=folder,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    forfeits = {row["name"]: row["forfeits"] for row in json.loads(done.stdout)["standings"]}
    assert forfeits == {"search": 0, "right": 0, "mallory": 4}


@pytest.mark.parametrize("mode", LOAD_MODES)
def test_a_forged_load_error_names_the_file_that_sent_it(tmp_path, request, mode):
    # Issue 37, 5: the command said "right.py: line 1, column 1: invalid syntax".
    done = play(tmp_path, request, mode, hostile("forged_ready"), expect=2)
    command = "match" if mode == "match" else "tournament"
    assert done.stderr.decode() == ("python -m kalah %s: mallory.py: right.py: line 1, column 1: invalid syntax\n"
                                    % command)


@pytest.mark.parametrize("mode", LOAD_MODES)
def test_the_load_rule_holds_whatever_the_file_does_with_its_timer(tmp_path, request, mode):
    # Issue 37, 7: module code that ignored SIGPROF loaded in 11 s of CPU with no load error.
    done = play(tmp_path, request, mode, hostile("slow_load"), expect=2)
    command = "match" if mode == "match" else "tournament"
    assert done.stderr.decode() == ("python -m kalah %s: mallory.py: running the file took more than 5 s of "
                                    "CPU time; the player was stopped\n" % command)
    assert done.stdout == b""
