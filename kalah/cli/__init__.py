"""The command line: `python -m kalah SUBCOMMAND [options]`.

Each subcommand is a module of this package with `add_arguments(parser)` and
`run(args) -> exit status`. A module that does not exist yet is not offered.
Bad input ends the command with status 2 and one line on stderr, never a
traceback: a KalahError (an illegal move, a malformed record, an unknown rule
set), a bad option (argparse's message, without its usage block), or a file
that cannot be read (OSError). The subcommands print nothing on stdout before
their input has been checked.

Everything a subcommand prints goes through `terminal_safe`: text from a
student's file (an exception's message, a traceback, a file name) or from
a record (players' names) reaches the terminal with its control characters
shown escaped, so it can neither move the cursor, retitle the window, hide
text nor rewrite a line. A line made of such text (a game's result, a
standings row, a record's names) escapes newlines and tabs too
(`terminal_safe(text, one_line=True)`), so it cannot print a forged line.
"""

import argparse
import importlib
import os
import re
import stat
import sys

from kalah.errors import KalahError

# (subcommand, module, one-line summary), in the order `--help` lists them.
SUBCOMMANDS = (
    ("play", "kalah.cli.play", "play in the terminal: two people, or a person against the computer"),
    ("replay", "kalah.cli.replay", "play moves from the start and print the boards (--json)"),
    ("show", "kalah.cli.show", "print the board of a record (JSON, compact, PGN) or a position"),
    ("bestmove", "kalah.cli.bestmove", "the computer's move in a position"),
    ("solve", "kalah.cli.solve", "the exact value of a position"),
    ("match", "kalah.cli.match", "play computer players against each other"),
    ("build-endgame", "kalah.cli.build_endgame", "build the endgame database"),
    ("build-book", "kalah.cli.build_book", "build the exact opening book"),
    ("puzzles", "kalah.cli.puzzles", "the shipped puzzles of a rule set (--json)"),
    ("build-puzzles", "kalah.cli.build_puzzles", "build the puzzle set of a rule set"),
    ("tournament", "kalah.cli.tournament", "a tournament of students' players and ours"),
)


def _exists(module):
    try:
        from importlib.util import find_spec
        return find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def available():
    """The subcommands whose module exists, as (name, module, summary)."""
    return [entry for entry in SUBCOMMANDS if _exists(entry[1])]


def _usage(commands):
    lines = ["usage: python -m kalah COMMAND [options]   (python -m kalah COMMAND --help for its options)",
             "", "commands:"]
    width = max(len(name) for name, _, _ in commands) if commands else 0
    for name, _, summary in commands:
        lines.append("  %s  %s" % (name + " " * (width - len(name)), summary))
    return "\n".join(lines)


# C0 controls but newline and tab, DEL, C1 controls (\x9b is a one-byte escape sequence), and
# the bidirectional overrides that reorder what a line shows.
# Lone surrogates (JSON's "\\ud800") are escaped too: no terminal can encode them.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_CONTROL_OR_LINE_BREAK = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(match):
    code = ord(match.group())
    return "\\x%02x" % code if code < 0x100 else "\\u%04x" % code


def terminal_safe(text, one_line=False):
    """`text` with its control characters written as escapes (ESC as \\x1b); with
    `one_line`, its newlines and tabs too (\\x0a): a field printed inside a line."""
    return (_CONTROL_OR_LINE_BREAK if one_line else _CONTROL).sub(_escape, text)


def field(text):
    """Text from outside (a name, a file name, a reason) to print inside a line."""
    return terminal_safe(str(text), one_line=True)


class SafeStream:
    """A text stream whose writes pass through `terminal_safe`."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self.stream.write(terminal_safe(text))

    def __getattr__(self, name):
        return getattr(self.stream, name)


def board_lines(board):
    """The text picture of the board, then the result once the game is over."""
    lines = ["", str(board)]
    outcome = board.outcome()
    if outcome is not None:
        lines.append(field(outcome.describe()))      # a forfeit's reason comes from the record
    return lines


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_capped(path, cap):
    """The first bytes of the regular file at `path`, at most `cap`; KalahError naming the path
    for a folder, a pipe, a device (/dev/zero) or a file over the cap, said at once: the file
    is opened without waiting for a pipe's writer and at most cap + 1 bytes are read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except IsADirectoryError:
        raise KalahError("%s: it is a folder, not a file" % path)
    except OSError as error:
        raise KalahError(os_error_text(error))
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise KalahError("%s: it is %s, not a file" % (path, kind))
        os.set_blocking(fd, True)
        data = handle.read(cap + 1)
        size = os.fstat(fd).st_size
    if len(data) > cap:
        from kalah.input_guards import too_long
        raise KalahError("%s: %s" % (path, too_long("the file", max(size, len(data)), cap, "bytes")))
    return data


def error_line(error):
    """A KalahError as one line for stderr."""
    return " ".join(str(error).split())


def os_error_text(error):
    """'results/x.json: it is a folder, not a file' rather than '[Errno 21] Is a directory: ...'."""
    reasons = {"IsADirectoryError": "it is a folder, not a file",
               "NotADirectoryError": "a part of the path is a file, not a folder",
               "FileNotFoundError": "there is no such file or folder",
               "FileExistsError": "it already exists and is not a folder",
               "PermissionError": "permission denied"}
    reason = reasons.get(type(error).__name__, error.strerror or str(error))
    return "%s: %s" % (error.filename, reason) if error.filename else reason


class BadOption(Exception):
    """argparse's complaint about the options, to be printed as one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise BadOption(message)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    commands = available()
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(_usage(commands))
        return 0 if argv else 2
    name = argv[0]
    entry = None
    for command in commands:
        if command[0] == name:
            entry = command
    if entry is None:
        sys.stderr.write(terminal_safe("python -m kalah: unknown command '%s' (commands: %s)\n" % (
            name, ", ".join(c[0] for c in commands))))
        return 2
    module = importlib.import_module(entry[1])
    parser = _Parser(prog="python -m kalah " + name, description=entry[2])
    module.add_arguments(parser)

    def fail(message):
        sys.stderr.write(terminal_safe("python -m kalah %s: %s\n" % (name, error_line(message))))
        return 2
    try:
        args = parser.parse_args(argv[1:])
    except BadOption as error:
        return fail("%s (python -m kalah %s --help lists the options)" % (error, name))
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)
    try:
        return _run(module, args, fail)
    finally:
        sys.stdout, sys.stderr = streams


def _run(module, args, fail):
    """`module.run(args)`, its failures reported as the module doc says."""
    try:
        return module.run(args) or 0
    except KalahError as error:
        return fail(error)
    except OSError as error:  # a file or folder named on the command line
        if isinstance(error, BrokenPipeError):
            return 1
        return fail(os_error_text(error))
    except RecursionError:
        return fail("the input is nested too deeply to read")
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    except BrokenPipeError:
        return 1
