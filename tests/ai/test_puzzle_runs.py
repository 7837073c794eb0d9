"""Streak and timed runs of puzzles (issue 36): their links, the order they climb in, the best kept."""

import pytest

from kalah.study import puzzles
from kalah.errors import KalahError
from kalah.study.puzzle_maker import shipped
from tests.micropython.runner import needs_micropython, run_micropython


def test_a_run_link_reads_back_to_the_same_choice():
    choice = puzzles.parse_link("rules=kalah(4,3)&theme=capture&mode=timed&seconds=30")
    assert (choice.rules.name, choice.theme, choice.mode, choice.seconds) == ("kalah(4,3)", "capture", "timed", 30)
    assert puzzles.format_link(choice) == "rules=kalah(4,3)&theme=capture&mode=timed&seconds=30"
    assert puzzles.parse_link(puzzles.format_link(choice)) == choice
    streak = puzzles.parse_link("mode=streak")
    assert (streak.mode, streak.seconds) == ("streak", puzzles.TIMED_SECONDS)
    assert puzzles.format_link(streak) == "rules=kalah(6,4)&mode=streak"
    assert puzzles.parse_link("rules=kalah(4,3)").mode == "practice"


@pytest.mark.parametrize("fragment, message", [
    ("mode=blitz", "unknown mode 'blitz' (modes: practice, streak, timed)"),
    ("mode=timed&seconds=5", "seconds= must be a whole number 10..3600, not '5'"),
    ("mode=timed&seconds=1e3", "seconds= must be a whole number 10..3600, not '1e3'"),
    ("mode=timed&seconds=٣٠", "seconds= must be a whole number 10..3600, not '٣٠'"),   # Arabic-Indic 30
    ("mode=timed&seconds=000030", "seconds= must be a whole number 10..3600, not '000030'"),
    ("mode=streak&seconds=30", "seconds= is the length of a timed run (mode=timed)"),
])
def test_a_bad_run_link_says_what_is_wrong(fragment, message):
    with pytest.raises(KalahError) as error:
        puzzles.parse_link(fragment)
    assert str(error.value) == message


def test_a_run_climbs_from_easy_and_meets_each_puzzle_once():
    found = shipped("kalah(4,3)").puzzles
    run = puzzles.Run("streak")
    first = run.next_puzzle(found)
    assert first.rating == min(p.rating for p in found)   # nearest 1000: the easiest
    run.answered(True)
    second = run.next_puzzle(found)
    assert second.id != first.id
    assert abs(second.rating - 1050) == min(abs(p.rating - 1050) for p in found if p.id != first.id)
    run.answered(False)
    assert run.over and (run.solved, run.missed) == (1, 1)


def test_a_timed_run_goes_on_after_a_miss_until_the_clock_ends():
    run = puzzles.Run("timed", 30)
    run.answered(False)
    assert not run.over and run.missed == 1
    assert [run.time_left(t) for t in (0, 0.9, 29.5, 30, 99)] == [30, 30, 1, 0, 0]
    assert [puzzles.clock_text(s) for s in (180, 59, 7, 0)] == ["3:00", "0:59", "0:07", "0:00"]
    assert run.next_puzzle([]) is None


def test_the_best_run_of_each_mode_is_kept_with_the_record():
    progress = puzzles.Progress()
    run = puzzles.Run("streak")
    run.answered(True)
    run.answered(True)
    assert progress.run_ended(run) is True
    assert progress.run_ended(puzzles.Run("streak")) is False
    again, problem = puzzles.Progress.from_text(progress.to_text())
    assert problem is None and again.best_runs == {"streak": 2}
    # A record from before runs reads; a damaged "runs" starts the record again, as any damage does.
    old, problem = puzzles.Progress.from_text('{"rating": 1250, "streak": 1, "best": 3, "results": {}}')
    assert problem is None and old.rating == 1250 and old.best_runs == {}
    bad, problem = puzzles.Progress.from_text(
        '{"rating": 1250, "streak": 1, "best": 3, "results": {}, "runs": {"streak": "<b>9</b>"}}')
    assert problem == "Your saved puzzle record could not be read, so it starts again." and bad.best_runs == {}


@needs_micropython
def test_micropython_reads_run_links_and_runs_as_cpython_does():
    code = ("from kalah.study import puzzles\n"
            "c = puzzles.parse_link('rules=kalah(4,3)&mode=timed&seconds=45')\n"
            "print(c.mode, c.seconds, puzzles.format_link(c))\n"
            "try:\n    puzzles.parse_link('mode=timed&seconds=٣٠')\nexcept Exception as e:\n    print(e)\n"
            "r = puzzles.Run('streak')\nr.answered(True)\nr.answered(False)\n"
            "print(r.over, r.solved, r.time_left(3.5), puzzles.clock_text(75))\n")
    assert run_micropython(code) == (
        "timed 45 rules=kalah(4,3)&mode=timed&seconds=45\n"
        "seconds= must be a whole number 10..3600, not '٣٠'\n"
        "True 1 177 1:15\n")
