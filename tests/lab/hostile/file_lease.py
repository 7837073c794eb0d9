# Issue 37, 4: a read lease on the bound package's files (its uid maps to their owner's): the
# teacher's writes to them then wait for the lease to break, up to 45 s.
# Plays 99 if it could take a lease or a lock. Twin: FIRST_LEGAL.
import fcntl
import glob
import os

F_SETLEASE = 1024
taken = []
for path in glob.glob("/sandbox/kalah/*.py")[:3]:
    fd = os.open(path, os.O_RDONLY)
    for what, call in (("lease", lambda: fcntl.fcntl(fd, F_SETLEASE, fcntl.F_RDLCK)),
                       ("flock", lambda: fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)),
                       ("lock", lambda: fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB))):
        try:
            call()
            taken.append(what)
        except OSError:
            pass


def select_move(board, lookahead):
    return 99 if taken else board.legal_moves()[0]
