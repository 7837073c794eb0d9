"""The seccomp filter a player's sandbox runs under (bubblewrap's `--seccomp FD`).

A classic BPF program, built here by packing `struct sock_filter` records
(no library needed), for x86_64 only: `program()` returns None on another
machine, and the sandbox then runs without a filter (`kalah.lab.sandbox`
says so). The filter allows everything except what a player never needs:

- a new process or thread: `fork`, `vfork` and `clone` fail with EPERM
  (`clone3` with ENOSYS, so that the C library tries `clone`), so a player is
  exactly one process of one thread: its address-space limit (RLIMIT_AS) is
  its whole memory, and the referee's CPU clock reads one process. (A thread
  limit by RLIMIT_NPROC is not enough: the kernel exempts a sandbox whose
  uid maps to root outside, as when the tests run as root.)
- namespaces and mounts (`unshare`, `setns`, `mount`, the new mount API,
  `pivot_root`, `chroot`), `ptrace` and reading other processes' memory,
  io_uring, `bpf`, `perf_event_open`, `userfaultfd`, the kernel keyring,
  modules, kexec, reboot, swap, `acct`, file handles: EPERM;
- any other architecture's calling convention (i386, x32) kills the process.
"""

import os
import platform
import struct

AUDIT_ARCH_X86_64 = 0xC000003E
X32_BIT = 0x40000000
EPERM, ENOSYS = 1, 38

RET_KILL_PROCESS = 0x80000000
RET_ERRNO = 0x00050000
RET_ALLOW = 0x7FFF0000

LD_W_ABS = 0x20            # BPF_LD | BPF_W | BPF_ABS
JEQ_K, JGE_K = 0x15, 0x35
RET_K = 0x06

# x86_64 numbers (arch/x86/entry/syscalls/syscall_64.tbl).
CLONE, FORK, VFORK, CLONE3 = 56, 57, 58, 435
DENIED = {
    "ptrace": 101, "chroot": 161, "acct": 163, "mount": 165, "umount2": 166, "swapon": 167,
    "swapoff": 168, "reboot": 169, "init_module": 175, "delete_module": 176, "pivot_root": 155,
    "kexec_load": 246, "add_key": 248, "request_key": 249, "keyctl": 250, "unshare": 272,
    "perf_event_open": 298, "name_to_handle_at": 303, "open_by_handle_at": 304, "setns": 308,
    "process_vm_readv": 310, "process_vm_writev": 311, "finit_module": 313, "kexec_file_load": 320,
    "bpf": 321, "userfaultfd": 323, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431,
    "fsmount": 432, "fspick": 433, "mount_setattr": 442, "fork": FORK, "vfork": VFORK, "clone": CLONE,
}
ARCH_OFFSET, NR_OFFSET = 4, 0   # in struct seccomp_data


def _insn(code, k, jt=0, jf=0):
    return struct.pack("=HBBI", code, jt, jf, k)


def program():
    """The filter as bytes for `bwrap --seccomp`, or None where it is not built (not x86_64)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return None
    errno = RET_ERRNO | EPERM
    code = [_insn(LD_W_ABS, ARCH_OFFSET), _insn(JEQ_K, AUDIT_ARCH_X86_64, 1, 0), _insn(RET_K, RET_KILL_PROCESS),
            _insn(LD_W_ABS, NR_OFFSET),
            _insn(JGE_K, X32_BIT, 0, 1), _insn(RET_K, errno)]
    for number in sorted(DENIED.values()):
        code += [_insn(JEQ_K, number, 0, 1), _insn(RET_K, errno)]
    code += [_insn(JEQ_K, CLONE3, 0, 1), _insn(RET_K, RET_ERRNO | ENOSYS), _insn(RET_K, RET_ALLOW)]
    return b"".join(code)


def program_fd():
    """A file descriptor to read the filter from (a pipe holding it), or None."""
    data = program()
    if data is None:
        return None
    reader, writer = os.pipe()
    try:
        os.write(writer, data)      # a few hundred bytes: far below a pipe's buffer
    finally:
        os.close(writer)
    return reader
