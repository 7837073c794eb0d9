#!/usr/bin/env python3
"""Ratings of levels 1-8 and the reference players on one Elo-style scale.

    nice -n 10 .venv/bin/python -m scripts.bench.ratings --games 20 --nodes 100000 --jobs 2

Every pair of players (random, first, rightmost, greedy, level1..level8)
plays `--games` games of Kalah(6,4): each opening (two plies drawn from a
fixed seed) once from each side, so the openings' luck cancels out and the
deterministic players do not replay one game. A search is capped at
`--nodes` nodes a move for level 8 (which also reads the opening book and
proves what it can within that budget) and at the level's share of it for
the others (their share of the time limit, kalah/ai/players.py), so the
figures do not depend on the machine's load. The ratings are the maximum-likelihood Bradley-Terry fit
of all the results (a draw is half a win each), on the Elo scale (400
points: 10 to 1 odds) with random at 0; a weak prior (one draw against a
player of the mean rating) keeps a player that wins every game finite.

It prints the ratings, the head-to-head scores against the reference
players, and the `LEVEL_STRENGTH` table of kalah/ai/player_registry.py (what
the play page says beside each level: its word, kept, its rating and what
it beats), to paste there.
"""

import argparse
import json
import math
import os
import sys
import time
from multiprocessing import Pool


from kalah import Board
from kalah.ai import players
from kalah.ai.player_registry import LEVEL_NAMES, LEVEL_STRENGTH, REFERENCE_NAMES
from kalah.ai.reference import Rng
from kalah.game.rules import find_rules

LEVELS = list(LEVEL_NAMES)
NAMES = list(REFERENCE_NAMES) + LEVELS
ELO = 400 / math.log(10)
# What each reference player is called in the level's sentence (kalah/web/common/game_setup.py).
WORDS = {"random": "random", "first": "first house", "rightmost": "rightmost house", "greedy": "greedy"}


def openings(rules, count, seed):
    """`count` distinct positions two plies from the start (move lists), drawn from `seed`."""
    rng, found, tries = Rng(seed), [], 0
    while len(found) < count and tries < 10000:
        tries += 1
        board, moves = Board(rules), []
        for _ in range(2):
            legal = board.legal_moves
            move = legal[rng.randrange(len(legal))]
            board.push(move)
            moves.append(move)
        if moves not in found:
            found.append(moves)
    return found


def play(job):
    """One game; job = (south, north, opening moves, rules name, nodes, seed) -> (south's points, seeds)."""
    south, north, opening, rules_name, nodes, seed = job
    board = Board(find_rules(rules_name))
    for move in opening:
        board.push(move)
    seats = (players.get(south, seed=seed), players.get(north, seed=seed + 1))
    while board.turn is not None:
        player = seats[board.turn]
        if player.name in players.LEVELS:
            # The node budget rules; the time limit is only a backstop far beyond it.
            move = player.choose(board, time_limit=60.0, max_nodes=nodes)
        else:
            move = player.choose(board)
        board.push(move)
    outcome = board.outcome()
    points = 0.5 if outcome.winner is None else (1.0 if outcome.winner == 0 else 0.0)
    return south, north, points, outcome.scores


def fit(names, results, rounds=2000):
    """Bradley-Terry ratings (Elo scale, names[0] at 0) from results[(a, b)] = (a's points, games)."""
    strength = dict((name, 0.0) for name in names)
    for _ in range(rounds):
        step = {}
        for name in names:
            # Minorization-maximization (Hunter 2004): wins / sum(games / (own + other)).
            wins, denominator = 0.5, 1.0 / (math.exp(strength[name]) + 1.0)  # the prior's draw
            for (a, b), (points, games) in results.items():
                if name in (a, b):
                    other = b if name == a else a
                    wins += points if name == a else games - points
                    denominator += games / (math.exp(strength[name]) + math.exp(strength[other]))
            step[name] = math.log(wins / denominator)
        mean = sum(step.values()) / len(step)
        strength = dict((name, value - mean) for name, value in step.items())
    zero = strength[names[0]]
    return dict((name, round(ELO * (strength[name] - zero))) for name in names)


def score(results, a, b):
    """a's share of the points against b."""
    if (a, b) in results:
        points, games = results[(a, b)]
        return points / games
    points, games = results[(b, a)]
    return 1 - points / games


def sentence(results, ratings, level):
    """'beats random, loses to greedy': the strongest reference player it beats (more than
    half the points) and the weakest it scores less than half against."""
    by_rating = sorted(REFERENCE_NAMES, key=lambda name: ratings[name])
    beats = [name for name in by_rating if score(results, level, name) > 0.5]
    loses = [name for name in by_rating if score(results, level, name) < 0.5]
    if len(beats) == len(by_rating):
        strongest = by_rating[-1]
        return "beats every reference player (%d%% against %s)" % (
            round(100 * score(results, level, strongest)), WORDS[strongest])
    parts = []
    if beats:
        parts.append("beats " + WORDS[beats[-1]])
    if loses:
        parts.append("loses to " + WORDS[loses[0]])
    return ", ".join(parts) if parts else "even with the reference players"


def play_all(jobs, processes):
    """results[(a, b)] = (a's points, games), a before b in NAMES."""
    results = {}
    with Pool(processes) as pool:
        for done, (south, north, points, _) in enumerate(pool.imap_unordered(play, jobs, chunksize=4)):
            if done % 100 == 99:
                print("%d of %d games" % (done + 1, len(jobs)), file=sys.stderr, flush=True)
            a, b = (south, north) if NAMES.index(south) < NAMES.index(north) else (north, south)
            mine = points if a == south else 1 - points
            total, games = results.get((a, b), (0.0, 0))
            results[(a, b)] = (total + mine, games + 1)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--games", type=int, default=10, help="games per pair (even: each opening from both sides)")
    parser.add_argument("--nodes", type=int, default=100000,
                        help="search nodes per move of level 8 (each level takes its share, as of the time limit)")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", help="a JSON file: written with the games' results, or read "
                        "back instead of playing when it exists")
    args = parser.parse_args()
    rules = find_rules(args.rules)
    lines = openings(rules, max(1, args.games // 2), args.seed)
    jobs = []
    for i, a in enumerate(NAMES):
        for b in NAMES[i + 1:]:
            for g in range(args.games):
                opening = lines[(g // 2) % len(lines)]
                seed = args.seed * 1000 + g
                jobs.append((a, b, opening, rules.name, args.nodes, seed) if g % 2 == 0 else
                            (b, a, opening, rules.name, args.nodes, seed))
    started = time.time()
    if args.results and os.path.exists(args.results):
        with open(args.results) as handle:
            results = dict((tuple(key.split(" ")), tuple(value)) for key, value in json.load(handle).items())
    else:
        results = play_all(jobs, args.jobs)
        if args.results:
            with open(args.results, "w") as handle:
                json.dump(dict(("%s %s" % key, value) for key, value in sorted(results.items())), handle, indent=0)
    ratings = fit(NAMES, results)
    print("%d games of %s, %d a pair, %d nodes a move, %.0f s" % (
        len(jobs), rules.name, args.games, args.nodes, time.time() - started))
    print("\n| player | rating | " + " | ".join("vs %s" % name for name in REFERENCE_NAMES) + " |")
    print("|---|---|" + "---|" * len(REFERENCE_NAMES))
    for name in sorted(NAMES, key=lambda name: ratings[name]):
        cells = ["" if name == other else "%d%%" % round(100 * score(results, name, other))
                 for other in REFERENCE_NAMES]
        print("| %s | %d | %s |" % (name, ratings[name], " | ".join(cells)))
    print("\nLevel against the next (share of the points):")
    for a, b in zip(LEVELS, LEVELS[1:]):
        print("  %s vs %s: %d%%" % (b, a, round(100 * score(results, b, a))))
    # The table the play page shows, each level keeping its word; its words marked for the
    # catalogs (a changed sentence is a new message to translate: docs/translating.md).
    print("\nLEVEL_STRENGTH = {  # name: (word, rating, what it beats)")
    for level in LEVELS:
        print("    %r: (N_(%r), %d, N_(%r))," % (level, LEVEL_STRENGTH[level][0], ratings[level],
                                                 sentence(results, ratings, level)))
    print("}")
    print("REFERENCE_RATINGS = {%s}" % ", ".join("%r: %d" % (name, ratings[name]) for name in REFERENCE_NAMES))


if __name__ == "__main__":
    main()
