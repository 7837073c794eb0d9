"""`python -m kalah tournament`: rank students' players and ours.

    python -m kalah tournament alice.py bob.py --players random,greedy,level3 \\
        --rounds robin --time 1 --out results/

Round robin (each pair twice, each side once) or Swiss (a fixed number of
rounds); 2 points a win, 1 a draw, ties broken by the seeds won. Every
player runs in its own process, in a bubblewrap sandbox (see
kalah.lab.sandbox), with the forfeit rule of docs/rules.md; games run in parallel
on every core (`--jobs`) or on a Dask cluster (`--cluster`), and `--resume
FOLDER` keeps each result as it ends so that a stopped tournament goes on
where it stopped. The page's lab plays the same
tournament from the same players and seed to the same standings.

A student's move is limited by its work budget (the same on any machine);
our players search by the clock unless `--nodes N` gives them N search
nodes a move (each level its share), when the whole tournament is the same
on any machine, however busy:

    python -m kalah tournament alice.py --players level5,level8 --nodes 118000
"""

import json
import os
import sys

from kalah.ai import player_registry
from kalah.cli import field
from kalah.errors import KalahError
from kalah.game.rules import DEFAULT_RULES, find_rules
from kalah.lab import exports, results as saved
from kalah.lab.player_files import check_files, read_player_file
from kalah.lab.runner import play_tournament
from kalah.lab.tournament import SYSTEMS, Tournament, format_crosstable, format_standings


def add_arguments(parser):
    parser.add_argument("files", nargs="*", metavar="PLAYER.py",
                        help="students' players: files defining select_move(board, lookahead) or algorithm(game)")
    parser.add_argument("--players", default="",
                        help="our players to add, comma-separated: " + ", ".join(player_registry.NAMES))
    parser.add_argument("--rounds", choices=SYSTEMS, default="robin",
                        help="robin: each pair twice, each side once; swiss: paired by standing (default robin)")
    parser.add_argument("--swiss-rounds", type=int, default=None, metavar="N",
                        help="rounds of a Swiss tournament (default ceil(log2 players) + 1)")
    parser.add_argument("--time", type=float, default=1.0, metavar="SECONDS",
                        help="the move time limit: a student's player may do the work of that many seconds "
                             "(kalah.lab.game.work_budget: the same on any machine), within a ceiling of wall time "
                             "for sleepers; past either it forfeits (default 1)")
    parser.add_argument("--nodes", type=int, default=None, metavar="N",
                        help="our players search N nodes a move instead of a time, so that their games are the "
                             "same on any machine (students' players keep --time)")
    parser.add_argument("--rules", default=DEFAULT_RULES, help="the rule set (default %s)" % DEFAULT_RULES)
    parser.add_argument("--seed", type=int, default=1, help="the tournament's random seed (default 1)")
    parser.add_argument("--jobs", type=int, default=None, help="games at a time (default: every core)")
    parser.add_argument("--out", metavar="FOLDER", help="write each game's record (JSON and PGN) and the standings here")
    parser.add_argument("--csv", metavar="FILE",
                        help="write the standings as CSV for a gradebook (one row per entrant, forfeits and reasons)")
    parser.add_argument("--games", metavar="FILE",
                        help="write every game as one file of records, which history.html's import reads")
    parser.add_argument("--json", action="store_true", help="print the standings and games as JSON")
    parser.add_argument("--quiet", action="store_true", help="do not print each game as it ends")
    parser.add_argument("--trust-bots", action="store_true",
                        help="run the players' files without the bubblewrap sandbox (only for files you trust)")
    parser.add_argument("--cluster", metavar="tcp://HOST:8786",
                        help="play the games on this Dask scheduler's workers (default: on this machine)")
    parser.add_argument("--resume", metavar="FOLDER",
                        help="write each game's result here as it ends, and skip the games already there")


def player_specs(files, names):
    """The specs of the players (files read, not run; our players by name)."""
    specs = [read_player_file(path) for path in files]
    if names:
        from kalah.ai import players
        for name in names.split(","):
            name = name.strip()
            if not name:
                continue
            if name not in players.NAMES:
                raise KalahError("--players: unknown player '%s' (known: %s)" % (name, ", ".join(players.NAMES)))
            specs.append({"name": name, "ai": name})
    return specs


def run(args):
    from kalah.lab.sandbox import require_sandbox, sandbox_problem
    if args.time <= 0:
        raise KalahError("--time must be a positive number of seconds, not %g" % args.time)
    if args.nodes is not None and args.nodes < 1:
        raise KalahError("--nodes must be at least 1, not %d" % args.nodes)
    rules = find_rules(args.rules).name
    for option, path in (("--csv", args.csv), ("--games", args.games)):
        if path:
            _check_writable(option, path)
    specs = player_specs(args.files, args.players)
    if args.nodes is not None and not any(spec.get("ai") for spec in specs):
        raise KalahError("--nodes is for our players, and none plays: add some with --players")
    if args.cluster:
        sandbox = not args.trust_bots     # checked on each worker, where the games run
        if not sandbox or sandbox_problem() is None:   # else each file is first loaded on a worker
            check_files(specs, sandbox, args.jobs)
    else:
        sandbox = require_sandbox(specs, args.trust_bots)
        check_files(specs, sandbox, args.jobs)
    tournament = Tournament(specs, args.rounds, args.swiss_rounds, args.seed)
    settings = {"system": tournament.system, "rounds": tournament.rounds, "seed": tournament.seed,
                "rules": rules, "time": args.time, "players": tournament.names}
    if args.nodes is not None:   # only then: a folder saved before --nodes existed resumes as it was
        settings["nodes"] = args.nodes
    done = saved.open_folder(args.resume, settings) if args.resume else {}
    if args.out:
        os.makedirs(args.out, exist_ok=True)

    def on_result(game, result):
        if args.resume:
            saved.write_result(args.resume, game, result)
        if not args.quiet:
            print("game %d (round %d): %s" % (game["id"] + 1, game["round"], field(result.describe())),
                  file=sys.stderr)
            if result.forfeit and result.forfeit["traceback"]:
                print(_indent(result.forfeit["traceback"]), file=sys.stderr)
        if args.out:
            saved.write_record(args.out, tournament, game, result)

    pool = None
    if args.cluster:
        from kalah.lab.cluster import DaskPool
        pool = DaskPool(args.cluster)
    results = play_tournament(tournament, specs, rules, args.time, args.jobs, on_result=on_result,
                              sandbox=sandbox, pool=pool, done=done, nodes=args.nodes)
    if args.out:
        with open(os.path.join(args.out, "standings.txt"), "w") as handle:
            handle.write(format_standings(tournament, field) + "\n\n" + format_crosstable(tournament, field) + "\n")
        with open(os.path.join(args.out, "standings.json"), "w") as handle:
            json.dump(saved.summary(tournament, results), handle, indent=1)
    if args.csv:
        _write_text(args.csv, exports.standings_csv(tournament, specs))
    if args.games:
        _write_text(args.games, exports.games_file(exports.tournament_records(tournament, results, "tournament")))
    if args.json:
        print(json.dumps(saved.summary(tournament, results), indent=1))
    else:
        print(format_standings(tournament, field))
        print()
        print(format_crosstable(tournament, field))
    return 0


def _check_writable(option, path):
    """Refuse before any game is played a file that could not be written at the end."""
    folder = os.path.dirname(path) or "."
    if os.path.isdir(path) or not os.path.isdir(folder):
        raise KalahError("%s %s: %s" % (option, path, "a folder, not a file" if os.path.isdir(path)
                                        else "no folder %s to write it in" % folder))


def _write_text(path, text):
    # newline="": the CSV's CRLF line ends stay as written on every system.
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)


def _indent(text):
    """A traceback under its game's line, every line indented: none of its lines (the bot's
    message may hold newlines) can pass for a line of the referee's."""
    return "\n".join("    " + line for line in text.rstrip().split("\n"))


def main(argv=None):
    """`python -m kalah tournament ARGS`, bad input reported as every subcommand reports it."""
    from kalah.cli import main as kalah_main
    return kalah_main(["tournament"] + list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    sys.exit(main())
