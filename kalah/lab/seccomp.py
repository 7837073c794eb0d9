"""The seccomp filter a player's sandbox runs under (bubblewrap's `--seccomp FD`).

A classic BPF program, built here by packing `struct sock_filter` records
(no library needed), for x86_64 only: `program()` returns None on another
machine, and the sandbox then runs without a filter (`kalah.lab.sandbox`
says so). The filter is an allow-list: only the system calls a Python
player needs (reading and writing files and pipes it already holds, memory,
clocks, timers and signals to itself, its /tmp) are allowed; every other
call fails with EPERM, among them:

- a new process or thread (`fork`, `vfork`, `clone`, `clone3`), so a player is
  one process of one thread;
- memory outside its address space and per-user counters shared with the
  teacher's account: `memfd_create`, SysV IPC (`shmget`, `semget`, `msgget`),
  POSIX message queues (`mq_*`), `inotify_*`, `fanotify_*`, AIO (`io_setup`:
  system-wide slots) and io_uring, `epoll`, `eventfd`, `timerfd`,
  `signalfd`, `pipe`, sockets, `rt_sigqueueinfo`;
- `fcntl` except duplicating descriptors and their flags: no file lease
  (`F_SETLEASE`, which would block the teacher's writes to the package's
  files), no lock, no `F_NOTIFY`, no pipe resizing; `flock`;
- `ioctl` except the terminal and non-blocking queries Python makes;
- namespaces and mounts, `ptrace` and other processes' memory, `bpf`,
  `perf_event_open`, `userfaultfd`, keyrings, modules, `prctl`, `seccomp`.

Any other calling convention than x86_64's (i386's `int 0x80`, x32's
numbers) kills the process: a call that bypasses the list never runs.
"""

import os
import platform
import struct

AUDIT_ARCH_X86_64 = 0xC000003E
X32_BIT = 0x40000000
EPERM = 1

RET_KILL_PROCESS = 0x80000000
RET_ERRNO = 0x00050000
RET_ALLOW = 0x7FFF0000

LD_W_ABS = 0x20            # BPF_LD | BPF_W | BPF_ABS
JEQ_K, JGE_K = 0x15, 0x35
RET_K = 0x06

# struct seccomp_data: nr, arch, instruction pointer, then six 64-bit arguments (the low
# word first on x86_64). fcntl's and ioctl's command is an unsigned int: its low word.
NR_OFFSET, ARCH_OFFSET, ARG1_LOW_OFFSET = 0, 4, 24

# x86_64 numbers (arch/x86/entry/syscalls/syscall_64.tbl).
ALLOWED = {
    "read": 0, "write": 1, "open": 2, "close": 3, "stat": 4, "fstat": 5, "lstat": 6, "poll": 7, "lseek": 8,
    "mmap": 9, "mprotect": 10, "munmap": 11, "brk": 12, "rt_sigaction": 13, "rt_sigprocmask": 14,
    "rt_sigreturn": 15, "pread64": 17, "pwrite64": 18, "readv": 19, "writev": 20, "access": 21, "select": 23,
    "sched_yield": 24, "mremap": 25, "msync": 26, "mincore": 27, "madvise": 28, "dup": 32, "dup2": 33,
    "pause": 34, "nanosleep": 35, "getitimer": 36, "alarm": 37, "setitimer": 38, "getpid": 39,
    "execve": 59,      # bubblewrap starts Python after installing the filter; Python can only become Python
    "exit": 60, "wait4": 61, "kill": 62, "uname": 63, "fsync": 74, "fdatasync": 75, "truncate": 76,
    "ftruncate": 77, "getdents": 78, "getcwd": 79, "chdir": 80, "fchdir": 81, "rename": 82, "mkdir": 83,
    "rmdir": 84, "creat": 85, "unlink": 87, "readlink": 89, "chmod": 90, "fchmod": 91, "umask": 95,
    "gettimeofday": 96, "getrlimit": 97, "getrusage": 98, "sysinfo": 99, "times": 100, "getuid": 102,
    "getgid": 104, "geteuid": 107, "getegid": 108, "getppid": 110, "getpgrp": 111, "getgroups": 115,
    "getpgid": 121, "getsid": 124, "rt_sigpending": 127, "rt_sigtimedwait": 128, "rt_sigsuspend": 130,
    "sigaltstack": 131, "statfs": 137, "fstatfs": 138, "getpriority": 140, "sched_getparam": 143,
    "sched_getscheduler": 145, "arch_prctl": 158, "gettid": 186, "tkill": 200, "time": 201, "futex": 202,
    "sched_getaffinity": 204, "getdents64": 217, "set_tid_address": 218, "restart_syscall": 219,
    "fadvise64": 221, "clock_gettime": 228, "clock_getres": 229, "clock_nanosleep": 230, "exit_group": 231,
    "tgkill": 234, "utimes": 235, "openat": 257, "mkdirat": 258, "newfstatat": 262, "unlinkat": 263,
    "renameat": 264, "readlinkat": 267, "fchmodat": 268, "faccessat": 269, "pselect6": 270, "ppoll": 271,
    "set_robust_list": 273, "get_robust_list": 274, "utimensat": 280, "dup3": 292, "preadv": 295,
    "pwritev": 296, "prlimit64": 302, "getcpu": 309, "renameat2": 316, "getrandom": 318, "preadv2": 327,
    "pwritev2": 328, "statx": 332, "rseq": 334, "close_range": 436, "faccessat2": 439,
}
FCNTL, IOCTL = 72, 16
# F_DUPFD, F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_DUPFD_CLOEXEC: nothing that reaches another process.
FCNTL_ALLOWED = (0, 1, 2, 3, 4, 1030)
# TCGETS (isatty), TIOCGWINSZ, FIONREAD, FIONBIO, FIONCLEX, FIOCLEX.
IOCTL_ALLOWED = (0x5401, 0x5413, 0x541B, 0x5421, 0x5450, 0x5451)


def _insn(code, k, jt=0, jf=0):
    return struct.pack("=HBBI", code, jt, jf, k)


def _allow_if_equal(values):
    """For each value: if the accumulator equals it, allow; else look at the next."""
    code = []
    for value in values:
        code += [_insn(JEQ_K, value, 0, 1), _insn(RET_K, RET_ALLOW)]
    return code


def _allow_commands(number, commands, refuse):
    """Call `number` allowed only with its second argument among `commands`."""
    block = [_insn(LD_W_ABS, ARG1_LOW_OFFSET)] + _allow_if_equal(commands) + [_insn(RET_K, refuse)]
    return [_insn(JEQ_K, number, 0, len(block))] + block


def program():
    """The filter as bytes for `bwrap --seccomp`, or None where it is not built (not x86_64)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return None
    refuse = RET_ERRNO | EPERM
    code = [_insn(LD_W_ABS, ARCH_OFFSET), _insn(JEQ_K, AUDIT_ARCH_X86_64, 1, 0), _insn(RET_K, RET_KILL_PROCESS),
            _insn(LD_W_ABS, NR_OFFSET),
            _insn(JGE_K, X32_BIT, 0, 1), _insn(RET_K, RET_KILL_PROCESS)]
    code += _allow_commands(FCNTL, FCNTL_ALLOWED, refuse)
    code += [_insn(LD_W_ABS, NR_OFFSET)] + _allow_commands(IOCTL, IOCTL_ALLOWED, refuse)
    code += [_insn(LD_W_ABS, NR_OFFSET)] + _allow_if_equal(sorted(ALLOWED.values()))
    code.append(_insn(RET_K, refuse))
    return b"".join(code)


def program_fd():
    """A file descriptor to read the filter from (a pipe holding it), or None."""
    data = program()
    if data is None:
        return None
    reader, writer = os.pipe()
    try:
        os.write(writer, data)      # about 2 KB: below a pipe's buffer
    finally:
        os.close(writer)
    return reader
