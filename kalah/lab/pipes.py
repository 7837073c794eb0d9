"""The referee's end of a player's pipes (`kalah.lab.seats.SandboxSeat`): lines read and written
with deadlines, at most LINE_CAP bytes a line, and each answer checked as plain data before
anything else looks at it, so that nothing a player sends can run code or stall the referee.

Runs under CPython only (select on pipes); the page's seats are in-process.
"""

import os
import time

from kalah.errors import KalahError, Reason
from kalah.lab import reasons
from kalah.lab.game import plain_reply

LINE_CAP = 65536           # the longest protocol line the referee reads


class ProtocolError(Exception):
    """The player's process sent something that is not a protocol message: `.reason` says what
    (a Reason of kalah.lab.reasons)."""

    def __init__(self, reason):
        Exception.__init__(self, str(reason))
        self.reason = reason


class Stuck(Exception):
    """The player's process did not read the referee's message in time."""


def drain(stream, kept, cap):
    """Read `stream` to its end, keeping its first `cap` bytes in `kept` (a list)."""
    size = 0
    while True:
        try:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
        except (OSError, ValueError):
            return
        if not chunk:
            return
        if size < cap:
            kept.append(chunk[:cap - size])
        size += len(chunk)


class LineReader:
    """Lines from a pipe with a deadline, each at most LINE_CAP bytes (the buffer never holds more)."""

    def __init__(self, fd):
        self.fd = fd
        self.buffer = b""

    def readline(self, seconds):
        """The next line (bytes, without the newline); None when the time ran out;
        EOFError when the pipe closed; ProtocolError for an overlong line."""
        import select
        end = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            if len(self.buffer) > LINE_CAP:
                raise ProtocolError(Reason(reasons.LONG_LINE, bytes=LINE_CAP))
            # Past the end, one look that does not wait: what already arrived is read.
            ready, _, _ = select.select([self.fd], [], [], max(end - time.monotonic(), 0))
            if not ready:
                return None
            chunk = os.read(self.fd, LINE_CAP + 2 - len(self.buffer))
            if not chunk:
                raise EOFError()
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        if len(line) > LINE_CAP:
            raise ProtocolError(Reason(reasons.LONG_LINE, bytes=LINE_CAP))
        return line

    def pending(self):
        """Whether anything arrived that was not asked for."""
        import select
        return bool(self.buffer) or bool(select.select([self.fd], [], [], 0)[0])


def write_all(fd, data, seconds, partial=False):
    """Write `data` to the non-blocking `fd` within `seconds`; Stuck when the
    reader does not take it in time (with `partial`: what is left, unwritten),
    EOFError when it closed its end."""
    import select
    end = time.monotonic() + seconds
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view):]
            continue
        except BlockingIOError:   # the pipe is full
            pass
        except OSError:           # EPIPE: the process closed its input or died
            raise EOFError()
        left = end - time.monotonic()
        if left <= 0:
            if partial:
                return view
            raise Stuck()
        select.select([], [fd], [], left)
    return view


def load_json(line):
    """A line as JSON, or ProtocolError: any failure (bad UTF-8, bad JSON, a
    line nested 30,000 deep, no memory) is the sender's, never the referee's."""
    import json
    try:
        return json.loads(line.decode("utf-8"))
    except Exception as error:     # RecursionError and MemoryError included
        raise ProtocolError(Reason(reasons.TOO_NESTED if isinstance(error, RecursionError) else reasons.NOT_JSON))


def read_answer(line, houses):
    """One answer line, checked by `kalah.lab.game.plain_reply`; ProtocolError for anything else."""
    message = load_json(line)
    try:
        return plain_reply(message, houses)
    except KalahError as error:
        raise ProtocolError(reasons.of(error))
    except Exception as error:
        raise ProtocolError(Reason(reasons.UNCHECKED_MESSAGE, error=type(error).__name__))
