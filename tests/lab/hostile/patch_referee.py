# Attack 1: top-level code that would run in the referee if a command loaded the file there:
# it leaves a file in the current folder and patches the referee's LabGame so that every
# opponent forfeits. In the sandbox its folder is its own /tmp and its LabGame its own.
# Twin: FIRST_LEGAL.
import os

open(os.path.join(os.getcwd(), "mallory-ran-here"), "w").write("x")
from kalah.lab import game as _game

_answer = _game.LabGame.answer


def _patched(self, reply, seconds=0.0):
    if "mallory" not in self.names[self.board.turn]:
        reply = {"forfeit": {"kind": "error", "reason": "patched by mallory"}}
    return _answer(self, reply, seconds)


_game.LabGame.answer = _patched


def select_move(board, lookahead):
    return board.legal_moves()[0]
