"""The lab's save check (kalah.lab.worker_api.syntax): the code compiled, never run."""

from kalah.lab.worker_api import syntax


def test_a_syntax_error_is_named_at_its_line_and_column():
    answer = syntax({"source": "def select_move(board):\n    return (1\n\nx = 2\n", "filename": "ada.py"})
    assert answer == {"ok": False, "message": "ada.py: line 2, column 12: '(' was never closed", "line": 2,
                      "why": {"template": "%(file)s: %(where)s: %(error)s",      # the same, for the page's language
                              "params": {"file": "ada.py", "error": "'(' was never closed",
                                         "where": {"template": "line %(line)s, column %(column)s",
                                                   "params": {"line": 2, "column": 12}}}}}


def test_the_code_is_compiled_not_run():
    assert syntax({"source": "raise SystemExit('ran')\nwhile True:\n    pass\n", "filename": "x.py"}) == {"ok": True}
    assert syntax({"source": "match 1:\n    case 1:\n        pass\n", "filename": "x.py"}) == {"ok": True}
