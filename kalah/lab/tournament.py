"""Tournaments among players: round robin and Swiss, standings, crosstable.

Pure bookkeeping, the same in the page (MicroPython) and on the command line
(CPython): it says which games to play next, each with a fixed random seed,
and ranks the players from the results it is given. Who plays the games (a
pool of processes, or the page's workers) is the caller's business, so the
same players give the same standings everywhere.

- Round robin (the GameLink platform's): each pair plays twice, each side once.
- Swiss (the Haskell assignment's tournament server): a fixed number of
  rounds; each round pairs players of similar standing who have not met yet
  (a rematch only when no other pairing exists); a pairing is a match of two
  games, each player South once. With an odd number of players the
  lowest-ranked player who has not had a bye sits the round out and scores
  BYE_POINTS (one win), no seeds.

Scoring (GameLink's): 2 points a win, 1 a draw; ties broken by the total seeds
won (the player's store at the end of each game), then by entry order.

    >>> t = Tournament(["a", "b", "c"], system=ROBIN)
    >>> [(g["south"], g["north"]) for g in t.pending()]
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
"""

from kalah.errors import KalahError
from kalah.lab import reasons

ROBIN = "robin"
SWISS = "swiss"
SYSTEMS = (ROBIN, SWISS)
WIN_POINTS, DRAW_POINTS = 2, 1
BYE_POINTS = WIN_POINTS


def default_swiss_rounds(count):
    """Enough rounds to single out a winner: ceil(log2(n)) + 1, at most n - 1."""
    rounds, size = 0, 1
    while size < count:
        size *= 2
        rounds += 1
    return max(1, min(rounds + 1, count - 1))


def game_seed(base, game_id, side):
    """The random seed of one side's player in one game (fixed by the tournament seed)."""
    return (base * 1000003 + game_id * 2 + side) % 2147483647


class Tournament:
    """The games of a tournament and the standings so far.

    `players` are names (or spec dicts with a "name"); games refer to players
    by index. Call `pending()` for the games that can start now, `start(id)`
    when one starts and `record(id, result)` when it ends (`result` has
    "scores": [south, north] and "winner": 0, 1 or None, as
    `kalah.lab.game.LabGame.as_dict()` gives).
    """

    def __init__(self, players, system=ROBIN, rounds=None, seed=1):
        if system not in SYSTEMS:
            raise KalahError("tournament system '%s': choose %s" % (system, " or ".join(SYSTEMS)))
        if len(players) < 2:
            raise KalahError(reasons.TOO_FEW_PLAYERS, count=len(players))
        self.names = [p["name"] if isinstance(p, dict) else str(p) for p in players]
        seen = {}
        for name in self.names:
            if name in seen:
                raise KalahError(reasons.SAME_NAME, name=name)
            seen[name] = True
        self.system = system
        self.seed = seed
        count = len(self.names)
        if system == SWISS:
            self.rounds = rounds or default_swiss_rounds(count)
            if self.rounds < 1:
                raise KalahError(reasons.NO_SWISS_ROUNDS)
        else:
            self.rounds = 1
        self.games = []
        self.results = {}
        self.started = {}
        self.byes = []          # (round, player)
        self.round = 0
        if system == ROBIN:
            for i in range(count):
                for j in range(i + 1, count):
                    self._add_match(i, j, 1)
            self.round = 1
        else:
            self._pair_next_round()

    # -- games -------------------------------------------------------------
    def _add_match(self, a, b, round_number):
        for south, north in ((a, b), (b, a)):
            game_id = len(self.games)
            self.games.append({"id": game_id, "round": round_number, "south": south, "north": north,
                               "seeds": [game_seed(self.seed, game_id, 0), game_seed(self.seed, game_id, 1)]})

    def total_games(self):
        """All the games the tournament will play (Swiss: known round by round)."""
        if self.system == ROBIN:
            return len(self.games)
        per_round = (len(self.names) // 2) * 2
        return per_round * self.rounds

    def pending(self):
        """The games that can start now and have not started."""
        return [g for g in self.games if g["id"] not in self.results and g["id"] not in self.started]

    def start(self, game_id):
        self.started[game_id] = True

    def unstart(self, game_id):
        """A game that was stopped before its end goes back to the queue."""
        if game_id in self.started:
            del self.started[game_id]

    def record(self, game_id, result):
        if game_id in self.results:
            raise KalahError("game %d already has a result" % game_id)
        if not 0 <= game_id < len(self.games):
            raise KalahError("no game %d in this tournament" % game_id)
        scores = list(result["scores"])
        winner = result.get("winner")
        self.results[game_id] = {"scores": scores, "winner": winner,
                                 "forfeit": result.get("forfeit"), "key": result.get("key")}
        if game_id in self.started:
            del self.started[game_id]
        if self.system == SWISS and self.round < self.rounds and self._round_done():
            self._pair_next_round()

    def _round_done(self):
        return all(g["id"] in self.results for g in self.games if g["round"] == self.round)

    def finished(self):
        return len(self.results) == self.total_games() and (self.system == ROBIN or self.round == self.rounds)

    # -- Swiss pairing ------------------------------------------------------
    def _met(self):
        met = {}
        for g in self.games:
            met[(g["south"], g["north"])] = True
            met[(g["north"], g["south"])] = True
        return met

    def _pair_next_round(self):
        self.round += 1
        order = [row["player"] for row in self.standings()]
        if len(order) % 2:
            had_bye = [p for r, p in self.byes]
            sitting = None
            for player in reversed(order):
                if player not in had_bye:
                    sitting = player
                    break
            if sitting is None:
                sitting = order[-1]
            self.byes.append((self.round, sitting))
            order.remove(sitting)
        met = self._met()
        pairs = _pair(order, met) or _pair(order, {})
        for a, b in pairs:
            self._add_match(a, b, self.round)

    # -- standings ------------------------------------------------------------
    def standings(self):
        """Rows sorted best first: rank (shared on equal points and seeds), player
        (index), name, games, wins, draws, losses, forfeits, points, seeds."""
        rows = [{"player": i, "name": name, "games": 0, "wins": 0, "draws": 0, "losses": 0,
                 "forfeits": 0, "points": 0, "seeds": 0, "byes": 0} for i, name in enumerate(self.names)]
        for r, player in self.byes:
            rows[player]["byes"] += 1
            rows[player]["points"] += BYE_POINTS
        for game in self.games:
            result = self.results.get(game["id"])
            if result is None:
                continue
            for side, player in ((0, game["south"]), (1, game["north"])):
                row = rows[player]
                row["games"] += 1
                row["seeds"] += result["scores"][side]
                if result["winner"] is None:
                    row["draws"] += 1
                    row["points"] += DRAW_POINTS
                elif result["winner"] == side:
                    row["wins"] += 1
                    row["points"] += WIN_POINTS
                else:
                    row["losses"] += 1
                    forfeit = result.get("forfeit")
                    if forfeit and forfeit.get("side") == side:
                        row["forfeits"] += 1
        rows.sort(key=lambda row: (-row["points"], -row["seeds"], row["player"]))
        for i, row in enumerate(rows):
            if i and (row["points"], row["seeds"]) == (rows[i - 1]["points"], rows[i - 1]["seeds"]):
                row["rank"] = rows[i - 1]["rank"]
            else:
                row["rank"] = i + 1
        return rows

    def crosstable(self):
        """cells[i][j]: the games of player i against player j, in order, each
        {"game": id, "side": 0|1 (i's side), "result": "W"|"D"|"L", "score": "25-23",
        "forfeit": the reason when i lost by forfeit, else None, "why": that reason as data
        (kalah.lab.reasons), or None} with i's seeds first."""
        count = len(self.names)
        cells = [[[] for j in range(count)] for i in range(count)]
        for game in self.games:
            result = self.results.get(game["id"])
            if result is None:
                continue
            south, north = game["south"], game["north"]
            for side, me, them in ((0, south, north), (1, north, south)):
                scores = result["scores"]
                letter = "D" if result["winner"] is None else ("W" if result["winner"] == side else "L")
                forfeit = result.get("forfeit")
                by_me = bool(forfeit) and forfeit.get("side") == side
                cells[me][them].append({"game": game["id"], "side": side, "result": letter,
                                        "score": "%d-%d" % (scores[side], scores[1 - side]),
                                        "forfeit": forfeit.get("reason") if by_me else None,
                                        "why": forfeit.get("why") if by_me else None})
        return cells


def _pair(order, met):
    """Pairs (a, b) covering `order` (best first), each a with the best-ranked
    free player it has not met; backtracks when the rest cannot be paired."""
    if not order:
        return []
    first = order[0]
    for k in range(1, len(order)):
        other = order[k]
        if (first, other) in met:
            continue
        rest = _pair(order[1:k] + order[k + 1:], met)
        if rest is not None:
            return [(first, other)] + rest
    return None


def format_standings(tournament, show=str):
    """The standings as a text table (for the command line); `show` turns a name into the text
    printed (the command line's escapes newlines and control characters)."""
    rows = tournament.standings()
    width = max([len(show(n)) for n in tournament.names] + [6])
    lines = ["%4s  %-*s %5s %4s %4s %4s %4s %6s %6s" % ("rank", width, "player", "games", "won",
                                                        "drawn", "lost", "fft", "points", "seeds")]
    for row in rows:
        lines.append("%4d  %-*s %5d %4d %4d %4d %4d %6d %6d" % (
            row["rank"], width, show(row["name"]), row["games"], row["wins"], row["draws"], row["losses"],
            row["forfeits"], row["points"], row["seeds"]))
    if tournament.byes:
        lines.append("byes (%d points each): %s" % (BYE_POINTS, ", ".join(
            "%s (round %d)" % (show(tournament.names[player]), r) for r, player in tournament.byes)))
    return "\n".join(lines)


def format_crosstable(tournament, show=str):
    """Each row: the player's results against each opponent, South game first
    (W won, D drawn, L lost, F lost by forfeit); `show` as in format_standings."""
    cells = tournament.crosstable()
    order = [row["player"] for row in tournament.standings()]
    labels = ["#%d %s" % (k + 1, show(tournament.names[i])) for k, i in enumerate(order)]
    width = max([len(label) for label in labels])
    head = "%-*s " % (width, "") + " ".join("%-5s" % ("#%d" % (k + 1)) for k in range(len(order)))
    lines = [head]
    for k, i in enumerate(order):
        marks = []
        for j in order:
            if i == j:
                marks.append("%-5s" % "x")
            else:
                marks.append("%-5s" % ("".join("F" if c["forfeit"] else c["result"] for c in cells[i][j]) or "."))
        lines.append("%-*s " % (width, labels[k]) + " ".join(marks))
    return "\n".join(lines)
