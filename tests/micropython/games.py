"""Fixed games of every rule set, printed: run under CPython and MicroPython, the
output must be the same (tests/test_micropython.py)."""

from kalah import Board, KalahError
from kalah.records import Record
from kalah.notation import board_diagram


class Lcg:
    """A tiny random generator that gives the same numbers in every Python."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state >> 8) % n


RULES = ("kalah(6,4)", "kalah(6,3)+empty-capture", "kalah(6,3)+gamelink", "kalah(6,6)+pie",
         "kalah(4,3)", "kalah(8,12)+empty-capture+gamelink", "owari", "oware", "relay-kalaha",
         "kalah(1,1)")

for number, rules in enumerate(RULES):
    rng = Lcg(number + 1)
    board = Board(rules)
    while board.turn is not None:
        moves = board.legal_moves
        report = board.push(moves[rng.below(len(moves))])
        print(board.position(), report.captured, report.extra_turn, report.passed)
    record = Record.from_board(board, south="Ada Lovelace", north="Zoë <b>", date="2026-11-22")
    print(board.outcome().describe(), board.outcome().termination)
    print(record.to_compact())
    print(record.to_pgn())
    print(Record.from_compact(record.to_compact()) == record, Record.from_pgn(record.to_pgn()) == record,
          Record.from_json(record.to_json()) == record)
    print([turn["text"] for turn in record.turns()])
    print(board_diagram(board.rules, board.pits, board.turn))
    while board.ply() > 5:
        board.pop()
    print(board.position())
    try:
        board.push(99)
    except KalahError as error:
        print(error)
    if board.turn is None:
        board.pop()
    board.forfeit(reason="too slow", move="x")
    print(Record.from_board(board).to_compact(), board.outcome().describe())
print(Record.from_board(Board()).to_json())
board = Board("kalah(6,4)")
board.push(3)
board.forfeit(move=7)
print(Record.from_board(board, south="\u00e9\"<\U0001F600\n\x1e", date="2026-11-22").to_json())
for text in ("k9.K64.m3", "k1.K64.m33", "[Variant \"x\"]", "{\"rules\": \"kalah\", \"moves\": [7]}", "owari/1,2/S"):
    for reader in (Record.from_compact, Record.from_pgn, Record.from_json, Board.from_position):
        try:
            reader(text)
            print("read", text)
        except KalahError as error:
            print(str(error).split(" (")[0])  # the JSON parsers' details differ
