"""play.json bundles exactly the modules the play page imports to draw the board,
and the later bundle (kalah/web/play/later.py fetches it) exactly those it imports later (the
computer player, the analysis panel, storage, sharing): a missing one fails only in the
browser, an extra one in play.json is fetched by every player before the board
shows. Each list reaches the page as one file (scripts/build/compile_mpy.py's bundles)."""

import ast
import json
import pathlib

from scripts.build import pages

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLAY = next(page for page in pages.PAGES if page.file == "index.html")


def play_page_files(lazy=False):
    """./kalah/board.py, ...: what the play page imports on the way to its board (with lazy, all it imports)."""
    return {"./" + path for path in pages.page_files(PLAY, lazy)}


def source_of(compiled):
    """./kalah/board.py for ./static/mpy/kalah/board.mpy (scripts/build/compile_mpy.py's output)."""
    assert compiled.startswith("./static/mpy/kalah/") and compiled.endswith(".mpy"), compiled
    return "./" + compiled[len("./static/mpy/"):-len(".mpy")] + ".py"


def later_bundle():
    """later.py's BUNDLE, read without importing it (it imports pyscript)."""
    tree = ast.parse((ROOT / "kalah/web/play/later.py").read_text(encoding="utf-8"))
    return next(ast.literal_eval(node.value) for node in tree.body
                if isinstance(node, ast.Assign) and node.targets[0].id == "BUNDLE")


def later_urls():
    """The bytecode the later bundle packs: ./static/mpy/kalah/records.mpy, ..."""
    entries = pages.bundles()[pages.LATER]
    assert all(target == "./" + source[len("./static/mpy/"):] for source, target in entries.items())
    return set(entries)


def later_modules():
    """The later bundle's modules as their sources (./kalah/records.py)."""
    return {source_of(url) for url in later_urls()}


def one_bundle(config, name):
    """What a page config has PyScript fetch: its bundle alone, as the module the page imports first."""
    return config["files"] == {"./static/mpy/bundles/%s.mpy" % name: "./page_bundle.mpy"}


def test_play_json_lists_what_the_play_page_imports_and_nothing_more():
    config = json.loads((ROOT / "play.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert one_bundle(config, "play")
    # Bytecode only, where import looks for it: MicroPython would prefer a .py next to it.
    assert all(target == "./" + source[len("./static/mpy/"):] for source, target in config["bundle"].items())
    assert {source_of(source) for source in config["bundle"]} == play_page_files()


def test_later_lists_what_the_play_page_imports_after_its_first_paint():
    assert later_modules() == play_page_files(lazy=True) - play_page_files()


def test_index_html_uses_play_json_and_imports_its_bundle_first():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert ('<script type="mpy" config="./play.json" async>import page_bundle; from kalah.web.common import '
            'page_language; await page_language.start(); ') in html


def test_index_html_preloads_every_file_of_play_json():
    import re
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="preload" href="(\./[^"]+)" as="fetch" crossorigin fetchpriority="low">', html))
    config = json.loads((ROOT / "play.json").read_text(encoding="utf-8"))
    assert preloaded == set(config["files"])


def test_index_html_preloads_the_later_modules_too():
    # Fetched while MicroPython starts, so that a computer opening the game (level 8's
    # book move) does not wait for a second round of fetches after the first paint.
    import re
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="preload" href="(\./[^"]+)" as="fetch" crossorigin fetchpriority="low" data-later>', html))
    assert preloaded == {"./" + later_bundle()} == {"./static/mpy/bundles/later.mpy"}


def test_before_python_runs_the_page_says_it_is_starting_and_no_button_is_live():
    from html.parser import HTMLParser

    class Buttons(HTMLParser):
        def __init__(self):
            super().__init__()
            self.buttons, self.status = [], None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "button":
                self.buttons.append(attrs)
            if attrs.get("id") == "status":
                self.status = ""

        def handle_data(self, data):
            if self.status == "":
                self.status = data

    page = Buttons()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert page.status.startswith("Starting the game")
    assert page.buttons and all("disabled" in b and "data-needs-python" in b for b in page.buttons)
