"""replay.html, history.html and embed.html each load their own PyScript config listing exactly the
modules the page can import (a missing one fails only in the browser, an extra one is fetched by every
visitor, and by every course page that embeds a game), as bytecode, and preload all of them at once."""

import json
import re
import sys
import tomllib

import pytest

from tests.web.test_play_config import ROOT, imported_modules, later_urls, module_path, source_of

PAGES = {"replay.html": ("replay.toml", "kalah.web.replay_page"),
         "history.html": ("history.toml", "kalah.web.history_page"),
         "embed.html": ("embed.toml", "kalah.web.embed_page")}


def page_files(module):
    needed = set()
    imported_modules(module, needed)
    return {"./" + module_path(m).relative_to(ROOT).as_posix() for m in needed}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_config_lists_what_the_page_imports_and_nothing_more(page):
    config_name, module = PAGES[page]
    config = tomllib.loads((ROOT / config_name).read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    # Bytecode only, where import looks for it: MicroPython would prefer a .py next to it.
    assert all(target == "./" + source[len("./static/mpy/"):] for source, target in config["files"].items())
    assert {source_of(source) for source in config["files"]} == page_files(module)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_uses_its_config_and_preloads_its_files(page):
    config_name, module = PAGES[page]
    html = (ROOT / page).read_text(encoding="utf-8")
    assert '<script type="mpy" config="./%s">' % config_name in html
    assert '<link rel="preload" href="./%s" as="fetch" crossorigin>' % config_name in html
    preloaded = set(re.findall(r'<link rel="preload" href="(\./static/mpy/[^"]+\.mpy)" as="fetch" crossorigin>', html))
    config = tomllib.loads((ROOT / config_name).read_text(encoding="utf-8"))
    assert preloaded == set(config["files"])
    assert not re.search(r'href="[^"]+\.py"', html)  # no source fetched beside the bytecode


def test_setup_compiles_every_module_a_page_loads_as_bytecode():
    sys.path.insert(0, str(ROOT / "scripts"))
    import compile_mpy
    wanted = {"./" + compile_mpy.mpy_path(source) for source in compile_mpy.sources()}
    play = json.loads((ROOT / "play.json").read_text(encoding="utf-8"))
    pages = [tomllib.loads((ROOT / config_name).read_text(encoding="utf-8")) for config_name, _ in PAGES.values()]
    assert wanted == set(play["files"]).union(*(config["files"] for config in pages)) | later_urls()
