"""The board as data: the one description of the board's markup, pure Python.

BoardView (kalah/web/common/board_view.py) builds its elements from `board_tree`, or, when
the page's HTML already holds the tree it would build (its `data-view` says for what),
takes those elements as they are; scripts/build/pages.py writes the play page's first
board into index.html from the same tree, so the board is painted before any Python
runs. No browser here: CPython writes the HTML (scripts/build/html_tree.py), MicroPython
builds the elements.

A tree is (tag, attributes, children): attributes a tuple of (name, value) pairs in
the order they are set, children a tuple of trees or one text string.

    tree = board_tree(rules, pits, turn, legal, last_move, orientation, labels, you)
"""

from kalah.i18n import SOURCE, _, active_language, seeds_text, side_word
from kalah.game.notation import house_letter
from kalah.game.rules import SOUTH

MAX_DOTS = 12        # beyond this a house shows its count instead of dots
SIDE_MARKS = ("\u25cf", "\u25b2")  # South: a disc, North: a triangle (shape, not colour)
SIDE_CLASSES = ("kb-s", "kb-n")
STONE_TONES = 4      # kb-tone0..3 in site.css
STONE_OFFSETS = 5    # kb-dx0..4 and kb-dy0..4: -2..2 px
STONE_TURNS = 6      # kb-turn0..5: 0..150 degrees


def stone_class(pit, k, new=False):
    """The k-th seed of a pit as a stone's classes: its tone, offset and turn vary from stone to
    stone but are fixed by (pit, k), so redrawing a house never shuffles its stones. Classes, not
    an inline style: one call into JS less a stone, and stones alike share their computed style."""
    mix = (pit * 7919 + k * 104729 + 13) % 9973
    return "kb-seed kb-tone%d kb-dx%d kb-dy%d kb-turn%d%s" % (
        mix % STONE_TONES, mix % STONE_OFFSETS, (mix // STONE_OFFSETS) % STONE_OFFSETS,
        (mix // STONE_OFFSETS ** 2) % STONE_TURNS, " kb-new" if new else "")


def seeds(pit, count, new=-1):
    """What a house's .kb-seeds span holds: dots up to MAX_DOTS (the `new`-th marked new), then the number."""
    if count > MAX_DOTS:
        return (("span", (("class", "kb-many"),), str(count)),)
    return tuple(("i", (("class", stone_class(pit, k, k == new)),), ()) for k in range(count)) + (
        ("span", (("class", "kb-count"),), str(count)),)


def house_name(side, house, count, you=None, last=False):
    """A house's accessible name: "your house C, 5 seeds, last move"."""
    words = {"letter": house_letter(side, house), "seeds": seeds_text(count), "side": side_word(side)}
    if side == you:
        name = _("your house %(letter)s, %(seeds)s") % words
    else:
        name = _("%(side)s's house %(letter)s, %(seeds)s") % words
    return name + _(", last move") if last else name


def store_name(side, count, you=None):
    if side == you:
        return _("your store, %(seeds)s") % {"seeds": seeds_text(count)}
    return _("%(side)s's store, %(seeds)s") % {"side": side_word(side), "seeds": seeds_text(count)}


def turn_word(side, turn):
    return _("to move") if side == turn else ""


def rows(rules, orientation):
    """The houses as (side, house) pairs in each row as seen from the bottom: the top side's
    houses run m..1, the bottom side's 1..m."""
    m = rules.houses
    top, bottom = 1 - orientation, orientation
    return ([(top, house) for house in range(m, 0, -1)], [(bottom, house) for house in range(1, m + 1)])


def legal_indices(rules, turn, legal):
    """The pit indices of the legal houses (1..m) of `turn`; other values (the pie rule's swap) are ignored."""
    if turn is None:
        return set()
    return set(rules.house_index(turn, house) for house in legal if 1 <= house <= rules.houses)


def nearest_legal(order, legal, index):
    """The legal house nearest to `index` on screen (its own row first), or None. order: the
    houses' pit indices top row first, each row left to right."""
    m = len(order) // 2
    at = order.index(index) if index in order else m
    best, best_key = None, None
    for position in range(len(order)):
        if order[position] not in legal:
            continue
        key = (position // m != at // m, abs(position % m - at % m), position % m)
        if best_key is None or key < best_key:
            best, best_key = order[position], key
    return best


def view_key(rules, pits, turn, legal=(), last_move=None, orientation=SOUTH, labels=None, you=None):
    """What the drawn tree depends on, as text (each part length-prefixed, so no two differ only in
    where a name ends): the markup's data-view, which BoardView compares before taking the markup."""
    last = rules.house_index(last_move[0], last_move[1]) if last_move is not None and last_move[1] else None
    parts = [rules.name, str(orientation), ",".join(str(count) for count in pits), str(turn),
             ",".join(str(index) for index in sorted(legal_indices(rules, turn, legal))), str(last), str(you)]
    parts += list(labels or (side_word(0), side_word(1)))
    if active_language() != SOURCE:   # the names above are in the page's language
        parts.append(active_language())
    return "".join("%d:%s" % (len(part), part) for part in parts)


def _hidden(cls, children):
    """A span screen readers skip (the board's names say it all)."""
    return ("span", (("class", cls), ("aria-hidden", "true")), children)


def board_tree(rules, pits, turn, legal=(), last_move=None, orientation=SOUTH, labels=None, you=None,
               before_python=False):
    """The board drawn (the .kb element): see BoardView.render for the arguments. before_python: as
    the page's HTML holds it, its houses disabled until the page's Python enables every
    [data-needs-python] element (the rest of the markup is the same)."""
    m = rules.houses
    top, bottom = 1 - orientation, orientation
    key = view_key(rules, pits, turn, legal, last_move, orientation, labels, you)
    legal = legal_indices(rules, turn, legal)
    last = rules.house_index(last_move[0], last_move[1]) if last_move is not None and last_move[1] else None
    names = labels or (side_word(0), side_word(1))
    top_row, bottom_row = rows(rules, orientation)
    order = [rules.house_index(side, house) for side, house in top_row + bottom_row]
    stop = nearest_legal(order, legal, None)
    if stop is None:
        stop = order[0]

    def caption(side, cls):
        return ("p", (("class", "kb-caption %s %s%s" % (cls, SIDE_CLASSES[side], " kb-to-move" if side == turn else "")),), (
            _hidden("kb-mark", SIDE_MARKS[side]),
            ("span", (("class", "kb-name"),), names[side]),
            ("span", (("class", "kb-turn"),), turn_word(side, turn))))

    def store(side, cls):
        count = pits[rules.stores[side]]
        return ("div", (("class", "kb-store %s %s" % (cls, SIDE_CLASSES[side])), ("role", "img"),
                        ("aria-label", store_name(side, count, you)), ("data-count", str(count))), (
            _hidden("kb-store-count", str(count)),
            _hidden("kb-store-label", SIDE_MARKS[side] + " " + side_word(side))))

    def house(side, number):
        index = rules.house_index(side, number)
        attributes = [("class", "kb-house %s%s" % (SIDE_CLASSES[side], " kb-last" if index == last else "")),
                      ("type", "button"), ("tabindex", "0" if index == stop else "-1"), ("data-side", str(side)),
                      ("data-house", str(number)), ("data-index", str(index)),
                      ("aria-label", house_name(side, number, pits[index], you, index == last))]
        if index not in legal:
            attributes.append(("aria-disabled", "true"))
        attributes.append(("data-count", str(pits[index])))
        if before_python:
            attributes += [("disabled", ""), ("data-needs-python", "")]
        return ("button", tuple(attributes), (
            _hidden("kb-seeds", seeds(index, pits[index])),
            _hidden("kb-letter", house_letter(side, number))))

    def row(side, houses, cls):
        return ("div", (("class", "kb-row %s %s" % (cls, SIDE_CLASSES[side])),),
                tuple(house(s, number) for s, number in houses))

    grid = ("div", (("class", "kb-grid"),), (
        store(top, "kb-store-top"), row(top, top_row, "kb-row-top"),
        row(bottom, bottom_row, "kb-row-bottom"), store(bottom, "kb-store-bottom")))
    return ("div", (("class", "kb"), ("role", "group"), ("aria-label", _("Board")), ("style", "--houses:%d" % m),
                    ("data-view", key)),
            (caption(top, "kb-caption-top"), grid, caption(bottom, "kb-caption-bottom")))
