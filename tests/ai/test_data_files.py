"""docs/formats.md lists every file under static/data/ with its size and the command that builds it."""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def listed_files():
    """{file name: (bytes, command)} from the table in docs/formats.md."""
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([^`]+)` \| ([\d,]+) \| `([^`]+)`", text, re.M)
    return dict((name, (int(size.replace(",", "")), command)) for name, size, command in rows)


def test_every_data_file_is_listed_with_its_size_and_command():
    listed = listed_files()
    shipped = sorted(path.name for path in (ROOT / "static" / "data").iterdir() if path.is_file())
    assert sorted(listed) == shipped
    for name in shipped:
        size, command = listed[name]
        assert (ROOT / "static" / "data" / name).stat().st_size == size, name
        assert command.startswith(("build-endgame ", "build-book ", "build-puzzles ")), command
