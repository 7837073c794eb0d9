"""kalah/web/common/board_markup.py: the one description of the board's markup (the page's BoardView
builds it, the build step writes it into index.html)."""

from kalah.game.rules import NORTH, SOUTH, find_rules
from kalah.web.common.board_markup import board_tree, nearest_legal, seeds, view_key
from scripts.build.html_tree import to_html

RULES = find_rules("kalah(6,4)")
START = [4] * 6 + [0] + [4] * 6 + [0]


def houses(tree):
    """The house buttons of a board tree, in document order."""
    found = []

    def walk(node):
        if node[0] == "button":
            found.append(dict(node[1]))
        elif not isinstance(node[2], str):
            for child in node[2]:
                walk(child)
    walk(tree)
    return found


def test_rows_read_from_the_bottom_and_the_tab_stop_is_the_first_legal_house_of_the_bottom_row():
    buttons = houses(board_tree(RULES, START, SOUTH, [2, 3], orientation=SOUTH))
    assert [(b["data-side"], b["data-house"]) for b in buttons] == (
        [("1", str(h)) for h in range(6, 0, -1)] + [("0", str(h)) for h in range(1, 7)])
    assert [b["data-house"] for b in buttons if b["tabindex"] == "0"] == ["2"]
    assert [b["data-house"] for b in buttons if "aria-disabled" not in b] == ["2", "3"]
    assert buttons[7]["aria-label"] == "South's house B, 4 seeds"


def test_the_last_move_and_your_side_are_named():
    pits = [0, 5, 5, 5, 5, 4, 1] + [4] * 6 + [0]
    buttons = houses(board_tree(RULES, pits, NORTH, [1, 2], last_move=(SOUTH, 1), you=SOUTH))
    first = next(b for b in buttons if b["data-index"] == "0")
    assert first["aria-label"] == "your house A, 0 seeds, last move"
    assert "kb-last" in first["class"]


def test_many_seeds_show_a_number_and_few_show_stones():
    assert seeds(3, 13) == (("span", (("class", "kb-many"),), "13"),)
    assert [node[0] for node in seeds(3, 2)] == ["i", "i", "span"]
    assert "kb-new" in seeds(3, 2, new=1)[1][1][0][1] and "kb-new" not in seeds(3, 2, new=1)[0][1][0][1]


def test_the_nearest_legal_house_keeps_to_its_row():
    order = [13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5]
    assert nearest_legal(order, {4, 12}, 2) == 4
    assert nearest_legal(order, {12}, 2) == 12
    assert nearest_legal(order, set(), 2) is None


def test_the_view_key_tells_where_a_name_ends():
    one = view_key(RULES, START, SOUTH, labels=("South · a", "b"))
    other = view_key(RULES, START, SOUTH, labels=("South · ", "ab"))
    assert one != other


def test_html_escapes_every_text_and_attribute():
    tree = ("div", (("aria-label", 'a "b" <c> & d'),), "<i>&</i>")
    assert to_html(tree) == '<div aria-label="a &quot;b&quot; &lt;c&gt; &amp; d">&lt;i&gt;&amp;&lt;/i&gt;</div>'
