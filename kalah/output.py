"""Writing what the builders make (the endgame tables, the books, the puzzle sets), whole or not at all.

Below the solver and the command line, which both write them; imports nothing of the package."""

import os


def write_file(path, data):
    """Write the bytes `data` to `path` through a temporary file, so that a
    build stopped halfway leaves the old file whole (the builders' output)."""
    with open(path + ".tmp", "wb") as handle:
        handle.write(data)
    os.replace(path + ".tmp", path)
