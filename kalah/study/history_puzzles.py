"""Puzzles from the player's own games: the "From your games" set of puzzles.html.

Plain Python (CPython, Pyodide and the page's MicroPython). A stored game
gives a puzzle where a position before one of its moves

  - comes before a move of the player's own (never the computer's),
  - is of a kalah(6,4) rule set (YOUR_GAMES_RULES: the endgame table and
    the proof cover it, so the values are proven in seconds),
  - has at most ENDGAME_SEEDS (22) seeds in the houses and two legal moves,
  - qualifies as a shipped puzzle does (kalah.study.puzzle_maker.puzzle_of:
    the best move beats every other by MIN_MARGIN seeds; the same themes,
    difficulty, rating and refutations), and is played out as they are where
    the proof shows a forced line (puzzle_maker.with_line: up to 3 moves, the
    opponent's replies shown).

Proving runs where Python is fast: the page sends one game at a time to the
Pyodide worker (kalah.study.puzzle_worker), and `python -m kalah puzzles
--from-history FILE` runs the same kalah.study.puzzle_maker.game_puzzles; this
module is what the page needs too (which positions, ids, the kept set).

What was found is kept in localStorage under CACHE_KEY, one entry a game
keyed by the game's id with its fingerprint, so a visit proves only games
that are new or grew since (docs/formats.md, "Puzzles from your games"):

    {"format": "kalah-your-puzzles", "version": 3,
     "games": {"<game id>": {"fingerprint": "...", "rules": R, "puzzles": [puzzle, ...]}}}

A puzzle's id is "<set key>-you-<hash of the game id>-<ply>", e.g.
"kalah6-4-you-1x2y3z4a-31": it names its rule set (so a puzzles link with
id= finds its set) and says it is one of yours.
"""

import json

from kalah.study import puzzles
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.records.identity import short_hash
from kalah.game.rules import NORTH, SOUTH, find_rules
from kalah.i18n import _, ngettext

CACHE_KEY = "kalah.puzzles.yours"
CACHE_FORMAT = "kalah-your-puzzles"
CACHE_VERSION = 3
# Version 1 kept puzzles before the computer's moves too, version 2 only one-move puzzles (no
# forced line): their games are checked again, silently.
OLD_VERSIONS = (1, 2)
MAX_SEEDS = puzzles.ENDGAME_SEEDS


def usable_rules(name):
    """The rule set's canonical name when its games can give puzzles, else None."""
    try:
        rules = find_rules(name)
    except KalahError:
        return None
    return rules.name if rules.name in puzzles.YOUR_GAMES_RULES else None


def puzzle_id(rules, gid, ply):
    return "%s-you-%s-%d" % (puzzles.set_key(rules), short_hash(gid), ply)


def players_sides(record):
    """The sides a person played (the play page's meta "south_player"/"north_player": "human", or
    none recorded, as in an imported game): a puzzle from your games asks for your move, never
    the computer's. (The pie rule's swap is not followed: no puzzle set ships for it.)"""
    return set(side for side, key in ((SOUTH, "south_player"), (NORTH, "north_player"))
               if record.meta.get(key) in (None, "human"))


def candidate_boards(record):
    """(board, ply) before each move a person made in the game (players_sides), with at most
    MAX_SEEDS seeds in the houses and a choice to make; ply counts from 1. KalahError when a
    move is illegal."""
    board = Board(record.rules) if record.start is None else Board(record.rules, position=record.start)
    sides = players_sides(record)
    seen = set()
    for index, move in enumerate(record.moves):
        if board.turn is None:
            break
        position = board.position()
        if (board.turn in sides and puzzles.houses_seeds(board) <= MAX_SEEDS and len(board.legal_moves) >= 2
                and position not in seen):
            seen.add(position)
            yield board.copy(), index + 1
        board.push(move)


class YourPuzzles:
    """The puzzles found in a player's games so far, game by game (the cache in localStorage)."""

    def __init__(self, games=None):
        self.games = games if games is not None else {}

    @classmethod
    def from_text(cls, text):
        """(YourPuzzles, problem): a game whose stored puzzles cannot be read is dropped (and is
        simply checked again); an unreadable whole starts empty. Nothing else depends on it."""
        if text is None:
            return cls(), None
        try:
            data = json.loads(text)
            if type(data) is not dict or data.get("format") != CACHE_FORMAT:
                raise KalahError("not the puzzles of your games")
            if data.get("version") in OLD_VERSIONS:
                return cls(), None
            if data.get("version") != CACHE_VERSION:
                raise KalahError("version %r" % data.get("version"))
            games = data.get("games")
            if type(games) is not dict:
                raise KalahError("no games")
        except Exception:
            return cls(), _("The puzzles found in your games could not be read, so your games are checked again.")
        kept, dropped = {}, 0
        for gid, game in games.items():
            try:
                rules = find_rules(game["rules"])
                if type(game["fingerprint"]) is not str or type(game["puzzles"]) is not list:
                    raise KalahError("damaged")
                for item in game["puzzles"]:
                    puzzles.Puzzle(item, rules)
                kept[gid] = {"fingerprint": game["fingerprint"], "rules": rules.name, "puzzles": game["puzzles"]}
            except Exception:
                dropped += 1
        problem = None
        if dropped:
            problem = ngettext("The puzzles of %(count)d of your games could not be read; those games are checked again.",
                               "The puzzles of %(count)d of your games could not be read; those games are checked again.",
                               dropped) % {"count": dropped}
        return cls(kept), problem

    def to_text(self):
        return json.dumps({"format": CACHE_FORMAT, "version": CACHE_VERSION, "games": self.games})

    def todo(self, entries):
        """The entries (kalah.library.history.Entry) still to check: usable rules, new or changed since."""
        return [entry for entry in entries if usable_rules(entry.rules) is not None
                and (self.games.get(entry.id) or {}).get("fingerprint") != entry.fingerprint]

    def forget_missing(self, entries):
        """Drop the games no longer in the history (deleted there); True when any was."""
        ids = set(entry.id for entry in entries)
        gone = [gid for gid in self.games if gid not in ids]
        for gid in gone:
            del self.games[gid]
        return bool(gone)

    def add(self, entry, found):
        self.games[entry.id] = {"fingerprint": entry.fingerprint, "rules": usable_rules(entry.rules),
                                "puzzles": found}

    def items(self, rules):
        """The puzzle dicts of `rules`, games in id order, each position once."""
        name = find_rules(rules).name
        seen, items = set(), []
        for gid in sorted(self.games):
            game = self.games[gid]
            if game["rules"] != name:
                continue
            for item in game["puzzles"]:
                if item["position"] not in seen:
                    seen.add(item["position"])
                    items.append(item)
        return items

    def puzzle_set(self, rules):
        """The PuzzleSet of `rules` from your games (possibly empty)."""
        # Not puzzles.dumps: its sorted keys are for a build's same bytes, and MicroPython has none.
        text = json.dumps({"format": puzzles.FORMAT, "version": puzzles.VERSION, "rules": find_rules(rules).name,
                           "puzzles": self.items(rules)})
        return puzzles.PuzzleSet(text, "the puzzles from your games")

    def count(self):
        return sum(len(game["puzzles"]) for game in self.games.values())
