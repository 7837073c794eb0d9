"""The bot lab's players: their names, and those saved in this browser.

Saved players live in localStorage under PLAYERS_KEY as JSON
{name: {"source": text, "saved": ms}}. `read_shelf` is the one reader of
that text (pure: a damaged entry is left out with a message, never raised).
"""

import json

from pyscript import window

from kalah.errors import KalahError
from kalah.history import StorageFull

PLAYERS_KEY = "kalah.lab.players"
REFERENCE = ("random", "first", "rightmost", "greedy")
LEVELS = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8")
OURS = REFERENCE + LEVELS
MAX_NAME = 40
MAX_SOURCE = 200000


def valid_name(name):
    """The player's name, or raise KalahError saying what is wrong with it."""
    name = name.strip()
    if not name:
        raise KalahError("give your player a name")
    if len(name) > MAX_NAME:
        raise KalahError("a name has at most %d characters" % MAX_NAME)
    for c in name:
        if not (c.isalpha() or c.isdigit() or c in "_-. "):
            raise KalahError("a name may hold letters, digits, spaces and _ - . only, not '%s'" % c)
    if name in OURS:
        raise KalahError("'%s' is the name of one of our players: choose another" % name)
    return name


def read_shelf(text):
    """(players {name: entry}, problem message or None, damaged: keep the text aside)
    from the stored text (None when nothing is stored)."""
    if text is None:
        return {}, None, False
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a dictionary")
    except ValueError as error:
        return {}, "The saved players could not be read (%s); they were kept under %s.bad." % (
            error, PLAYERS_KEY), True
    players, problem = {}, None
    for name in data:
        entry = data[name]
        if isinstance(entry, dict) and isinstance(entry.get("source"), str):
            players[name] = entry
        else:
            problem = "A saved player (%s) could not be read and was left out." % name
    return players, problem, False


class PlayerShelf:
    """The players saved in this browser, by name (localStorage)."""

    def __init__(self, store):
        self.store = store
        text = store.get(PLAYERS_KEY)
        self.players, self.problem, damaged = read_shelf(text)
        if damaged:
            try:
                store[PLAYERS_KEY + ".bad"] = text     # kept aside, never lost
            except StorageFull:
                pass

    def names(self):
        return sorted(self.players)

    def source(self, name):
        return self.players[name]["source"]

    def save(self, name, source):
        players = dict(self.players)
        players[name] = {"source": source, "saved": int(window.Date.now())}
        self._write(players)

    def delete(self, name):
        players = dict(self.players)
        players.pop(name, None)
        self._write(players)

    def _write(self, players):
        self.store[PLAYERS_KEY] = json.dumps(players)   # StorageFull leaves the old list
        self.players = players
