"""Move notation and text pictures of the board.

A move is a house number 1..m of the side to move. Its display form is a
letter, as in Oware notation: A..H for South's houses 1..8, a..h for North's.
Both forms parse; a letter of the wrong side is an error that says so.
One turn's moves (extra turns) are joined with '-' for display: 'C-F'.
"""

from kalah.errors import N_, SIDES, KalahError
from kalah.game.rules import NORTH, SIDE_NAMES, SOUTH, SWAP

SWAP_WORDS = ("swap", "pie")


def house_letter(side, house):
    """'C' for South's house 3, 'c' for North's."""
    letter = "ABCDEFGH"[house - 1]
    return letter if side == SOUTH else letter.lower()


def signed(value):
    """A value in seeds as the pages show it: "+3", "-2", "0" (whole seeds: "+9" for 9.5)."""
    whole = int(value)   # MicroPython's "%d" takes no float
    return "%+d" % whole if whole else "0"


def move_text(side, move):
    return "swap" if move == SWAP else house_letter(side, move)


def parse_move(rules, side, text):
    """The house (1..m) or SWAP that `text` names for `side`.

    Accepts a number ('3'), a letter of the side's own row ('C' for South,
    'c' for North) or 'swap'. Raises KalahError saying what is wrong.
    """
    m = rules.houses
    token = str(text).strip()
    if token.lower() in SWAP_WORDS or (token == "0" and rules.pie):
        return SWAP
    if token and all(c in "0123456789" for c in token):
        if len(token) > 3 or not 1 <= int(token) <= m:
            raise KalahError(N_("'%(move)s' is not a house: houses are 1..%(houses)d"), move=_clip(token), houses=m)
        return int(token)
    token = _clip(token)
    if len(token) == 1 and token.isalpha():
        letters = "ABCDEFGH"[:m]
        if token.upper() not in letters:
            raise KalahError(N_("'%(move)s' is not a house: %(side)s's houses are %(letters)s"), move=token,
                             side=SIDES[side], letters=_letter_range(side, m))
        if (token.isupper()) != (side == SOUTH):
            owner = SOUTH if token.isupper() else NORTH
            raise KalahError(N_("'%(move)s' is a house of %(owner)s, but %(side)s is to move (houses %(letters)s)"),
                             move=token, owner=SIDES[owner], side=SIDES[side], letters=_letter_range(side, m))
        return letters.index(token.upper()) + 1
    raise KalahError(N_("'%(move)s' is not a move: give a house number 1..%(houses)d or a letter %(letters)s"),
                     move=token, houses=m, letters=_letter_range(side, m))


def _clip(text):
    return text if len(text) <= 20 else text[:20] + "..."


def _letter_range(side, m):
    return "%s..%s" % (house_letter(side, 1), house_letter(side, m))


def board_diagram(rules, pits, turn=None, bottom=SOUTH):
    """A text picture as the `bottom` side sees the board (South by default):
    the opponent's row on top, right to left, their store on the left.

              f   e   d   c   b   a     North's houses 6..1
         [N store]              [S store]
              A   B   C   D   E   F     South's houses 1..6
    """
    m = rules.houses
    top = 1 - bottom
    width = max(2, max(len(str(p)) for p in pits))
    cell = "%" + str(width) + "s"
    top_row = [cell % pits[top * (m + 1) + i] for i in reversed(range(m))]
    bottom_row = [cell % pits[bottom * (m + 1) + i] for i in range(m)]
    pad = " " * (width + 2)
    top_labels = pad + " ".join(cell % house_letter(top, i + 1) for i in reversed(range(m)))
    bottom_labels = pad + " ".join(cell % house_letter(bottom, i + 1) for i in range(m))
    top_store = cell % pits[rules.stores[top]]
    bottom_store = cell % pits[rules.stores[bottom]]
    lines = [
        top_labels,
        pad + " ".join(top_row),
        top_store + "  " + " " * len(" ".join(top_row)) + "  " + bottom_store,
        pad + " ".join(bottom_row),
        bottom_labels,
    ]
    if turn is not None:
        lines.append("%s to move" % SIDE_NAMES[turn])
    return "\n".join(line.rstrip() for line in lines)
