"""A tournament's results on disk: the --resume folder, the --out records, the summary.

The --resume folder holds one file a game, written as the game ends:

    FOLDER/tournament.json      the settings (system, rounds, seed, rules, time, players)
    FOLDER/games/0001.json      {"game": id, "round": r, "result": LabGame.as_dict()}

Each game file is written to a temporary name and renamed, so a tournament
stopped at any moment (Ctrl-C, a crash, a lost machine) leaves only whole
files; `--resume FOLDER` reads them back and plays only the games missing.
A folder made with other settings is refused: its results would not fit.

The --out folder gets each game's record as JSON and PGN (`write_record`)
and the standings; `summary` is the tournament as JSON data (--json).
"""

import json
import os

from kalah.errors import KalahError
from kalah.lab.exports import game_meta
from kalah.records import pgn

SETTINGS = "tournament.json"
GAMES = "games"


def open_folder(folder, settings):
    """{game id: result data} already in `folder` (created if new) for a tournament with `settings`."""
    os.makedirs(os.path.join(folder, GAMES), exist_ok=True)
    path = os.path.join(folder, SETTINGS)
    if os.path.exists(path):
        saved = _read(path)
        if saved != settings:
            changed = sorted(k for k in set(saved) | set(settings) if saved.get(k) != settings.get(k))
            raise KalahError("%s holds another tournament (different %s): resume it with the same "
                             "players and options, or choose a new folder" % (folder, ", ".join(changed)))
    else:
        _write(path, settings)
    done = {}
    for name in sorted(os.listdir(os.path.join(folder, GAMES))):
        if not name.endswith(".json"):
            continue
        data = _read(os.path.join(folder, GAMES, name))
        if not isinstance(data, dict) or type(data.get("game")) is not int or not isinstance(data.get("result"), dict):
            raise KalahError("%s: not a game result of this tournament" % os.path.join(folder, GAMES, name))
        done[data["game"]] = data["result"]
    return done


def write_result(folder, game, result):
    """Keep one finished game (atomically) in `folder`."""
    _write(os.path.join(folder, GAMES, "%04d.json" % (game["id"] + 1)),
           {"game": game["id"], "round": game["round"], "result": result.as_dict()})


def _read(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        raise KalahError("%s: cannot read it (%s)" % (path, error))


def _write(path, data):
    temporary = path + ".part"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def summary(tournament, results):
    """The tournament (a kalah.lab.tournament.Tournament) and its games' `results`
    ({game id: LabGame}) as JSON data: settings, standings, each game's result."""
    return {"system": tournament.system, "rounds": tournament.rounds, "seed": tournament.seed,
            "players": tournament.names, "standings": tournament.standings(),
            "games": [dict(game, result=results[game["id"]].as_dict()) for game in tournament.games]}


def write_record(folder, tournament, game, result):
    """The finished game's record in `folder`, as JSON and PGN, named by its number and players."""
    record = result.record(game_meta(tournament, game, "tournament"))
    stem = os.path.join(folder, "game-%03d-%s-vs-%s" % (game["id"] + 1, _safe(result.names[0]),
                                                        _safe(result.names[1])))
    with open(stem + ".json", "w") as handle:
        handle.write(record.to_json(indent=1) + "\n")
    with open(stem + ".pgn", "w") as handle:
        handle.write(pgn.write(record) + "\n")


def _safe(name):
    """A player's name as a part of a file name."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)
