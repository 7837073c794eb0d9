#!/usr/bin/env python3
"""The strength ladder: each level against the next, and the top level against
every reference player.

    python3 -m scripts.bench.ladder --games 100 --time 0.2            # levels 1..8
    python3 -m scripts.bench.ladder --references --time 1             # level8 vs random/first/rightmost/greedy

Each pairing alternates sides (kalah.lab.runner.play_match). Strength must
rise with the level: the higher level scores more than half of each pairing.
The top level must win every game against every reference player from both
sides on Kalah(6,3), (6,4) and (6,6).
"""

import argparse
import sys
import time


from kalah.lab.player_files import player_spec
from kalah.lab.runner import play_match


def score(summary):
    """The first player's share of the points (a draw is half a point)."""
    return (summary["wins"][0] + 0.5 * summary["draws"]) / summary["games"]


def ladder(args):
    for level in range(args.lowest, 8):
        low, high = "level%d" % level, "level%d" % (level + 1)
        started = time.time()
        summary = play_match(player_spec(high), player_spec(low), args.rules, args.games, args.time, args.seed)
        print("%s vs %s on %s, %d games, %gs/move: %s; %s scores %.0f%% (%.0f s)" % (
            high, low, args.rules, args.games, args.time, summary, high, 100 * score(summary),
            time.time() - started), flush=True)


def references(args):
    failures = 0
    for rules in ("kalah(6,3)", "kalah(6,4)", "kalah(6,6)"):
        for name in ("random", "first", "rightmost", "greedy"):
            games = args.random_games if name == "random" else 2
            summary = play_match(player_spec(args.top), player_spec(name), rules, games, args.time, args.seed)
            won_all = summary["wins"][0] == games
            failures += not won_all
            print("%s vs %s on %s: %s%s" % (args.top, name, rules, summary, "" if won_all else "  <-- NOT ALL WON"),
                  flush=True)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--time", type=float, default=0.2, help="seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--references", action="store_true", help="the top level against the reference players")
    parser.add_argument("--top", default="level8")
    parser.add_argument("--lowest", type=int, default=1, help="start the ladder at this level")
    parser.add_argument("--random-games", type=int, default=10)
    args = parser.parse_args()
    if args.references:
        sys.exit(1 if references(args) else 0)
    ladder(args)


if __name__ == "__main__":
    main()
