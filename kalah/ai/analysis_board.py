"""The analysis board's questions to the worker (analysis.html, kalah/web/analysis/page.py).

The page asks in rounds, so that its first values come at once and turn
exact as proofs finish:

    values({"position": P, "time": 0.5, "tables": False})
        -> {"values": {"3": {"value": 8, "exact": true}, ...}, "depth": 12, "complete": false}
    prove({"position": P, "time": 2.0, "values": <the last answer's values>, "round": 1})
        -> the same shape: more values exact, "complete" once all are
    line({"position": P, "plies": 8, "time": 1.0, "values": <the last answer's values>})
        -> {"line": [3, 6, 1, ...], "proven": 3, "exact": true}

Keys and values are those of `python -m kalah solve --position P --json`:
the house number of every legal move ("0" for the pie rule's swap) and the
mover's final margin in seeds (their store minus the opponent's at the end
of the game, all seeds counted). `values` answers from the opening book, a
proof (kalah.ai.proof, within a share of its time) or the search. `prove`
proves the Kalah family's moves one at a time, keeping what it proved in
the prover's table between calls, so a call cut short by its time still
brings the next one closer; other rule sets (no proofs) search deeper each
round. Each call is short, so the page can drop a stale one cheaply.
"""

import time

from kalah.ai import search
from kalah.ai.first_values import values_answer
from kalah.ai.worker_api import _board, _prepare, _prepare_book, _time
from kalah.game.rules import NORTH, SWAP

MAX_LINE = 16


def values(args, progress=None, should_stop=None):
    """Every legal move's value now: book, proof or search within args["time"] seconds.

    With "tables": false, the endgame table is not fetched first (the opening
    book is: some 150 kB), so the first values do not wait for a
    download and its loading (seconds in the worker); the proofs load it."""
    board = _board(args)
    if args.get("tables", True) is False:
        _prepare_book(board)
    else:
        _prepare(board)
    analysis = search.analyse(board, _time(args, 0.5), None, should_stop)
    return values_answer(analysis.values or {}, analysis.exact_values or {}, analysis.depth)


def _known(args):
    """The values of the page's last answer: {move: (value, exact)}."""
    known = {}
    given = args.get("values") or {}
    if isinstance(given, dict):
        for key, entry in given.items():
            value = entry.get("value") if isinstance(entry, dict) else None
            # Seeds, or quarter seeds where the learned evaluation valued a move unproven.
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                known[int(key)] = (entry["value"], entry.get("exact") is True)
    return known


class _Stop(Exception):
    pass


def _poll_until(deadline, should_stop):
    """A prover poll that ends the proof at the deadline or when the page cancels."""
    polls = [0]

    def poll():
        polls[0] += 1
        if time.time() >= deadline:
            raise _Stop()
        if should_stop is not None and not polls[0] % search.CALLER_POLL and should_stop():
            raise _Stop()
    return poll


def _mover_pits(board):
    """The pits turned so that the side to move is South, as the search and the prover see them."""
    pits = tuple(board.pits)
    return search.rotate(pits, board.rules.houses) if board.turn == NORTH else pits


def prove(args, progress=None, should_stop=None):
    """One more round towards exact values: proofs of the moves not yet exact (Kalah), else a deeper search."""
    board = _board(args)
    _prepare(board)
    seconds = _time(args, 2.0)
    known = _known(args)
    searcher = search.searcher(board.rules)
    prover = searcher.prover
    pie = "pie" in board.position().split("/")[3:] or SWAP in board.legal_moves
    if prover is None or pie:
        # No proofs here: a longer search each round (args["round"] 1, 2, ...).
        # At most 4 times the round's time: a stale call still ends soon after the page moved on.
        rounds = args.get("round", 1)
        rounds = min(rounds, 4) if isinstance(rounds, int) and rounds > 0 else 1
        analysis = search.analyse(board, seconds * rounds, None, should_stop)
        return values_answer(analysis.values or {}, analysis.exact_values or {}, analysis.depth)
    pits = _mover_pits(board)
    m = board.rules.houses
    diff = pits[m] - pits[m + m + 1]
    deadline = time.time() + seconds
    found = dict((move, known.get(move, (0, False))) for move in board.legal_moves)
    prover.poll = _poll_until(deadline, should_stop)
    try:
        # The most promising moves first: the best move's value is the one a player asks first.
        for move in sorted(found, key=lambda move: -found[move][0]):
            value, exact = found[move]
            if exact:
                continue
            try:
                future = prover.move_value(pits, move, value - diff)
            except (_Stop, RecursionError):
                break
            found[move] = (diff + future, True)
    finally:
        prover.poll = None
    return values_answer(dict((move, found[move][0]) for move in found),
                   dict((move, found[move][1]) for move in found))


def _proven_move(board, deadline, should_stop):
    """The best move of `board` from the book or proven by the Kalah prover before the deadline, else None.

    Only with at most search.PROOF_SEEDS seeds in the houses, where the search tries proofs too."""
    found = search.book_analysis(board, exact_only=True)
    if found is not None:
        return found.move
    prover = search.searcher(board.rules).prover
    seeds = board.rules.houses_seeds(board.pits)
    if (prover is None or seeds > search.PROOF_SEEDS or SWAP in board.legal_moves
            or "pie" in board.position().split("/")[3:]):
        return None
    prover.poll = _poll_until(deadline, should_stop)
    try:
        return prover.best(_mover_pits(board), board.legal_moves)[0]
    except (_Stop, RecursionError):
        return None
    finally:
        prover.poll = None


def line(args, progress=None, should_stop=None):
    """The best line from the position: up to args["plies"] moves, each the best one found there.

    The first move is the best by args["values"] (the page's last values) when
    given. Then each move is proven best where the prover finishes in time
    (Kalah), else it is the search's choice. "proven": how many of the first
    moves were proven best (by exact values, the book, a proof or a search to
    the end of the game); "exact" when all were."""
    board = _board(args)
    _prepare(board)
    seconds = _time(args, 1.0)
    plies = args.get("plies", 8)
    plies = plies if isinstance(plies, int) and 0 < plies <= MAX_LINE else 8
    deadline = time.time() + seconds
    moves, proven = [], 0
    known = _known(args)
    if known and set(known) == set(board.legal_moves):
        first = max(board.legal_moves, key=lambda move: (known[move][0], -board.legal_moves.index(move)))
        proven = 1 if all(flag for _, flag in known.values()) else 0
        moves.append(first)
        board.push(first)
    while len(moves) < plies and not board.is_game_over():
        left = deadline - time.time()
        if left <= 0 or (should_stop is not None and should_stop()):
            break
        still_proven = proven == len(moves)
        # A proof may take half of what is left: the rest of the line still gets the search's moves.
        move = _proven_move(board, time.time() + left / 2, should_stop) if still_proven else None
        if move is None:
            left = deadline - time.time()
            analysis = search.analyse(board, max(left / (plies - len(moves)), search.DEADLINE_MARGIN * 4),
                                      None, should_stop, all_values=False)
            move = analysis.move
            still_proven = still_proven and bool(analysis.exact)
        moves.append(move)
        proven += still_proven
        board.push(move)
    return {"line": moves, "proven": proven, "exact": bool(moves) and proven == len(moves)}
