"""The large history import that tests/browser/test_history_import_slices.py checks and
scripts/bench/measure_history_import.py times: the same file, chosen the same way."""

import random

from kalah import Board
from kalah.library.history import History
from kalah.records.record import Record

GAMES = 1500


def history_file(games):
    history = History({})
    rng = random.Random(12)
    for number in range(games):
        board = Board()
        while board.turn is not None and board.ply() < rng.randrange(5, 70):
            board.push(rng.choice(board.legal_moves))
        history.save(Record.from_board(board, south="Ann %d" % (number % 9), north="Bob",
                                       meta={"id": "g%d" % number}), 1000 + number, "other-tab")
    return history.export_json()


PUT_FILE = "text => { window.chosenFile = new File([text], 'big.json', {type: 'application/json'}); }"

CHOOSE_FILE = """() => {
  const input = document.getElementById('import-file');
  const files = new DataTransfer();
  files.items.add(window.chosenFile);
  input.files = files.files;
  input.dispatchEvent(new Event('change', {bubbles: true}));
}"""
