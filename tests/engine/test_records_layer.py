"""kalah/records/: each form in its own module, round-tripping on its own; the layer
sits below the history and the links, so neither the links nor the replay viewer
needs kalah.library.history to read a game or name its players."""

import ast
import pathlib

from kalah import Board
from kalah.records import compact, pgn
from kalah.records.record import Record

ROOT = pathlib.Path(__file__).resolve().parents[2]


def a_finished_game_with_names():
    board = Board("kalah(4,3)")
    while board.turn is not None:
        board.push(board.legal_moves[-1])
    return Record.from_board(board, south="Zoë é~_.", north='Bob "B" \\', date="2026-11-22")


def test_each_form_round_trips_through_its_own_module():
    record = a_finished_game_with_names()
    text = compact.write(record)
    assert compact.read(text) == record and compact.write(compact.read(text)) == text
    text = pgn.write(record)
    assert pgn.read(text) == record and pgn.write(pgn.read(text)) == text
    text = record.to_json()
    assert Record.from_json(text) == record and Record.from_json(text).to_json() == text


def imports_of(path, inside=None):
    """The kalah modules a file imports (inside one class only, when given), lazy ones too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if inside is not None:
        tree = next(node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.name == inside)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(node.module + "." + alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("kalah")}


def module_level_imports_of(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_records_layer_imports_nothing_above_it():
    for path in sorted((ROOT / "kalah/records").glob("*.py")):
        above = {name for name in imports_of(path)
                 if name.startswith(("kalah.library.history", "kalah.library.links", "kalah.web", "kalah.cli"))}
        assert above == set(), path.name


def test_links_and_the_replay_viewer_do_not_import_history():
    assert not {name for name in imports_of(ROOT / "kalah/library/links.py") if name.startswith("kalah.library.history")}
    # wherever the viewer lives in kalah/web/, neither it nor its module's top imports history
    viewers = [path for path in (ROOT / "kalah/web").rglob("*.py") if "class ReplayViewer" in path.read_text(encoding="utf-8")]
    assert len(viewers) == 1
    assert not {name for name in imports_of(viewers[0], inside="ReplayViewer") if name.startswith("kalah.library.history")}
    assert not {name for name in module_level_imports_of(viewers[0]) if name.startswith("kalah.library.history")}
