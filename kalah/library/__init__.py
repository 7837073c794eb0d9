"""The player's library of games: the history kept in the browser (`history`), reading an
imported file into it (`history_import`, `json_split`), and the links that carry a game or a
setup (`links` for share, correspondence and embed links, `presets` for the play page's preset
games, `fragments` for the key=value fragments they are written in).

It imports the game (`kalah.game`), the records (`kalah.records`) and, for the presets' player
names, the computer's registry (`kalah.ai`); never the study tools, the pages or the command
line. Pure Python: storage is passed in, so the same code runs on localStorage and in tests.
"""
