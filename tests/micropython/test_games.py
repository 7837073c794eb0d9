"""The engine under the page's MicroPython: fixed games of every rule set print what CPython prints."""

import pytest

from tests.micropython.runner import GAMES, MicroPythonError, needs_micropython, run_cpython, run_micropython


@needs_micropython
def test_it_is_micropython():
    assert run_micropython("import sys\nprint(sys.implementation.name)") == "micropython\n"


@needs_micropython
def test_fixed_games_of_every_rule_set_print_the_same_under_micropython_and_cpython():
    with open(GAMES, encoding="utf-8") as handle:
        code = handle.read()
    expected = run_cpython(code)
    assert expected.count("\n") > 600
    actual = run_micropython(code)
    assert actual.splitlines() == expected.splitlines()


@needs_micropython
def test_a_python_error_under_micropython_is_reported():
    with pytest.raises(MicroPythonError, match="house 3 of South is empty"):
        run_micropython("import kalah\nb = kalah.Board()\nb.push(3)\nb.push(3)\n")
