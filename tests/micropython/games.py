"""Fixed games of every rule set, printed: run under CPython and MicroPython, the
output must be the same (tests/micropython/test_games.py)."""

from kalah import Board, KalahError
from kalah.records import compact, pgn
from kalah.records.record import Record
from kalah.game.notation import board_diagram


class Lcg:
    """A tiny random generator that gives the same numbers in every Python."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state >> 8) % n


RULES = ("kalah(6,4)", "kalah(6,3)+empty-capture", "kalah(6,3)+gamelink", "kalah(6,6)+pie",
         "kalah(4,3)", "kalah(8,12)+empty-capture+gamelink", "owari", "oware", "relay-kalaha",
         "owari(5,2)+limit20", "oware(6,3)+pie+limit30", "relay-kalaha(5,5)",
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
    print(compact.write(record))
    print(pgn.write(record))
    print(compact.read(compact.write(record)) == record, pgn.read(pgn.write(record)) == record,
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
    print(compact.write(Record.from_board(board)), board.outcome().describe())
print(Record.from_board(Board()).to_json())
board = Board("kalah(6,4)")
board.push(3)
board.forfeit(move=7)
print(Record.from_board(board, south="\u00e9\"<\U0001F600\n\x1e", date="2026-11-22").to_json())
for text in ("k9.K64.m3", "k1.K64.m33", "[Variant \"x\"]", "{\"rules\": \"kalah\", \"moves\": [7]}", "owari/1,2/S"):
    for reader in (compact.read, pgn.read, Record.from_json, Board.from_position):
        try:
            reader(text)
            print("read", text)
        except KalahError as error:
            print(str(error).split(" (")[0].split("not valid JSON: ")[0])  # the JSON parsers' details differ

# Hostile input: the same verdict on both hosts (the messages of the UTF-8
# decoders differ, so only the verdict is printed here).
for text in ("k1.K64.s_FF.m3", "k1.K64.s_C3.m3", "k1.K64.s_E6_9D_8E_F0_9F_98_80.m3", "k1.K64.s_ED_A0_80.m3",
             "k1.K64.m" + "9" * 50, "k1.K6" + "9" * 30 + ".m",
             '[Variant "kalah"]\n[South "a\\u0001\\u00e9\\"b"]\n\n1. C *', '[Variant "kalah"]\n[South "\\ud800"]\n'):
    try:
        reader = pgn.read if text.startswith("[") else compact.read
        print("read", len(reader(text).south))
    except KalahError:
        print("error")
for text in ("kalah(6,4)/" + "9" * 40 + ",4,4,4,4,4,0,4,4,4,4,4,4,0/S", "kalah(99999999999999999999999,4)/1/S",
             "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S/c" + "9" * 50):
    try:
        Board(position=text)
    except KalahError as error:
        print(error)
board = Board()
for move in ("9" * 100, "3\x00", "C\n", "swap", "", " "):
    try:
        board.push(move)
        print("pushed", board.pop())
    except KalahError as error:
        print(error)
