"""play.json ships exactly the modules the play page can import, at start or
later (the computer player, the analysis panel): a missing one fails only in
the browser, an extra one is fetched by every player before the board shows."""

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


def imported_modules(module, seen):
    """Every kalah module `module` imports, also inside functions (lazy imports)."""
    path = module_path(module)
    if module in seen or path is None:
        return
    seen.add(module)
    parts = module.split(".")
    for package in range(1, len(parts)):
        imported_modules(".".join(parts[:package]), seen)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kalah"):
            imported_modules(node.module, seen)
            for alias in node.names:
                imported_modules(node.module + "." + alias.name, seen)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kalah"):
                    imported_modules(alias.name, seen)


def play_page_files():
    needed = set()
    imported_modules("kalah.web.play_page", needed)
    return {"./" + module_path(m).relative_to(ROOT).as_posix() for m in needed}


def test_play_json_lists_what_the_play_page_imports_and_nothing_more():
    config = json.loads((ROOT / "play.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert all(source == target for source, target in config["files"].items())
    assert set(config["files"]) == play_page_files()


def test_index_html_uses_play_json():
    assert 'config="./play.json"' in (ROOT / "index.html").read_text(encoding="utf-8")


def test_index_html_preloads_every_file_of_play_json():
    import re
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="preload" href="(\./[^"]+\.py)" as="fetch" crossorigin fetchpriority="low">', html))
    assert preloaded == play_page_files()


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
