"""The game itself: rule sets (`rules`), positions and moves (`board`), move notation and text
pictures (`notation`), the words for what happened (`narration`) and a game played board after
board (`replay`).

What every other part of the package builds on. It imports only `kalah.errors` and
`kalah.input_guards` below it (the import contracts in pyproject.toml keep it so). Pure Python
that runs under CPython, Pyodide and MicroPython.
"""
