# Issue 37, 2: memory outside the address-space limit: memfds and SysV shared memory are
# charged to no process's RLIMIT_AS until mapped, and stay while unmapped. The attack held 2 GB
# against a 512 MB cap; here it stops at 700 MB. Plays 99 if it held more than 512 MB. Twin:
# FIRST_LEGAL.
import ctypes
import os

libc = ctypes.CDLL(None, use_errno=True)
IPC_PRIVATE, IPC_CREAT, SHM_RDONLY = 0, 0o1000, 0o10000
CHUNK = 16 * 1024 * 1024
held = 0
while held < 700 * 1024 * 1024:
    try:
        fd = os.memfd_create("block")
        os.ftruncate(fd, CHUNK)
        os.pwrite(fd, b"x" * CHUNK, 0)        # the pages exist now, in no address space
    except OSError:
        break
    held += CHUNK
while held < 700 * 1024 * 1024:
    segment = libc.shmget(IPC_PRIVATE, CHUNK, IPC_CREAT | 0o600)
    if segment < 0:
        break
    address = libc.shmat(segment, None, 0)
    if address in (None, ctypes.c_void_p(-1).value):
        break
    ctypes.memset(address, 1, CHUNK)
    libc.shmdt(ctypes.c_void_p(address))      # unmapped: out of the address space, still held
    held += CHUNK


def select_move(board, lookahead):
    return 99 if held > 512 * 1024 * 1024 else board.legal_moves()[0]
