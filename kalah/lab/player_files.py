"""Students' player files on the command line: read as text, checked in their sandbox.

Every command that plays a student's file (`match`, `tournament`, with or
without `--cluster`) builds the player's spec here (`player_spec`: a
computer player's name or a file's path): the file is read as bytes and
decoded, never imported, compiled or run in the referee (a hostile file's
top-level code, or a source that makes `compile()` run out of memory, must
not reach the teacher's process). The spec's name comes from the file's
name. `check_files` then loads each file once in its own sandboxed process
(`kalah.lab.seats.load_reason`), so that a broken file stops the command
before it starts, with the file's error.

CPython only.
"""

import os

from kalah.errors import KalahError
from kalah.lab import reasons

MAX_FILE_BYTES = 1024 * 1024
BOM = "\ufeff"


def player_spec(text):
    """The spec of a computer player's name or of the player file at path `text`."""
    from kalah.ai import players
    if text in players.NAMES:
        return {"name": text, "ai": text}
    if os.path.isfile(text):
        return read_player_file(text, name=text)
    raise KalahError("'%s' is neither a player (%s) nor a file" % (text, ", ".join(players.NAMES)))


def read_player_file(path, name=None):
    """The spec {"name", "source", "filename"} of the player in `path` (a .py
    file of at most MAX_FILE_BYTES UTF-8 bytes); KalahError saying what is wrong."""
    if not path.endswith(".py"):
        raise KalahError("%s: a player is a .py file" % path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise KalahError("%s: cannot read the file (%s)" % (path, error.strerror or error))
    if len(data) > MAX_FILE_BYTES:
        raise KalahError("%s: the file is larger than %d bytes" % (path, MAX_FILE_BYTES))
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise KalahError("%s: the file is not UTF-8 text (byte %d)" % (path, error.start))
    # Python itself reads a file that starts with a UTF-8 byte-order mark; so do we.
    if source.startswith(BOM):
        source = source[1:]
    return {"name": name or os.path.basename(path)[:-3], "source": source, "filename": path}


def check_files(specs, sandbox, jobs=None):
    """Load each student's file once in its own (sandboxed) process; KalahError
    with the first broken file's error."""
    from concurrent.futures import ThreadPoolExecutor
    from kalah.lab.seats import load_reason
    students = [spec for spec in specs if spec.get("source") is not None]
    if not students:
        return
    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        for spec, error in zip(students, pool.map(lambda spec: load_reason(spec, sandbox), students)):
            if error:      # 'FILE: detail': the command names the file, its loading is the command's
                raise KalahError(reasons.IN_FILE, **error.params)
