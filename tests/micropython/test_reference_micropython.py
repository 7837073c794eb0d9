"""The reference players run under the MicroPython the page uses (its main thread)."""

from tests.micropython.runner import needs_micropython, run_micropython


@needs_micropython
def test_reference_players_play_a_whole_game_under_micropython():
    code = """
from kalah import Board
from kalah.ai import reference
board = Board("kalah(6,4)+pie")
players = [reference.get("greedy"), reference.get("random", seed=3)]
while board.turn is not None:
    board.push(players[board.turn].choose(board))
print(board.outcome().result(), reference.get("rightmost").choose(Board("oware")), reference.get("first").choose(Board()))
"""
    out = run_micropython(code).split()
    scores = out[0].split("-")
    assert int(scores[0]) + int(scores[1]) == 48
    assert out[1:] == ["6", "1"]
