"""Reading the bot lab's saved players back from browser storage (pure Python).

The lab page keeps every player a student saved as one JSON object under one
localStorage key: {name: {"source": text, "saved": ms}}. Storage can hold
anything (another version of the page, a hand edit, a full disk mid-write),
so the text is read like any file: size cap, JSON with its nesting checked,
and each player on its own, so one bad entry does not lose the others.
"""

from kalah.errors import KalahError
from kalah.input_guards import MAX_LAB_PLAYERS, check_text, load_json

MAX_NAME = 40          # characters in a player's name
MAX_SOURCE = 200000    # characters in a player's source


def read_players(text):
    """({name: {"source": text, "saved": ms}}, [names left out]) from the stored text.

    KalahError saying why when the text as a whole cannot be read."""
    check_text(text, "the saved players", MAX_LAB_PLAYERS)
    data = load_json(text)
    if not isinstance(data, dict):
        raise KalahError("the saved players are not a JSON object of name: player")
    players = {}
    skipped = []
    for name in data:
        entry = data[name]
        if (len(name) <= MAX_NAME and isinstance(entry, dict) and isinstance(entry.get("source"), str)
                and len(entry["source"]) <= MAX_SOURCE):
            saved = entry.get("saved")
            if not isinstance(saved, (int, float)) or isinstance(saved, bool):
                saved = 0
            players[name] = {"source": entry["source"], "saved": saved}
        else:
            skipped.append(name[:MAX_NAME])
    return players, sorted(skipped)
