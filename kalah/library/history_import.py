"""Reading an imported file or pasted text into the history, a slice at a time.

Takes this site's history export, one record as JSON, a list of records,
PGN-like text (one or more games), a compact record, or the site's own
share or embed link (or embed code) holding one. `read_import(text)`
reads it all at once (the command line, tests); `ImportJob` reads and merges
it in small steps, so that the history page can give the browser back its
thread every few milliseconds and show how far it got: a 2,000-game file
takes seconds under the page's MicroPython.

Every problem is a KalahError naming it: a file over the size cap, a
binary file ("it looks like a PNG image"), JSON that is malformed ("not
valid JSON: <reason> at line L column C") or nested too deeply, a history
file with a schema this page does not know, and the first game that does
not read.
"""

import json

from kalah.errors import N_, KalahError, Reason
from kalah.library.history import EXPORT_FORMAT, SCHEMA, Entry, entry_from_json, within
from kalah.input_guards import (MAX_IMPORT, SYNTAX_ERROR, check_encodable, check_not_binary, check_text,
                                load_json, too_deep, without_bom)
from kalah.library.json_split import JsonSplitter
from kalah.library.links import link_fragment, parse_fragment
from kalah.records import compact, pgn
from kalah.records.record import Record

NOT_A_RECORD = Reason(N_("this file is not a game record or history export"))
THE_FILE = Reason(N_("the file"))
_RECURSION = getattr(__import__("builtins"), "RecursionError", RuntimeError)


def read_import(text):
    """The games of an imported file or pasted text: a list of Entries (KalahError saying what is wrong)."""
    entries = []
    for _ in import_steps(text, entries):
        pass
    return entries


def import_steps(text, entries, progress=None):
    """Read `text`, appending its games to `entries`; a generator that yields between small steps.

    `progress`, when given, is a list [done, total] kept up to date (games read, games found)."""
    if progress is None:
        progress = [0, 0]
    # Each pass over the whole text is a step of its own: for a 600 kB file each takes
    # 1-5 ms under the page's MicroPython, together (with the splitter's start) 30.
    check_text(text, THE_FILE, MAX_IMPORT)
    check_encodable(text, THE_FILE)
    text = without_bom(text)
    yield
    check_not_binary(text, NOT_A_RECORD)
    yield
    stripped = text.strip()
    yield
    if not stripped:
        raise KalahError(N_("there is nothing to import (it is empty)"))
    fragment = link_fragment(stripped)
    if fragment is not None:   # the site's own share or embed link, or its embed code
        progress[1] = 1
        entries.append(Entry(_linked_record(fragment)))
        progress[0] = 1
        return
    first = stripped[:2]
    pgn_tag = first[:1] == "[" and first[1:2].isalpha()
    if first[:1] in "[{" and not pgn_tag:
        for step in _json_steps(text, entries, progress):
            yield step
        return
    if first[:1] == "k" and " " not in stripped and "\n" not in stripped:
        progress[1] = 1
        entries.append(Entry(compact.read(stripped)))
        progress[0] = 1
        return
    games = split_pgn(stripped)
    progress[1] = len(games)
    for game in games:
        entries.append(Entry(pgn.read(game)))
        progress[0] += 1
        yield


def _linked_record(fragment):
    link = parse_fragment(fragment)
    if link.record is None:
        raise KalahError(N_("this link opens a game of the history of the browser that made it (l=%(id)s), "
                            "not a game record; share the game from its replay page instead"), id=link.local_id)
    return link.record


def split_pgn(text):
    """The games of a PGN-like text: each starts at its first tag after the previous game's moves."""
    games = []
    lines = []
    in_moves = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and in_moves:
            games.append("\n".join(lines))
            lines = []
            in_moves = False
        elif stripped and not stripped.startswith("["):
            in_moves = True
        lines.append(line)
    games.append("\n".join(lines))
    return games


def _json_steps(text, entries, progress):
    splitter = JsonSplitter(text)
    for step in splitter.steps():
        yield step
    try:
        if splitter.malformed:
            raise ValueError("unbalanced")
        frame = json.loads(splitter.skeleton)
    except _RECURSION:
        raise too_deep()
    except ValueError:
        _malformed(text, splitter)
    yield

    def item(value, number):
        """The game at this place: its JSON value, parsed now."""
        if not (isinstance(value, dict) and list(value) == ["i"] and isinstance(value["i"], int)):
            return value
        index = value["i"]
        try:
            return load_json(splitter.items[index])
        except KalahError as error:
            raise KalahError(_placed(str(error), splitter, index))

    if isinstance(frame, dict) and frame.get("format") == EXPORT_FORMAT:
        games, entry = _export_games(frame), entry_from_json        # a history's export: its entries
    elif isinstance(frame, list):
        games, entry = frame, lambda game: Entry(Record.from_dict(game))   # a list of records
    else:
        progress[1] = 1
        entries.append(Entry(Record.from_dict(load_json(text))))  # one record: whole, as written
        progress[0] = 1
        return
    progress[1] = len(games)
    for number, game in enumerate(games):
        try:
            entries.append(entry(item(game, number)))
        except KalahError as error:
            raise KalahError(N_("game %(number)d of the file: %(reason)s"), number=number + 1, reason=within(error))
        progress[0] += 1
        yield


def _malformed(text, splitter):
    """Raise the parser's message for the whole text, or the splitter's where the parser gives no place."""
    try:
        load_json(text)
    except KalahError as error:
        if " at line " in str(error) or not splitter.malformed:
            raise
    reason, offset = splitter.malformed or (Reason(SYNTAX_ERROR), 0)
    line, column = splitter.position(offset)
    raise KalahError(N_("not valid JSON: %(reason)s at line %(line)d column %(column)d"), reason=reason, line=line,
                     column=column)


def _export_games(frame):
    schema = frame.get("schema")
    if schema is None:
        raise KalahError(N_("the history file has no schema number"))
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise KalahError(N_("the history file's schema must be a number, not %(value)s"), value=_shown(schema))
    if schema > SCHEMA:
        raise KalahError(N_("this history file is from a newer version of the site (schema %(schema)d; this page "
                            "reads %(known)d)"), schema=schema, known=SCHEMA)
    if schema < 1:
        raise KalahError(N_("the history file's schema must be 1 or more, not %(value)d"), value=schema)
    games = frame.get("games")
    if not isinstance(games, list):
        raise KalahError(N_("the history file has no list of games"))
    return games


def _shown(value):
    text = "'%s'" % value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _placed(message, splitter, index):
    """A JSON error inside one game, placed in the whole file: 'at line 1 column 5' -> the file's line."""
    marker = " at line "
    at = message.rfind(marker)
    line, column = splitter.position(splitter.starts[index])
    if at < 0:
        return "%s in the game at line %d column %d" % (message, line, column)
    where = message[at + len(marker):].split(" column ")
    try:
        inner_line, inner_column = int(where[0]), int(where[1])
    except (ValueError, IndexError):
        return message
    if inner_line == 1:
        inner_column += column - 1
    return "%s at line %d column %d" % (message[:at], line + inner_line - 1, inner_column)


class ImportJob:
    """Read a file and merge its games into a History, a slice of work at a time.

        job = ImportJob(history, text, now)
        while not job.run(clock_ms):     # each call works about budget_ms, then returns
            show(job.progress_text()); let the browser breathe
        job.counts                       # (added, updated, unchanged)

    `run` raises KalahError (nothing was merged when reading failed) or
    StorageFull (the games merged before storage filled up stay).
    """

    def __init__(self, history, text, now=0):
        self.history = history
        self.now = now
        self.entries = []
        self.read = [0, 0]            # games read, games found
        self.merged = [0, 0, 0]       # added, updated, unchanged
        self.phase = "reading"
        self.counts = None
        self._steps = self._all_steps(text)

    def _all_steps(self, text):
        for step in import_steps(text, self.entries, self.read):
            yield step
        self.phase = "merging"
        yield
        for step in self.history.merge_steps(self.entries, self.now, self.merged):
            yield step
        self.counts = tuple(self.merged)
        self.phase = "done"

    def run(self, clock_ms, budget_ms=12, max_steps=400):
        """Work until `budget_ms` have passed on `clock_ms()` (or max_steps steps); True once done."""
        start = clock_ms()
        steps = 0
        for _ in self._steps:
            steps += 1
            if steps >= max_steps or clock_ms() - start >= budget_ms:
                return False
        return True

    def progress(self):
        """(done, total) over both phases, for a progress bar."""
        if self.phase == "reading":
            return self.read[0], 2 * max(1, self.read[1])
        return len(self.entries) + sum(self.merged), 2 * max(1, len(self.entries))

    def progress_text(self):
        if self.phase == "reading":
            if not self.read[1]:
                return "Reading the file\u2026"
            return "Reading the games: %d of %d\u2026" % (self.read[0], self.read[1])
        done = sum(self.merged)
        return "Adding the games to your history: %d of %d\u2026" % (done, len(self.entries))
