"""The endgame tables the worker may ask the site for are exactly those in static/data (issue 36:
a kalah(4,3) game requested the missing endgame-kalah4.bin at every computer move)."""

import pathlib

from kalah.ai import endgame
from kalah.ai.worker_api import _prepare, _endgame_checked
from kalah import Board

DATA = pathlib.Path(__file__).resolve().parents[2] / "static" / "data"


def test_the_shipped_tables_are_the_files_in_static_data():
    files = sorted(path.name for path in DATA.glob("endgame-*.bin"))
    assert sorted(endgame.file_name(key) for key in endgame.SHIPPED) == files


def test_no_table_is_fetched_for_a_rule_set_without_one(monkeypatch):
    from kalah.ai import worker_api
    asked = []
    monkeypatch.setattr(worker_api, "_fetch_bytes", lambda path: asked.append(path))
    _endgame_checked.clear()
    for _ in range(3):
        _prepare(Board("kalah(4,3)"))
    assert [path for path in asked if "endgame" in path] == []
