"""A tournament's results as the files a teacher keeps: the standings for a gradebook, the games.

The same code in the page (MicroPython: the lab's export buttons) and on the
command line (`python -m kalah tournament ... --csv F --games F`):

    standings_csv(tournament, specs)   CSV text, one row per entrant, best first
    tournament_records(tournament, results, source)
                                       each game's Record, in game order
    games_file(records)                one JSON list of records (kalah-record, docs/formats.md),
                                       which history.html's import reads

The CSV (RFC 4180, UTF-8, CRLF line ends) has the columns of CSV_COLUMNS. A
name, a file name and a forfeit reason come from a student's file, so each
text field is quoted, its control characters become spaces (one line per
entrant, whatever a bot's exception said), and one that a spreadsheet would
read as a formula (starting with = + - @, a tab or a carriage return) is
prefixed with an apostrophe (also after leading spaces), as OWASP advises against CSV
injection:

    >>> csv_field("=HYPERLINK(\\"x\\")")
    '"\\'=HYPERLINK(""x"")"'
    >>> csv_field("ada")
    '"ada"'
"""

CSV_COLUMNS = ("rank", "name", "file", "points", "games", "wins", "draws", "losses", "forfeits",
               "forfeit reasons", "seeds")
FORMULA_STARTS = "=+-@"


def entrant_file(spec):
    """The file an entrant's player came from (its name only), or "" for one of our players."""
    if spec.get("ai"):
        return ""
    path = spec.get("filename")
    return path.replace("\\", "/").split("/")[-1] if path else spec["name"] + ".py"


def csv_field(value):
    """One CSV cell: a number as it is; text quoted, control characters as spaces, a formula defused."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = "".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in str(value))
    # Spreadsheets skip leading spaces (a tab or CR became one) before they look for a formula.
    if text.lstrip(" ")[:1] in FORMULA_STARTS and text.strip(" "):
        text = "'" + text
    return '"%s"' % text.replace('"', '""')


def forfeit_reasons(tournament):
    """{player index: ["game 3: time: no move within ...", ...]}: each forfeit of each player."""
    reasons = {}
    for game in tournament.games:
        result = tournament.results.get(game["id"])
        forfeit = result and result.get("forfeit")
        if not forfeit:
            continue
        player = game["south"] if forfeit.get("side") == 0 else game["north"]
        text = forfeit.get("reason") or "no reason given"
        if forfeit.get("kind"):
            text = "%s: %s" % (forfeit["kind"], text)
        reasons.setdefault(player, []).append("game %d: %s" % (game["id"] + 1, text))
    return reasons


def standings_csv(tournament, specs):
    """The standings as CSV text: a header, then one row per entrant (specs[i] is player i's spec)."""
    reasons = forfeit_reasons(tournament)
    lines = [",".join(CSV_COLUMNS)]
    for row in tournament.standings():
        player = row["player"]
        cells = [row["rank"], row["name"], entrant_file(specs[player]), row["points"], row["games"],
                 row["wins"], row["draws"], row["losses"], row["forfeits"],
                 "; ".join(reasons.get(player, [])), row["seeds"]]
        lines.append(",".join(csv_field(cell) for cell in cells))
    return "\r\n".join(lines) + "\r\n"


def game_meta(tournament, game, source):
    """The meta of a tournament game's record: where it was played (`source`: "tournament" on the
    command line, "lab-tournament" in the page), the system, its number, round and the seed."""
    return {"source": source, "system": tournament.system, "game": game["id"] + 1, "round": game["round"],
            "seed": tournament.seed}


def tournament_records(tournament, results, source):
    """The Record of each finished game ({game id: LabGame} in `results`), in game order."""
    return [results[game["id"]].record(game_meta(tournament, game, source))
            for game in tournament.games if game["id"] in results]


def games_file(records):
    """The records as one JSON list, one record a line (history.html imports it whole)."""
    return "[\n" + ",\n".join(record.to_json() for record in records) + "\n]\n"
