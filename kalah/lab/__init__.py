"""The bot lab: students' players (two interfaces), the forfeit rule, tournaments.

- `interfaces`: the boards the two student interfaces see (MicroPython-safe);
- `loader`: `load_bot_file(path_or_source, name=None) -> BotPlayer` (CPython/Pyodide);
- `runner`: one game between two players with the forfeit rule;
- `tournament`: round robin and Swiss pairings, standings, crosstable (MicroPython-safe).
"""
