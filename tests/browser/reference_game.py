"""Play a whole game on the play page against the "first" reference player (it answers
at once on the page's thread), checking the board's data-position after each turn."""

from kalah import Board

POSITION = "document.getElementById('board').dataset.position"
HOUSE = '#board .kb-house[data-side="{side}"][data-house="{house}"]'


def play_against_first(page, rules, person, choose=lambda board: board.legal_moves[-1], timeout=30_000):
    """The person (seat `person`) plays choose(board) on each turn until the game ends; the
    computer's replies come before the next wait (it answers within a tick). Returns the Board."""
    board = Board(rules)
    while not board.is_game_over():
        if board.turn == person:
            move = choose(board)
            board.push(move)
            page.click(HOUSE.format(side=person, house=move))
        while board.turn is not None and board.turn != person:
            board.push(board.legal_moves[0])  # "first": the first legal house
        page.wait_for_function(f"{POSITION} === {board.position()!r}", timeout=timeout)
    return board
