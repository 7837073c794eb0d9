"""The bot lab's players: their names, and those saved in this browser.

Saved players live in localStorage under PLAYERS_KEY as JSON
{name: {"source": text, "saved": ms}}; `kalah.lab.saved_players` reads that
text back (pure Python: size cap, nesting, one bad entry left out alone).
"""

import json

from pyscript import window

from kalah.errors import KalahError
from kalah.history import StorageFull
from kalah.lab.saved_players import MAX_NAME, MAX_SOURCE, read_players

PLAYERS_KEY = "kalah.lab.players"
REFERENCE = ("random", "first", "rightmost", "greedy")
LEVELS = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8")
OURS = REFERENCE + LEVELS


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


class PlayerShelf:
    """The players saved in this browser, by name (localStorage)."""

    def __init__(self, store):
        self.store = store
        self.problem = None
        self.players = {}
        text = store.get(PLAYERS_KEY)
        if text is None:
            return
        try:
            self.players, skipped = read_players(text)
        except KalahError as error:
            self.problem = "The saved players could not be read (%s); they were kept under %s.bad." % (
                error, PLAYERS_KEY)
            try:
                store[PLAYERS_KEY + ".bad"] = text     # kept aside, never lost
            except StorageFull:
                pass
            return
        if skipped:
            self.problem = "A saved player (%s) could not be read and was left out." % ", ".join(skipped)

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
