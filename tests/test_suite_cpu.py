"""scripts/bench/suite_cpu.py counts the CPU of every process a command starts."""

import json
import os
import sys

import pytest

from scripts.bench import suite_cpu


def spin(seconds):
    """Python code that uses `seconds` of CPU and ends."""
    return "import time\nend = time.process_time() + %s\nwhile time.process_time() < end: pass\n" % seconds


def _writable_cgroup2():
    root = suite_cpu.cgroup2_root()
    return root is not None and os.access(suite_cpu.own_cgroup(root, os.getpid()), os.W_OK)


@pytest.mark.skipif(not _writable_cgroup2(), reason="no writable cgroup2 mount here")
def test_a_background_process_is_counted_and_the_cgroup_goes(tmp_path):
    # The spinner is the shell's background child, not the measured command itself.
    script = "%s -c '%s' & echo started" % (sys.executable, spin(0.4))
    out = tmp_path / "figures.jsonl"
    status = suite_cpu.main(["--out", str(out), "--", "bash", "-c", script + "; wait"])
    figures = json.loads(out.read_text())
    assert status == 0
    assert figures["cpu_s"] >= 0.4, "the spinner's 0.4 s of CPU was not counted: %r" % figures
    assert figures["command"][:2] == ["bash", "-c"]
    parent = suite_cpu.own_cgroup(suite_cpu.cgroup2_root(), os.getpid())
    assert not os.path.exists(os.path.join(parent, "kalah-suite-%d" % os.getpid()))


def test_a_command_is_required():
    with pytest.raises(SystemExit) as stopped:
        suite_cpu.main([])
    assert stopped.value.code == 2


@pytest.mark.skipif(not _writable_cgroup2(), reason="no writable cgroup2 mount here")
def test_calibrate_gives_the_cpu_time_in_units_of_the_fixed_work(tmp_path, monkeypatch):
    # A shorter fixed work than the search of the real calibration, the same way of counting it.
    monkeypatch.setattr(suite_cpu, "CALIBRATION", spin(0.2))
    out = tmp_path / "figures.jsonl"
    assert suite_cpu.main(["--calibrate", "--out", str(out), "--", sys.executable, "-c", spin(0.6)]) == 0
    figures = json.loads(out.read_text())
    assert 0.2 <= figures["calibration_s"] < 0.6
    assert figures["cpu_calibrations"] == round(figures["cpu_s"] / figures["calibration_s"])
