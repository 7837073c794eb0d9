# Attack 5d: what a player never needs: a nested user namespace, mount, io_uring, ptrace.
# Plays 99 if any of them worked. Twin: FIRST_LEGAL.
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000
IO_URING_SETUP = 425        # x86_64
params = ctypes.create_string_buffer(120)
worked = [libc.unshare(CLONE_NEWUSER) == 0, libc.unshare(CLONE_NEWNS) == 0,
          libc.mount(b"none", b"/tmp", b"tmpfs", 0, None) == 0,
          libc.syscall(IO_URING_SETUP, 8, params) >= 0,
          libc.ptrace(0, 0, None, None) == 0]       # PTRACE_TRACEME


def select_move(board, lookahead):
    return 99 if any(worked) else board.legal_moves()[0]
