"""The bot lab: students' players (two interfaces), the forfeit rule, tournaments.

- `interfaces`: the boards the two student interfaces see (MicroPython-safe);
- `loader`: `load_bot_file(path_or_source, name=None) -> BotPlayer`, the
  deadline and the lookahead protocol (CPython and Pyodide);
- `game`: `LabGame`, one game answer by answer with the forfeit rule (MicroPython-safe);
- `seats`: a player at the table (in this process, or in its own sandboxed
  process spoken to in JSON lines: the referee's side of the protocol), with
  `sandbox` and `seccomp` (bubblewrap and its filter), `process_tree` (a
  player's CPU time and its cgroup) and `bot_process` (the player's side) (CPython; the
  in-process seat also in Pyodide);
- `runner`: games, matches and tournaments between seats on the command line
  (CPython), with `player_files` (students' files read as text), `results`
  (the results on disk) and `cluster` (games on Dask);
- `tournament`: round robin and Swiss pairings, standings, crosstable (MicroPython-safe);
- `worker_api`: the calls the page's Pyodide worker runs (Pyodide);
- `highlight`: the editor's Python highlighting (MicroPython-safe);
- `templates/`: the two starter players, also served to the page.
"""
