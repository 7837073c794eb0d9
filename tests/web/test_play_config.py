"""play.json bundles exactly the modules the play page imports to draw the board,
and kalah/web/play/later.py's MODULES exactly those it imports later (the computer
player, the analysis panel, storage, sharing): a missing one fails only in the
browser, an extra one in play.json is fetched by every player before the board
shows. Each list reaches the page as one file (scripts/build/compile_mpy.py's bundles)."""

import ast
import pathlib
import json

ROOT = pathlib.Path(__file__).resolve().parents[2]


def module_path(module):
    path = ROOT / (module.replace(".", "/") + ".py")
    if path.is_file():
        return path
    path = ROOT / module.replace(".", "/") / "__init__.py"
    return path if path.is_file() else None


def imported_modules(module, seen, lazy=True):
    """Every kalah module `module` imports, also inside functions (lazy imports) unless lazy=False."""
    path = module_path(module)
    if module in seen or path is None:
        return
    seen.add(module)
    parts = module.split(".")
    for package in range(1, len(parts)):
        imported_modules(".".join(parts[:package]), seen, lazy)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = ast.walk(tree) if lazy else _module_level(tree.body)
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kalah"):
            imported_modules(node.module, seen, lazy)
            for alias in node.names:
                imported_modules(node.module + "." + alias.name, seen, lazy)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kalah"):
                    imported_modules(alias.name, seen, lazy)


def _module_level(body):
    """The statements run on import: the module's body, with try/if blocks opened."""
    for node in body:
        yield node
        if isinstance(node, (ast.Try, ast.If)):
            yield from _module_level(node.body + node.orelse + getattr(node, "finalbody", []) +
                                     [s for h in getattr(node, "handlers", []) for s in h.body])


def play_page_files(lazy=False):
    needed = set()
    imported_modules("kalah.web.play.page", needed, lazy)
    return {"./" + module_path(m).relative_to(ROOT).as_posix() for m in needed}


def source_of(compiled):
    """./kalah/board.py for ./static/mpy/kalah/board.mpy (scripts/build/compile_mpy.py's output)."""
    assert compiled.startswith("./static/mpy/kalah/") and compiled.endswith(".mpy"), compiled
    return "./" + compiled[len("./static/mpy/"):-len(".mpy")] + ".py"


def later_values():
    """later.py's MODULES and BUNDLE, read without importing it (it imports pyscript)."""
    tree = ast.parse((ROOT / "kalah/web/play/later.py").read_text(encoding="utf-8"))
    return {node.targets[0].id: ast.literal_eval(node.value) for node in tree.body
            if isinstance(node, ast.Assign) and node.targets[0].id in ("MODULES", "BUNDLE")}


def later_modules():
    """later.MODULES as their sources (./kalah/records/record.py)."""
    return {source_of("./static/mpy/" + path) for path in later_values()["MODULES"]}


def later_urls():
    """The bytecode later.py's bundle packs: ./static/mpy/kalah/records/record.mpy, ..."""
    return {"./static/mpy/" + path[len("./"):-len(".py")] + ".mpy" for path in later_modules()}


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
    listed = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert all('"%s"' % path in listed for path in later_modules())  # precached, and in the worker


def test_index_html_uses_play_json_and_imports_its_bundle_first():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script type="mpy" config="./play.json" async>\nimport page_bundle ' in html


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
    assert preloaded == {"./" + later_values()["BUNDLE"]} == {"./static/mpy/bundles/later.mpy"}


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
