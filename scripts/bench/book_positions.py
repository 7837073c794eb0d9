"""Level 8's search on the opening book's proven positions, with the book put aside.

    .venv/bin/python -m scripts.bench.book_positions --rules "kalah(6,4)" --positions 300 --nodes 118000
    .venv/bin/python -m scripts.bench.book_positions --variants "shipped;QUIESCENCE=0"   # side by side

Level 8 loses its seeds at 37-46 seeds in the houses, where the book ends and no proof
reaches (docs/performance-log.md). The held-out sets have 40 positions in that band, and 40
games give about 230 moves there, with a handful of misses each: too few to tell one search
from another. The book for any opening (kalah.solver.opening) holds thousands of positions of
exactly that band whose every move is proven, at no solving cost. This measures the search
there: each position (a choice that matters: the moves do not all keep the same value), its
stores holding the seeds sown so far, level 8 at a fixed node budget (the machine's load does
not change its move) from an empty table, with `search.book_analysis` answering nothing, so
that the search alone chooses. The positions are drawn by `--seed` from the book as merged,
the same on any machine with the same book.

The positions are the book's, so the book answers them in play: the figure is the search's
strength in that band, for the positions past the book (its moves and their values are what
the shipped book says; a later book proves more of them, and draws another sample).
"""

import argparse
import random
import time

from kalah import Board
from kalah.ai import book, search
from kalah.game.rules import find_rules
from kalah.solver import opening
from scripts.bench import accuracy, search_settings


def proven_positions(rules_name, plies, low, high):
    """[(houses, {house: future margin})] of the positions within `plies` plies whose every move
    the book proves, with low..high seeds in the houses and moves that do not all keep one value;
    in the order of the book's keys."""
    rules = find_rules(rules_name)
    found = book.opening_for(rules.name)
    if found is None:
        raise SystemExit("no book for any opening for %s (static/data/%s)" % (rules.name, book.opening_file(rules.name)))
    kept = []
    for houses in sorted(opening.positions(rules, plies), key=book.rank):
        if not low <= sum(houses) <= high:
            continue
        at = found.find(list(houses))
        if at < 0:
            continue
        values, exact = found.record_at(at)
        if len(values) > 1 and all(exact.values()) and len(set(values.values())) > 1:
            kept.append((houses, values))
    return kept


def board_of(rules, houses):
    """South to move on `houses` (mover's row first), the seeds sown so far split between the stores."""
    m = rules.houses
    stored = 2 * m * rules.seeds - sum(houses)
    pits = list(houses[:m]) + [stored // 2] + list(houses[m:]) + [stored - stored // 2]
    return Board(position="%s/%s/S" % (rules.name, ",".join(map(str, pits))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--positions", type=int, default=300, help="drawn from the book's proven positions")
    parser.add_argument("--plies", type=int, default=5, help="the book's positions within this many plies")
    parser.add_argument("--min-seeds", type=int, default=37)
    parser.add_argument("--max-seeds", type=int, default=48)
    parser.add_argument("--nodes", type=int, default=118000, help="level 8's nodes a move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="shipped", help="search settings, SPEC;SPEC (scripts/bench/search_settings.py)")
    parser.add_argument("--verbose", action="store_true", help="every position where a variant loses seeds")
    args = parser.parse_args()
    rules = find_rules(args.rules)
    pool = proven_positions(rules, args.plies, args.min_seeds, args.max_seeds)
    sample = sorted(random.Random(args.seed).sample(range(len(pool)), min(args.positions, len(pool))))
    chosen = [pool[i] for i in sample]
    print("%s: %d of the book's %d proven positions with a choice (%d-%d seeds, within %d plies), "
          "level 8 at %d nodes a move, the book put aside" % (
              rules.name, len(chosen), len(pool), args.min_seeds, args.max_seeds, args.plies, args.nodes), flush=True)
    choosers = accuracy.with_variants(args.variants.split(";"), 0, nodes=args.nodes)
    search.book_analysis = lambda board, exact_only=False: None   # the search alone chooses
    for name, choose in choosers.items():
        good = lost = 0
        by_seeds = {}
        started = time.process_time()
        for houses, values in chosen:
            move = choose(board_of(rules, houses))
            loss = max(values.values()) - values[move]
            good += loss == 0
            lost += loss
            band = by_seeds.setdefault(sum(houses) // 4 * 4, [0, 0, 0])
            band[0] += 1
            band[1] += loss == 0
            band[2] += loss
            if loss and args.verbose:
                print("  %s: %s played %d, values %s, %d seeds lost" % (
                    name, board_of(rules, houses).position(), move, values, loss), flush=True)
        print("%s: %d/%d optimal (%.1f%%), %d seeds lost (%.3f a position), %.0f CPU s" % (
            name, good, len(chosen), 100.0 * good / len(chosen), lost, lost / len(chosen),
            time.process_time() - started), flush=True)
        for low in sorted(by_seeds):
            count, right, seeds = by_seeds[low]
            print("  %d-%d seeds: %d/%d optimal, %d seeds lost" % (low, low + 3, right, count, seeds))


if __name__ == "__main__":
    main()
