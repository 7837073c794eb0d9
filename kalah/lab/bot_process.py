"""One player's process on the command line: JSON lines in, JSON lines out.

The referee (`kalah.lab.seats.SandboxSeat`) starts this (see
`kalah.lab.sandbox.player_command`) and talks to it over the process's
stdin and stdout, one JSON object a line, plain data only (no pickle: an
answer can carry no code into the referee):

    referee -> {"player": SPEC, "seed": S, "time": T, "nodes": N or null, "limits": {...}}
    player  -> {"ready": true, "load_error": null or "line 3, column 7: ..."}
    referee -> {"start": POSITION, "moves": [house, ...]}
    player  -> {"move": house}  or  {"forfeit": {"kind", "reason", "traceback", "answer"}}

Before the bot's code runs, this process moves the protocol to fresh file
descriptors and points fds 0/1/2 at /dev/null (stdin) and the captured
output pipe (stdout, stderr): whatever the bot prints goes to the referee's
capped capture, never into the protocol or the tournament's output. It then
lowers its resource limits (memory, CPU seconds, file size, threads), which
the sandbox's unprivileged user cannot raise again. A move's limit is its
work budget (`kalah.lab.work`), counted here as in the page.

The referee trusts nothing it reads here: it validates every line, and names
the file of a load error itself (the error says only where in the file).
"""

import json
import os
import sys
import traceback


def _take_protocol_fds():
    """(reader, writer) on the referee's pipes; fds 0/1/2 become /dev/null and the output pipe."""
    proto_in = os.dup(0)
    proto_out = os.dup(1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    sys.stdin = open(os.devnull)
    sys.stdout = os.fdopen(1, "w", closefd=False)     # block-buffered: a flood of prints stays cheap
    return os.fdopen(proto_in, "r", encoding="utf-8"), os.fdopen(proto_out, "w", encoding="utf-8")


def _limit(limits):
    try:
        import resource
    except ImportError:
        return
    # tasks: RLIMIT_NPROC counts the uid's threads in the sandbox's own user namespace, so it is
    # this player's alone; the kernel exempts a uid that is root outside (the seccomp filter,
    # where there is one, allows no thread anyway).
    # open_files and pending_signals: per-process caps on what the kernel also counts per user
    # (pipe buffers, queued signals), so that a player takes little from the teacher's account.
    pairs = (("memory_bytes", resource.RLIMIT_AS), ("cpu_seconds", resource.RLIMIT_CPU),
             ("file_bytes", resource.RLIMIT_FSIZE), ("tasks", resource.RLIMIT_NPROC),
             ("open_files", resource.RLIMIT_NOFILE), ("pending_signals", resource.RLIMIT_SIGPENDING))
    for key, which in pairs:
        value = limits.get(key)
        if isinstance(value, int) and value > 0:
            resource.setrlimit(which, (value, value))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _where_in_file(reason, spec):
    """A load error without its 'could not be loaded: FILE' start (the referee adds its own)."""
    message = str(reason.params["error"])
    for start in (spec.get("filename") or "<%s>" % spec["name"], ":"):
        if message.startswith(start):
            message = message[len(start):].lstrip()
    return message


class Session:
    """The protocol, one line in and one line out (`main` below; the Pyodide
    bot process of scripts/bench/pyodide_bot.mjs calls `handle` from JavaScript)."""

    def __init__(self):
        self.seat = None

    def handle(self, line):
        from kalah.game.board import Board
        from kalah.lab.seats import InProcessSeat, forfeit_reply
        from kalah.lab.loader import ERROR, BotForfeit, raised
        message = json.loads(line)
        if self.seat is None:
            # No time with a node budget: the computer player searches its nodes (SandboxSeat).
            seconds = None if message.get("nodes") is not None else float(message["time"])
            self.seat = InProcessSeat(message["player"], message.get("seed"), seconds, message.get("nodes"))
            error = self.seat.error
            return json.dumps({"ready": True, "load_error": _where_in_file(error[1], message["player"])
                               if error else None})
        try:
            board = Board.from_position(message["start"])
            for move in message["moves"]:
                board.push(move)
            reply = self.seat.ask(board)
        except BaseException as error:  # sys.exit() and the like: still an error
            reply = forfeit_reply(BotForfeit(
                ERROR, raised(error), "".join(traceback.format_exception(type(error), error, error.__traceback__))))
        return json.dumps(reply)


def main():
    reader, writer = _take_protocol_fds()
    hello = reader.readline()
    _limit(json.loads(hello).get("limits") or {})
    session = Session()
    while hello:
        writer.write(session.handle(hello) + "\n")
        writer.flush()
        hello = reader.readline()
