"""A Kalah player in the style of the GameLink platform: algorithm(game).

algorithm(game) is called once for each of your moves and returns the house
to play as a string, "1" to "6" (house 1 is your left-most house).

game.getBoard() gives the board from your seat, as a 2 x 8 array:
    row 0: [their store, their house 6, ..., their house 1, 0]
    row 1: [0, your house 1, ..., your house 6, your store]

A string that is not a house number, an empty house, an error or running
past the move time limit loses the game at once.
"""


def algorithm(game):
    board = game.getBoard()
    mine = board[1]
    houses = len(mine) - 2
    # A house whose seeds end exactly in your store gives you another turn.
    for house in range(houses, 0, -1):
        if mine[house] == houses + 1 - house:
            return str(house)
    # Otherwise the right-most house that holds seeds.
    for house in range(houses, 0, -1):
        if mine[house] > 0:
            return str(house)
    return "1"
