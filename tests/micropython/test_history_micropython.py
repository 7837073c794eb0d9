"""kalah.library.history and kalah.library.links give the same answers under the page's MicroPython as under CPython."""

from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

SCRIPT = r'''
import json
from kalah.game.board import Board
from kalah.records.record import Record
from kalah.errors import KalahError
from kalah.library.history import History, StorageFull
from kalah.records.identity import short_hash
from kalah.library.history_import import read_import
from kalah.library import links

def game(moves, **names):
    board = Board()
    for move in moves:
        board.push(move)
    return Record.from_board(board, **names)

store = {}
history = History(store)
history.save(game([3, 6, 1, 2], south="Ann", north="Bj\u00f6rn <b>", meta={"id": "a"}), 5, "t1")
history.save(game([3, 1], south="Cy", meta={"id": "b"}), 6, "t1")
store["kalah.game.c"] = "{oops"
history = History(store)
print(sorted(history.entries), [p[0] for p in history.problems], [p[1].split(" (")[0] for p in history.problems])
print([e.id for e in history.listing(sort="moves")], [e.id for e in history.listing(player="bj")])
print([(s.name, s.games, s.wins, s.draws, s.losses) for s in history.ranking()])
other = History({})
print(other.merge(read_import(history.export_json())), other.merge(read_import(history.export_json())))
print(short_hash("kalah"), short_hash("\u00e9t\u00e9"))
record = history.get("a").record
fragment = links.share_fragment(record, 2, 1)
print(fragment)
link = links.parse_fragment(fragment)
print(link.record.moves == record.moves, link.record.north == record.north, link.ply, link.orientation)
corr = links.correspondence_fragment(record, "a")
print(corr)
print(links.parse_fragment(corr).turn)
for bad in ["", "g=k1.K64.m7", "g=k1.K64.m36&p=9", "g=k1.K64.m3<", corr.replace("h=", "h=x"), "g=k1.K64.m36&s=nan"]:
    try:
        links.parse_fragment(bad)
        print("accepted", bad)
    except KalahError as error:
        print("refused:", error)
print(links.embed_fragment(record, 1, 0, True, 0.5, False, "dark"))
print(links.embed_code("https://x.org/embed.html#g=1", 'A "<b>" & B'))
'''


@needs_micropython
def test_history_and_links_print_the_same_under_micropython_and_cpython():
    expected = run_cpython(SCRIPT)
    assert "refused:" in expected
    assert run_micropython(SCRIPT) == expected
