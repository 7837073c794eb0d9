"""The history of games: every game kept in a small key-value store.

Pure Python (CPython and MicroPython). The store is passed in and needs only
the dict operations `get`, `[key] = text`, `del [key]` and `keys()`: tests use
a plain dict, the page wraps localStorage (kalah/web/common/storage.py). A store
that is full raises StorageFull from its `__setitem__`.

Layout (schema 2): one key per game, so that a tab only ever writes the games
it plays and two tabs never rewrite each other's:

    kalah.schema        "2"
    kalah.game.<id>     {"v": 2, "id": ..., "saved": ms, "writer": tab, "record": {...}}
    kalah.aside.<id>    an entry that could not be read, kept as it was

Schema 1 kept the whole history as one JSON list under `kalah.history`; a
store still in that layout is migrated on first load, each game of it that
cannot be read kept under `kalah.aside.legacy-<n>` before the old key is
deleted (and the old key kept whole when there is no room for them). A
corrupted entry is moved aside and reported (`History.problems`) while every
other game loads.

A stored summary lists a game without replaying it; the summary is checked
against the moves whenever the game is replayed (`Entry.record`), and by
`History.check_summaries()` for every game: one that contradicts its moves is
replaced by the facts the moves give, rewritten and reported.
"""

import json

from kalah.errors import N_, KalahError, Reason
from kalah.input_guards import MAX_IMPORT, MAX_STORED, check_text, load_json
from kalah.records.identity import fingerprint, game_id, player_name, valid_id
from kalah.records.record import Record

SCHEMA = 2
SCHEMA_KEY = "kalah.schema"
GAME_PREFIX = "kalah.game."
ASIDE_PREFIX = "kalah.aside."
LEGACY_KEY = "kalah.history"  # schema 1: every game in one list
# A problem whose key starts so is a note on a game that stays (a summary corrected), not an entry
# set aside: discarding it forgets the note and never removes the game.
NOTE_PREFIX = "note:"
EXPORT_FORMAT = "kalah-history"

FINISHED = "finished"
UNFINISHED = "unfinished"
ABANDONED = "abandoned"   # a new game was started while this one was unfinished
STATUSES = (FINISHED, UNFINISHED, ABANDONED)


class StorageFull(KalahError):
    """The store refused a write because it is full; nothing was changed."""


class Entry:
    """One saved game and the facts the history page lists.

    An entry read from storage with its summary keeps the record as stored
    and replays it only when `record` is first used, so that a long history
    lists quickly under MicroPython.
    """

    def __init__(self, record, saved=0, writer="", stored=None):
        self.saved = saved
        self.writer = writer
        self._record = record
        self._raw = None
        if stored is not None:
            self._from_summary(*stored)
        else:
            self.id = game_id(record)
            self._summarize(record)

    def _summarize(self, record):
        outcome = record.outcome()
        if outcome is not None:
            self.status = FINISHED
        elif record.meta.get("abandoned") is True:
            self.status = ABANDONED
        else:
            self.status = UNFINISHED
        self.south = player_name(record, 0)
        self.north = player_name(record, 1)
        self.rules = record.rules
        date = record.date or record.meta.get("date")
        self.date = date if isinstance(date, str) else ""
        self.moves = len(record.moves)
        self.result = outcome.result() if outcome is not None else self.status
        self.winner = outcome.winner if outcome is not None else None
        self.fingerprint = fingerprint(record)

    def _from_summary(self, raw, summary, gid):
        """The facts from a stored summary; the record is replayed on first use.

        KalahError when the summary does not fit the record.
        """
        self._raw = raw
        self.id = gid
        moves = raw.get("moves")
        if not isinstance(moves, list) or summary.get("moves") != len(moves):
            raise KalahError(N_("its summary does not match its record"))
        for name in ("status", "south", "north", "rules", "date", "result", "fingerprint"):
            value = summary.get(name)
            if not isinstance(value, str) or len(value) > 300:
                raise KalahError(N_("its summary has no valid '%(field)s'"), field=name)
            setattr(self, name, value)
        if self.status not in STATUSES or summary.get("winner") not in (0, 1, None):
            raise KalahError(N_("its summary has no valid status or winner"))
        self.moves = len(moves)
        self.winner = summary.get("winner")

    @property
    def record(self):
        if self._record is None:
            record = Record.from_dict(self._raw)
            record.meta["id"] = self.id
            stored, said = self.summary(), self.result_text()
            self._summarize(record)
            self._record = record
            if self.summary() != stored:
                self.summary_problem = Reason(N_("its stored summary said '%(said)s' but its moves give "
                                                 "'%(actual)s'"), said=said, actual=self.result_text())
        return self._record

    summary_problem = None    # set when the stored summary contradicted the replayed moves

    def result_text(self):
        """'Ann won 32-16' or 'draw 24-24' (the winner's score first), else the status."""
        if self.status != FINISHED:
            return self.status
        scores = self.result.split("-")
        if self.winner == 1 and len(scores) == 2:
            scores.reverse()
        score = "-".join(scores)
        return "draw %s" % score if self.winner is None else "%s won %s" % (self.winner_name(), score)

    def winner_name(self):
        if self.winner is None:
            return None
        return self.south if self.winner == 0 else self.north

    def summary(self):
        return {"status": self.status, "south": self.south, "north": self.north, "rules": self.rules,
                "date": self.date, "result": self.result, "winner": self.winner, "moves": self.moves,
                "fingerprint": self.fingerprint}

    def to_json(self):
        raw = self._raw if self._record is None else self._record.to_dict()
        return {"v": SCHEMA, "id": self.id, "saved": self.saved, "writer": self.writer,
                "summary": self.summary(), "record": raw}


def entry_from_json(data, trust_summary=False):
    """An Entry from its stored JSON value (any schema): KalahError if unreadable.

    trust_summary: take the stored summary instead of replaying the record
    now (this browser's own storage; never for a file from elsewhere).
    """
    if not isinstance(data, dict):
        raise KalahError(N_("a saved game must be a JSON object"))
    data = migrate_entry(data)
    saved = data.get("saved", 0)
    writer = data.get("writer", "")
    if (not isinstance(saved, (int, float)) or isinstance(saved, bool) or not -1e15 < saved < 1e15
            or not isinstance(writer, str)):
        raise KalahError(N_("a saved game's 'saved' must be a time in milliseconds and 'writer' text"))
    raw = data.get("record")
    if not isinstance(raw, dict):
        raise KalahError(N_("a saved game has no record"))
    stored_id = data.get("id")
    summary = data.get("summary")
    if trust_summary and isinstance(summary, dict) and isinstance(stored_id, str) and valid_id(stored_id):
        return Entry(None, int(saved), writer, stored=(raw, summary, stored_id))
    record = Record.from_dict(raw)
    if isinstance(stored_id, str) and valid_id(stored_id):
        record.meta["id"] = stored_id
    return Entry(record, int(saved), writer)


def migrate_entry(data):
    """Bring one stored entry to the current schema, step by step."""
    version = data.get("v", 1)
    if not isinstance(version, int) or version < 1:
        raise KalahError(N_("a saved game has no valid schema version"))
    if version > SCHEMA:
        raise KalahError(N_("a saved game is from a newer version of the site (schema %(schema)d; this page reads "
                            "%(known)d)"), schema=version, known=SCHEMA)
    if version == 1:
        # Schema 1 entries were the bare record with the save time inside it.
        record = dict(data)
        record.pop("v", None)
        saved = record.pop("saved", 0)
        meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        data = {"v": 2, "id": meta.get("id"), "saved": saved, "writer": "", "record": record}
    return data


class History:
    """All saved games of one store, and the problems met reading it."""

    def __init__(self, store, load=True):
        """load=False: only to save games (the play page after every move), without reading the others."""
        self.store = store
        self.entries = {}    # id -> Entry
        self._problems = []   # (key, Reason) of entries set aside, and notes (NOTE_PREFIX)
        self.unreplayable = set()   # ids of listed games whose moves do not replay (check_summaries)
        if load:
            self.load()
        else:
            self._migrate_store()

    # -- reading -----------------------------------------------------------
    def load(self):
        self.entries = {}
        self._problems = []
        self._migrate_store()
        reported = set(key for key, _ in self._problems)     # set aside by the migration just now
        for key in sorted(self.store.keys()):
            if key.startswith(GAME_PREFIX):
                self._load_one(key)
            elif key.startswith(ASIDE_PREFIX) and key not in reported:
                self._problems.append((key, Reason(N_("set aside earlier: it could not be read"))))

    def _load_one(self, key):
        text = self.store.get(key)
        try:
            entry = entry_from_json(read_stored(text), trust_summary=True)
            if GAME_PREFIX + entry.id != key:
                raise KalahError(N_("its id does not match its key"))
        except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
            self._set_aside(key, text, error)
            return
        self.entries[entry.id] = entry

    def _set_aside(self, key, text, error):
        aside = ASIDE_PREFIX + key[len(GAME_PREFIX):]
        game = key[len(GAME_PREFIX):]
        message = Reason(N_("saved game %(id)s could not be read (%(reason)s); it was set aside"), id=game,
                         reason=within(error))
        try:
            self.store[aside] = text if isinstance(text, str) else repr(text)
            del self.store[key]
        except StorageFull:
            aside = key  # no room to move it: leave it where it is, still reported
            message = Reason(N_("saved game %(id)s could not be read (%(reason)s)"), id=game, reason=within(error))
        self._problems.append((aside, message))
        return aside != key

    def _set_legacy_game_aside(self, number, data, error):
        """Keep game `number` of the old history (unreadable) under its own aside key; False
        when there is no room (the old history is then kept whole, and this said)."""
        aside = ASIDE_PREFIX + "legacy-%d" % number
        message = Reason(N_("game %(number)d of the old history could not be read (%(reason)s)"), number=number,
                         reason=within(error))
        try:
            self.store[aside] = json.dumps(data)
        except StorageFull:
            self._problems.append((LEGACY_KEY, Reason(N_("%(problem)s; no room to set it aside: the old history "
                                                         "is kept as it was under %(key)s"), problem=message,
                                                      key=LEGACY_KEY)))
            return False
        self._problems.append((aside, Reason(N_("%(problem)s; it was set aside as %(key)s"), problem=message,
                                             key=aside)))
        return True

    def check_summaries(self, limit=None):
        """Replay the games listed from their stored summaries (at most `limit` of them, for a
        page that checks a few at a time); one whose summary contradicts its moves takes the
        facts the moves give, is written back and reported. How many are left to check."""
        unchecked = [entry for entry in self.entries.values()
                     if entry._record is None and entry.id not in self.unreplayable]
        for entry in unchecked[:limit]:
            try:
                entry.record
            except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError):
                self.unreplayable.add(entry.id)   # listed, and refused with its error when opened
                continue
            self._report_summary(entry)
        return 0 if limit is None else max(0, len(unchecked) - limit)

    def _report_summary(self, entry):
        if entry.summary_problem is None:
            return
        key = GAME_PREFIX + entry.id
        problem = entry.summary_problem
        note = NOTE_PREFIX + key
        entry.summary_problem = None
        try:
            self.store[key] = json.dumps(entry.to_json())
            message = Reason(N_("saved game %(id)s: %(problem)s; corrected"), id=entry.id, problem=problem)
        except StorageFull:
            message = Reason(N_("saved game %(id)s: %(problem)s; corrected here, but the storage is full: not "
                                "saved"), id=entry.id, problem=problem)
        self._problems.append((note, message))

    def _migrate_store(self):
        legacy = self.store.get(LEGACY_KEY)
        if legacy is not None:
            try:
                check_text(legacy, Reason(N_("the old history")), MAX_IMPORT)
                games = load_json(legacy)
                if not isinstance(games, list):
                    raise KalahError(N_("the old history is not a list"))
            except (KalahError, ValueError) as error:
                if self._set_aside(GAME_PREFIX + "legacy", legacy, error):
                    self._remove(LEGACY_KEY)
                games = []
            kept = True
            for number, data in enumerate(games, 1):
                try:
                    entry = entry_from_json(data)
                except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError) as error:
                    kept = self._set_legacy_game_aside(number, data, error) and kept
                    continue
                if self.store.get(GAME_PREFIX + entry.id) is None:
                    self.store[GAME_PREFIX + entry.id] = json.dumps(entry.to_json())
            if kept:      # every game of it is now a game or kept aside: the old key may go
                self._remove(LEGACY_KEY)
        if self.store.get(SCHEMA_KEY) != str(SCHEMA):
            self.store[SCHEMA_KEY] = str(SCHEMA)

    def _remove(self, key):
        if self.store.get(key) is not None:
            del self.store[key]

    def get(self, game):
        return self.entries.get(game)

    # -- writing -----------------------------------------------------------
    def save(self, record, now=0, writer=""):
        """Save a game (after every move); return the id it was saved under.

        A game another tab (`writer`) saved and that this record does not
        continue is never overwritten: this record becomes a new game, and
        its meta "id" is changed to say so. Raises StorageFull when the store
        has no room; the store is then as it was.

        A game with no move and no result (every move undone) has no entry:
        saving it removes the entry this writer made, and keeps nothing.
        """
        gid = game_id(record)
        key = GAME_PREFIX + gid
        held = self._read_entry(key)
        if not record.moves and record.forfeit is None:
            if held is not None and held.writer == writer:
                self.entries.pop(gid, None)
                self._remove(key)
            record.meta["id"] = gid
            return gid
        if held is not None and held.writer != writer and not self._continues(held, record):
            gid = self._fork_id(gid, record)
            key = GAME_PREFIX + gid
        record.meta["id"] = gid
        entry = Entry(record, now, writer)
        self.store[key] = json.dumps(entry.to_json())
        self.entries[gid] = entry
        return gid

    def _continues(self, held, record):
        try:
            return is_prefix(held.record, record)
        except KalahError:
            return True  # the stored copy no longer replays: the game in play replaces it

    def mark_abandoned(self, game):
        """An unfinished game the player left for a new one: listed as abandoned, not resumed."""
        entry = self._read_entry(GAME_PREFIX + game)
        if entry is None or entry.status != UNFINISHED:
            return
        entry.record.meta["abandoned"] = True
        self.restore(Entry(entry.record, entry.saved, entry.writer))

    def _read_entry(self, key):
        text = self.store.get(key)
        if text is None:
            return None
        try:
            return entry_from_json(read_stored(text), trust_summary=True)
        except (KalahError, ValueError, TypeError, KeyError, AttributeError, IndexError):
            return None

    def _fork_id(self, gid, record):
        base = gid[:30] + "-" + fingerprint(record)[:6]
        candidate = base
        n = 2
        while self.store.get(GAME_PREFIX + candidate) is not None:
            candidate = "%s-%d" % (base, n)
            n += 1
        return candidate

    def delete(self, game):
        """Remove a game; return its Entry so that `restore` can undo."""
        entry = self.entries.pop(game, None)
        if entry is None:
            raise KalahError(N_("no saved game %(id)s"), id=game)
        self._remove(GAME_PREFIX + game)
        return entry

    def restore(self, entry):
        self.store[GAME_PREFIX + entry.id] = json.dumps(entry.to_json())
        self.entries[entry.id] = entry

    def discard_problem(self, key):
        """Forget an entry that was set aside (a note: only the note, its game stays)."""
        if not key.startswith(NOTE_PREFIX):
            self._remove(key)
        self._problems = [p for p in self._problems if p[0] != key]

    @property
    def problems(self):
        """(key, English message) of the entries set aside and the notes, as the records say them."""
        return [(key, str(reason)) for key, reason in self._problems]

    def problem_reasons(self):
        """(key, Reason) of the same: what the history page says in its language."""
        return list(self._problems)

    # -- files -------------------------------------------------------------
    def export_json(self):
        """All games as one JSON text, for a file the user keeps."""
        games = [self.entries[g].to_json() for g in sorted(self.entries)]
        return json.dumps({"format": EXPORT_FORMAT, "schema": SCHEMA, "games": games})

    def merge(self, entries, now=0):
        """Add games without duplicates; return (added, updated, unchanged).

        A game already held is kept when it is the same or continues the
        incoming one; an incoming game that continues the held one replaces
        it; a different game under a held id is added under a new id.
        """
        counts = [0, 0, 0]
        for _ in self.merge_steps(entries, now, counts):
            pass
        return tuple(counts)

    def merge_steps(self, entries, now, counts):
        """`merge` one game per step (a generator), adding to counts [added, updated, unchanged],
        so that a page can yield between games."""
        known = {}
        for entry in self.entries.values():
            known[entry.fingerprint] = entry.id
        for entry in entries:
            self._merge_one(entry, now, known, counts)
            yield

    def _merge_one(self, entry, now, known, counts):
        if entry.fingerprint in known and self._replays(known[entry.fingerprint]):
            counts[2] += 1
            return
        kind = 0  # added
        held = self.entries.get(entry.id)
        if held is not None:
            try:
                held_record = held.record
            except KalahError:
                held_record = None  # the stored copy no longer replays: the imported one replaces it
            if held_record is not None and is_prefix(entry.record, held_record):
                counts[2] += 1
                return
            if held_record is None or is_prefix(held_record, entry.record):
                kind = 1  # updated
            else:
                entry.record.meta["id"] = self._fork_id(entry.id, entry.record)
                entry.id = entry.record.meta["id"]
        if not entry.saved:
            entry.saved = now
        try:
            self.restore(entry)
        except StorageFull:
            raise StorageFull(N_("browser storage is full: %(count)d games were imported before it filled up, "
                                 "the others were not"), count=counts[0] + counts[1])
        counts[kind] += 1
        known[entry.fingerprint] = entry.id

    def _replays(self, game):
        try:
            self.entries[game].record
        except KalahError:
            return False
        return True

    # -- lists and statistics -----------------------------------------------
    def listing(self, sort="date", descending=True, player="", rules="", status=""):
        """The entries to show, filtered and sorted.

        sort: date, saved, rules, players, result, moves. player: part of either
        name (any case). rules: a rule set name as listed. status: finished,
        unfinished or abandoned.
        """
        wanted = player.strip().lower()
        rows = []
        for entry in self.entries.values():
            if wanted and wanted not in entry.south.lower() and wanted not in entry.north.lower():
                continue
            if rules and entry.rules != rules:
                continue
            if status and entry.status != status:
                continue
            rows.append(entry)
        keys = {
            "date": lambda e: (e.date, e.saved, e.id),
            "saved": lambda e: (e.saved, e.id),
            "rules": lambda e: (e.rules, e.date, e.id),
            "players": lambda e: (e.south.lower(), e.north.lower(), e.date, e.id),
            "result": lambda e: (e.status, e.result, e.date, e.id),
            "moves": lambda e: (e.moves, e.date, e.id),
        }
        if sort not in keys:
            raise KalahError(N_("cannot sort by '%(key)s' (sort by: %(keys)s)"), key=sort, keys=", ".join(sorted(keys)))
        return spread_sorted(rows, keys[sort], descending)

    def rule_sets(self):
        return sorted(set(e.rules for e in self.entries.values()))

    def statistics(self):
        """{player: PlayerStats} over finished games."""
        table = {}
        for entry in self.entries.values():
            if entry.status != FINISHED:
                continue
            for side, name in ((0, entry.south), (1, entry.north)):
                stats = table.get(name)
                if stats is None:
                    stats = table[name] = PlayerStats(name)
                stats.add(entry.winner, side)
        return table

    def ranking(self):
        """Players best first: win ratio, then more draws (as the Kalah game API this project grew from ranked), then games."""
        players = list(self.statistics().values())
        players.sort(key=lambda s: (-s.ratio(), -s.draws, -s.games, s.name.lower()))
        return players


class PlayerStats:
    def __init__(self, name):
        self.name = name
        self.games = self.wins = self.draws = self.losses = 0

    def add(self, winner, side):
        self.games += 1
        if winner is None:
            self.draws += 1
        elif winner == side:
            self.wins += 1
        else:
            self.losses += 1

    def ratio(self):
        return self.wins / self.games if self.games else 0.0

    def ratio_text(self):
        return "%d%%" % round(100 * self.ratio())


def spread_sorted(rows, key, descending=False):
    """`sorted(rows, key=key, reverse=descending)`, fast under MicroPython too.

    MicroPython's sort is a quicksort with the last element as pivot: on rows
    already in order (a history saved game after game) it makes n^2/2
    comparisons, 1.2 s for 1,500 games in the page. Its keys are computed once
    and the rows visited in a spread-out order first (a stride coprime to n),
    which leaves no long run in order; ties keep a fixed order by position."""
    count = len(rows)
    step = max(1, int(count * 0.618))
    while _gcd(step, count) != 1:
        step += 1
    decorated = [(key(rows[i]), i) for i in ((j * step) % count for j in range(count))] if count else []
    decorated.sort(reverse=descending)
    return [rows[i] for _, i in decorated]


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def is_prefix(shorter, longer):
    """True when `longer` is `shorter` played on (same game, same or more moves)."""
    if shorter.rules != longer.rules or (shorter.start or "") != (longer.start or ""):
        return False
    n = len(shorter.moves)
    return n <= len(longer.moves) and list(longer.moves[:n]) == list(shorter.moves)


def error_text(error):
    text = str(error.args[0]) if error.args else error.__class__.__name__
    return text[:200]


def within(error):
    """A KalahError as the reason inside another's ('game 3 of the file: <reason>'): itself, for
    the pages to translate, or its English clipped as error_text clips it when it is that long."""
    text = error_text(error)
    return error if isinstance(error, KalahError) and text == str(error) else text


def read_stored(text):
    """The JSON value of a stored entry; KalahError when it is too long, not JSON or nested too deeply."""
    check_text(text, Reason(N_("the saved game")), MAX_STORED)
    return load_json(text)
