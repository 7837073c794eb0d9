"""The bot lab's tournaments kept in browser storage, so that a reload loses no class's work.

Pure Python (the page's MicroPython, and CPython for the tests): the store is
passed in, a dict-like object as kalah.library.history takes (`get`, `[key] = text`,
`del [key]`, `keys()`; a full store raises kalah.library.history's StorageFull, a KalahError,
from its `__setitem__`).

One key per tournament, so that two tabs running tournaments never rewrite
each other's, written again after each game:

    kalah.lab.tournament.<id>   {"v": 1, "id": id, "saved": ms, "date": "2026-11-27 08:05",
                                 "settings": {"system", "rounds", "seed", "rules", "time",
                                              "players": [{"name", "file"}]},
                                 "games": {"<game id>": {"names", "start", "moves", "scores",
                                                         "winner", "forfeit", "key"}}}
    kalah.lab.tournament-aside.<id>   an entry that could not be read, kept as it was

A game keeps what replays it (`kalah.lab.game.LabGame.as_dict()` without the
traceback and the players' output, which the history's record keeps) and
`key`, its game in the history. Opening a tournament lists its standings from
the stored results at once, then replays every game a slice at a time: a game
whose moves do not give its stored result, or that is not the game the
pairings say, makes the whole entry unreadable; such an entry (or one that
is not JSON, or not this layout) is moved aside under the aside key and
reported, never deleted, and one from a newer version of the site is left
where it is and reported.
"""

import json

from kalah.errors import KalahError
from kalah.input_guards import check_text, load_json
from kalah.lab.exports import entrant_file
from kalah.lab.game import LabGame
from kalah.lab.tournament import Tournament
from kalah.records.identity import valid_id

VERSION = 1
PREFIX = "kalah.lab.tournament."
ASIDE_PREFIX = "kalah.lab.tournament-aside."
MAX_STORED_TOURNAMENT = 5000000     # characters: browser storage holds about 5 MB in all
MAX_PLAYERS = 300                   # a whole course (docs/lab.md); a round robin of them is 89,700 games
KEPT_GAME_FIELDS = ("names", "start", "moves", "scores", "winner", "forfeit")
# A forfeit's `why` (its reason as data, kalah.lab.reasons) is kept when it has one: a tournament
# stored before it had none, and still reads.
KEPT_FORFEIT_FIELDS = ("side", "kind", "reason", "why", "answer")


class SavedTournament:
    """A tournament read back: `tournament` (its results recorded), `games` ({game id: LabGame}),
    the `settings` it was played with, `date` and `id`."""

    def __init__(self, entry_id, date, settings, tournament, games):
        self.id = entry_id
        self.date = date
        self.settings = settings
        self.tournament = tournament
        self.games = games

    def specs(self):
        """The entrants as specs of kalah.lab.exports (a file name, or one of our players)."""
        return [{"name": p["name"], "filename": p["file"]} if p["file"] else {"name": p["name"], "ai": p["name"]}
                for p in self.settings["players"]]


def settings_of(tournament, specs, rules, time_limit):
    """What a tournament was played with, as stored: its players by name and file."""
    return {"system": tournament.system, "rounds": tournament.rounds, "seed": tournament.seed, "rules": rules,
            "time": time_limit, "players": [{"name": spec["name"], "file": entrant_file(spec)} for spec in specs]}


def kept_game(game, key):
    """A finished LabGame as stored: what replays it and its result, and `key`, its history id."""
    data = game.as_dict()
    kept = dict((name, data[name]) for name in KEPT_GAME_FIELDS)
    kept["forfeit"] = kept_forfeit(kept["forfeit"])
    kept["key"] = key
    return kept


def kept_forfeit(forfeit):
    """A game's forfeit as stored (or None): its KEPT_FORFEIT_FIELDS, `why` only when there is one."""
    if not forfeit:
        return forfeit
    return dict((name, forfeit.get(name)) for name in KEPT_FORFEIT_FIELDS
                if name != "why" or forfeit.get("why") is not None)


def is_date(value):
    """A date as the page writes it, '2026-11-27 08:05' (it goes into the exported records too)."""
    return isinstance(value, str) and 0 < len(value) <= 40 and all(c in "0123456789-: " for c in value)


def label(data):
    """A stored tournament as one line for a list: date, system, players, games played."""
    settings = data["settings"]
    players = settings["players"]
    return "%s · %s · %d players · %d games" % (data["date"], "round robin" if settings["system"] == "robin"
                                                 else "Swiss", len(players), len(data["games"]))


def read_settings(settings):
    """The settings of a stored tournament, checked; KalahError saying what is wrong."""
    if not isinstance(settings, dict):
        raise KalahError("it has no settings")
    players = settings.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                and isinstance(p.get("file"), str) for p in players):
        raise KalahError("its players are not a list of {name, file}")
    if len(players) > MAX_PLAYERS:
        # A round robin's pairings are made at once: a foreign entry must not make millions.
        raise KalahError("it has %d players; the lab plays at most %d" % (len(players), MAX_PLAYERS))
    for name in ("seed", "rounds"):
        if type(settings.get(name)) is not int:
            raise KalahError("its settings have no whole number '%s'" % name)
    if not 1 <= settings["rounds"] <= MAX_PLAYERS:
        raise KalahError("its settings have %d rounds" % settings["rounds"])
    if not isinstance(settings.get("rules"), str) or not isinstance(settings.get("time"), (int, float)):
        raise KalahError("its settings have no rules or time limit")
    return settings


def listed(data):
    """(Tournament, stored games in game order) from a stored entry's data, each game's stored
    result recorded in order as the pairings made it, without replaying its moves (a class's
    round robin is some 500 games: seconds under the page's MicroPython); KalahError at the
    first result that does not fit its pairing. `checked` replays them."""
    settings = read_settings(data.get("settings"))
    tournament = Tournament([p["name"] for p in settings["players"]], settings.get("system"),
                            settings["rounds"], settings["seed"])
    stored = data.get("games")
    if not isinstance(stored, dict):
        raise KalahError("its games are not an object of game number: game")
    ids = []
    for text in stored:
        if not text.isdigit() or len(text) > 6:
            raise KalahError("'%s' is not a game number" % text[:20])
        ids.append(int(text))
    ids.sort()
    games = []
    for game_id in ids:
        game = stored[str(game_id)]
        if game_id >= len(tournament.games) or not isinstance(game, dict):
            raise KalahError("game %d is not a game of its pairings" % (game_id + 1))
        pairing = tournament.games[game_id]
        expected = [tournament.names[pairing["south"]], tournament.names[pairing["north"]]]
        if game.get("names") != expected:
            raise KalahError("game %d is not %s - %s as its pairings say" % ((game_id + 1,) + tuple(expected)))
        tournament.start(game_id)
        tournament.record(game_id, _stored_result(game_id, game))
        games.append((game_id, game))
    return tournament, games


def _stored_result(game_id, game):
    """A stored game's result as Tournament.record takes it; KalahError when it is not one."""
    scores, winner, forfeit, key = game.get("scores"), game.get("winner"), game.get("forfeit"), game.get("key")
    if (not isinstance(scores, list) or len(scores) != 2 or not all(type(n) is int for n in scores)
            or winner not in (0, 1, None) or not (forfeit is None or isinstance(forfeit, dict))):
        raise KalahError("game %d has no result of scores, winner and forfeit" % (game_id + 1))
    # The key goes into the crosstable's links to the replay page: an id, or none.
    return {"scores": scores, "winner": winner, "forfeit": forfeit,
            "key": key if isinstance(key, str) and valid_id(key) else None}


def checked(game_id, game, rules):
    """The LabGame of a stored game, its moves replayed; KalahError when they do not give the
    result stored (its scores, winner or forfeit) or do not finish the game."""
    lab_game = LabGame.from_dict(game)
    if lab_game.board.rules.name != rules:
        raise KalahError("game %d is not played by its rules" % (game_id + 1))
    if not lab_game.is_over():
        raise KalahError("game %d is not finished" % (game_id + 1))
    result = lab_game.as_dict()
    forfeit = kept_forfeit(result["forfeit"])
    if result["winner"] != game.get("winner") or forfeit != game.get("forfeit"):
        raise KalahError("game %d: its stored result is not what its moves give" % (game_id + 1))
    return lab_game


class Opening:
    """A saved tournament read back: listed at once (`saved`: its standings from the stored results),
    then its games checked a slice of work at a time (see TournamentShelf.opening):

        job = shelf.opening(entry_id)        # KalahError: the entry is set aside
        show(job.saved)
        while not job.run(clock_ms, 12):     # each call works about 12 ms, then returns
            show(job.progress); let the browser breathe
        job.saved.games                      # {game id: LabGame}, every game replayed

    Each game's moves are replayed and must give its stored result; `run` raises KalahError
    at the first that does not (the entry is then set aside, and the standings shown were wrong)."""

    def __init__(self, shelf, entry_id):
        self.shelf = shelf
        self.entry_id = entry_id
        data = shelf.entries[entry_id]
        try:
            tournament, self._stored = listed(data)
        except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
            self._set_aside(error)
        self._rules = data["settings"]["rules"]
        self.saved = SavedTournament(entry_id, data["date"], data["settings"], tournament, {})
        self.progress = [0, len(self._stored)]

    def _set_aside(self, error):
        self.shelf.entries.pop(self.entry_id, None)
        key = PREFIX + self.entry_id
        self.shelf.set_aside(key, self.shelf.store.get(key), error)
        raise KalahError(self.shelf.problems[-1])

    def run(self, clock_ms, budget_ms=12):
        """Check games until `budget_ms` have passed on `clock_ms()`; True once every game is checked."""
        start = clock_ms()
        while self.progress[0] < self.progress[1]:
            game_id, game = self._stored[self.progress[0]]
            try:
                self.saved.games[game_id] = checked(game_id, game, self._rules)
            except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
                self._set_aside(error)
            self.progress[0] += 1
            if clock_ms() - start >= budget_ms:
                break
        return self.progress[0] == self.progress[1]


class TournamentShelf:
    """The tournaments saved in one store: `entries` ({id: stored data}, read but not replayed),
    and `problems` met reading them (lines to show)."""

    def __init__(self, store):
        self.store = store
        self.entries = {}
        self.problems = []
        self._texts = {}            # {entry id: {game number: its JSON text}}, made by `save`

    def load(self):
        self.entries = {}
        self.problems = []
        self._texts = {}
        for key in sorted(self.store.keys()):
            if key.startswith(PREFIX):
                self._load_one(key)
            elif key.startswith(ASIDE_PREFIX):
                self.problems.append("a saved tournament that could not be read is kept under %s" % key)

    def _load_one(self, key):
        text = self.store.get(key)
        try:
            check_text(text, "the saved tournament", MAX_STORED_TOURNAMENT)
            data = load_json(text)
            if not isinstance(data, dict):
                raise KalahError("it is not a JSON object")
            version = data.get("v")
            if type(version) is int and version > VERSION:
                self.problems.append("the saved tournament %s is from a newer version of the site (version %d; "
                                     "this page reads %d): left as it is" % (key, version, VERSION))
                return
            if version != VERSION:
                raise KalahError("it has no version this page reads")
            if data.get("id") != key[len(PREFIX):]:
                raise KalahError("its id does not fit its key")
            if not is_date(data.get("date")):
                raise KalahError("its date is not a date such as 2026-11-27 08:05")
            read_settings(data.get("settings"))
            if not isinstance(data.get("games"), dict):
                raise KalahError("its games are not an object of game number: game")
            label(data)
        except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
            self.set_aside(key, text, error)
            return
        self.entries[data["id"]] = data

    def set_aside(self, key, text, error):
        """Move an unreadable entry aside (kept as it was) and say so."""
        aside = ASIDE_PREFIX + key[len(PREFIX):]
        try:
            self.store[aside] = text if isinstance(text, str) else repr(text)
            del self.store[key]
            where = "it was kept under %s" % aside
        except KalahError:        # the store is full: StorageFull
            where = "no room to move it aside: it stays under %s" % key
        self.problems.append("the saved tournament %s could not be read (%s); %s" % (
            key[len(PREFIX):], (str(error) or error.__class__.__name__)[:200], where))

    def newest_first(self):
        """The ids of the saved tournaments, the latest saved first."""
        ids = list(self.entries)
        ids.sort(key=lambda entry_id: (self.entries[entry_id].get("saved") or 0, entry_id), reverse=True)
        return ids

    def opening(self, entry_id):
        """An Opening of `entry_id`: its games replayed a slice at a time."""
        return Opening(self, entry_id)

    def open(self, entry_id):
        """The SavedTournament of `entry_id`, every game replayed; KalahError (and the entry set
        aside) when it does not replay."""
        job = self.opening(entry_id)
        while not job.run(lambda: 0):
            pass
        return job.saved

    def save(self, entry_id, saved_ms, date, settings, tournament, games):
        """Write a tournament and its finished games ({game id: LabGame}); the store's StorageFull
        leaves the stored copy as it was.

        Written after every game, so each game's JSON text is made once and kept (`_texts`):
        the page's MicroPython takes about half a second to write a class's 160 KB whole."""
        texts = self._texts.setdefault(entry_id, {})
        held = self.entries.get(entry_id)
        kept = dict(held["games"]) if held is not None and held.get("settings") == settings else {}
        for game_id in games:
            name = str(game_id)
            if name not in kept:
                kept[name] = kept_game(games[game_id], tournament.results[game_id].get("key"))
                texts.pop(name, None)
            if name not in texts:
                texts[name] = json.dumps(kept[name])
        data = {"v": VERSION, "id": entry_id, "saved": saved_ms, "date": date, "settings": settings}
        head = json.dumps(data)
        self.store[PREFIX + entry_id] = "%s, \"games\": {%s}}" % (head[:-1], ", ".join(
            "\"%s\": %s" % (name, texts[name]) for name in kept))
        data["games"] = kept
        self.entries[entry_id] = data

    def delete(self, entry_id):
        self.entries.pop(entry_id, None)
        self._texts.pop(entry_id, None)
        if self.store.get(PREFIX + entry_id) is not None:
            del self.store[PREFIX + entry_id]

    def delete_all(self):
        """Every saved tournament and every copy set aside: how many keys were removed."""
        keys = [key for key in self.store.keys() if key.startswith(PREFIX) or key.startswith(ASIDE_PREFIX)]
        for key in keys:
            del self.store[key]
        self.entries = {}
        self.problems = []
        self._texts = {}
        return len(keys)

