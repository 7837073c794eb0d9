from kalah.lab.highlight import highlight


def test_pieces_give_each_line_back_exactly():
    source = open("kalah/lab/templates/select_move.py").read()
    lines = highlight(source)
    assert ["".join(text for _, text in pieces) for pieces in lines] == source.split("\n")


def test_classes():
    assert highlight("def f(x):  # go")[0] == [("kw", "def"), ("", " "), ("fn", "f"), ("", "(x):  "), ("com", "# go")]
    assert highlight("x = 'a#b' + 12")[0] == [("", "x = "), ("str", "'a#b'"), ("", " + "), ("num", "12")]
    assert highlight('s = """one\ntwo\nthree""" + len(s)') == [
        [("", "s = "), ("str", '"""one')], [("str", "two")],
        [("str", 'three"""'), ("", " + "), ("bi", "len"), ("", "(s)")]]
