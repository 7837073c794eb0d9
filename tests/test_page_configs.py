"""replay.html, history.html and embed.html each load their own PyScript config listing exactly the
modules the page can import (a missing one fails only in the browser, an extra one is fetched by every
visitor, and by every course page that embeds a game), and preload all of them at once."""

import re
import tomllib

import pytest

from tests.web.test_play_config import ROOT, imported_modules, module_path

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
    assert all(source == target for source, target in config["files"].items())
    assert set(config["files"]) == page_files(module)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_uses_its_config_and_preloads_its_files(page):
    config_name, module = PAGES[page]
    html = (ROOT / page).read_text(encoding="utf-8")
    assert '<script type="mpy" config="./%s">' % config_name in html
    assert '<link rel="preload" href="./%s" as="fetch" crossorigin>' % config_name in html
    preloaded = set(re.findall(r'<link rel="preload" href="(\./[^"]+\.py)" as="fetch" crossorigin>', html))
    assert preloaded == page_files(module)
