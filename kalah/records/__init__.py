"""Game records and their forms, one module each (as python-chess keeps `chess.pgn`):

    record.py     Record (rule set, moves, names, start, forfeit, meta) and its JSON
    compact.py    the compact link text, 'k1.K64.sAda.m36'
    pgn.py        PGN-like tags and move text
    identity.py   game ids, content hashes and players' names
    detect.py     any of these (or a link, a position text) read by its form

Import what you use from its module (`from kalah.records.record import Record`);
docs/formats.md gives each format's grammar.
"""
