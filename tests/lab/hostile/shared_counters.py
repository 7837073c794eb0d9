# Issue 37, 3: counters the kernel keeps per user (inotify instances, POSIX message queue
# bytes) or for the whole machine (AIO slots): the sandbox's uid maps to the teacher's, so a
# bot that took them all left the teacher's own processes with EMFILE and EAGAIN.
# Plays 99 if any of them could be taken (one each, given back). Twin: FIRST_LEGAL.
import ctypes
import os

libc = ctypes.CDLL(None, use_errno=True)
INOTIFY_INIT1, IO_SETUP, IO_DESTROY, MQ_OPEN, MQ_UNLINK = 294, 206, 207, 240, 241   # x86_64
taken = []
fd = libc.syscall(INOTIFY_INIT1, 0)
if fd >= 0:
    taken.append("inotify")
    os.close(fd)
context = ctypes.c_ulong(0)
if libc.syscall(IO_SETUP, 128, ctypes.byref(context)) == 0:
    taken.append("aio")
    libc.syscall(IO_DESTROY, context)
queue = libc.syscall(MQ_OPEN, b"kalah-37", os.O_CREAT | os.O_RDWR, 0o600, None)
if queue >= 0:
    taken.append("mqueue")
    os.close(queue)
    libc.syscall(MQ_UNLINK, b"kalah-37")


def select_move(board, lookahead):
    return 99 if taken else board.legal_moves()[0]
