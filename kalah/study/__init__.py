"""Study tools: the analysis board's link and editor (`analysis`, `analysis_link`), proven
puzzles (`puzzles` for the format and links, `puzzle_maker` for the rule a position becomes a
puzzle by, `history_puzzles` and `puzzle_worker` for puzzles from the player's own games) and
the rules page's "try it" positions (`rules_tour`).

It sits above the library (it reads links through `kalah.library.fragments`) and may use the
computer (`kalah.ai`) and, offline only, the exact solver (`kalah.solver`); the pages and the
command line sit above it.
"""
