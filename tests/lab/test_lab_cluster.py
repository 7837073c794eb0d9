"""Tournaments on a real Dask cluster on this machine: a `dask scheduler` and two
`dask worker` processes on 127.0.0.1 (free ports), stopped at the end.

The bots are deterministic (no time-dependent search), so where a game runs
cannot change its moves: the standings on the cluster equal the local ones.
"""

import json
import os
import pathlib
import subprocess
import sys
import time

import pytest

from kalah.lab.cluster import LocalCluster
from kalah.lab.sandbox import sandbox_problem

distributed = pytest.importorskip("distributed")

ROOT = pathlib.Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason="bubblewrap does not run here")

RIGHT = "def select_move(board, lookahead):\n    return board.legal_moves()[-1]\n"
FIRST = "def select_move(board, lookahead):\n    return board.legal_moves()[0]\n"
MIDDLE = ("def select_move(board, lookahead):\n    moves = board.legal_moves()\n"
          "    return moves[len(moves) // 2]\n")
# Slow enough that a game is still running when its worker is killed (a game of it takes about 2 s;
# at 0.1 s a move the test took 63 s, 18 s of them the local tournament alone).
SLOW = "import time\ndef select_move(board, lookahead):\n    time.sleep(0.05)\n    return board.legal_moves()[-1]\n"
PLAYERS = {"right": RIGHT, "first": FIRST, "middle": MIDDLE}


def wait_for(condition, what, seconds=120):
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting for %s" % what)
        time.sleep(0.1)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = LocalCluster(tmp_path_factory.mktemp("dask"), pythonpath=str(ROOT))
    yield cluster
    cluster.stop()


def bots_folder(tmp_path, players=PLAYERS):
    folder = tmp_path / "bots"
    folder.mkdir(exist_ok=True)
    for name, source in players.items():
        (folder / (name + ".py")).write_text(source)
    return folder


def tournament(folder, *options, background=False, reference="greedy,random"):
    files = sorted(p.name for p in folder.glob("*.py"))
    command = [sys.executable, "-m", "kalah", "tournament"] + files + (["--players", reference] if reference else []) + [
        "--time", "2", "--json"] + list(options)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if background:
        return subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return json.loads(done.stdout), done.stderr.decode()


def plain(summary):
    """What must not depend on where the games ran: standings and every game's moves and result."""
    games = [(g["id"], g["south"], g["north"], g["result"]["moves"], g["result"]["scores"]) for g in summary["games"]]
    return summary["standings"], games


@pytest.mark.parametrize("system", ["robin", "swiss"])
def test_the_cluster_gives_the_local_standings(cluster, tmp_path, system):
    folder = bots_folder(tmp_path)
    local, _ = tournament(folder, "--rounds", system, "--quiet", "--seed", "7")
    remote, _ = tournament(folder, "--rounds", system, "--quiet", "--seed", "7", "--cluster", cluster.address)
    assert plain(remote) == plain(local)
    assert len(local["games"]) == (20 if system == "robin" else 16)   # Swiss: 5 players, 4 rounds, 2 pairs each


def test_resume_plays_only_the_missing_games(tmp_path):
    folder = bots_folder(tmp_path)
    results = tmp_path / "results"
    whole, _ = tournament(folder, "--resume", str(results), "--quiet")
    games = sorted((results / "games").iterdir())
    assert len(games) == 20
    for path in games[5:8]:
        path.unlink()
    again, told = tournament(folder, "--resume", str(results))
    assert plain(again) == plain(whole)
    played = sorted(line.split(" (")[0] for line in told.splitlines() if line.startswith("game "))
    assert played == ["game 6", "game 7", "game 8"]     # in the order they ended


def test_resume_refuses_a_folder_of_another_tournament(tmp_path):
    folder = bots_folder(tmp_path)
    results = tmp_path / "results"
    tournament(folder, "--resume", str(results), "--quiet", "--seed", "1")
    command = [sys.executable, "-m", "kalah", "tournament", "first.py", "right.py", "--time", "2",
               "--resume", str(results)]
    done = subprocess.run(command, cwd=folder, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("python -m kalah tournament: %s holds another tournament (different players)" % results)


def test_a_worker_lost_mid_game_has_its_game_replayed_elsewhere(cluster, tmp_path):
    # The two bots alone: 2 games, both slow (with greedy and random it was 12, 6 of
    # them slow, 31 s idle: the other 10 games showed nothing of a lost worker).
    players = {"slow": SLOW, "right": RIGHT}
    folder = bots_folder(tmp_path, players)
    local, _ = tournament(folder, "--quiet", reference=None)
    assert len(local["games"]) == 2
    running = tournament(folder, "--quiet", "--cluster", cluster.address, background=True, reference=None)
    try:
        # Kill worker a (no nanny: the process is the worker) while a game runs on it.
        wait_for(lambda: cluster.processing().get("a"), "a game running on worker a")
        cluster.kill_worker(0)
        out, err = running.communicate(timeout=600)
    finally:
        if running.poll() is None:
            running.kill()
        cluster.workers[0] = cluster.start_worker("a")
    assert running.returncode == 0, err.decode()[-3000:]
    assert plain(json.loads(out)) == plain(local)
    cluster.wait_for_workers(2)
