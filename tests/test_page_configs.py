"""replay.html, history.html, embed.html, lab.html and rules.html each load their own PyScript config bundling exactly
the modules the page can import (a missing one fails only in the browser, an extra one is fetched by every
visitor, and by every course page that embeds a game), as bytecode, in one file they preload; and a bundle
writes back exactly the bytes it was made from."""

import json
import re
import tomllib

import pytest

from tests.web.test_play_config import ROOT, imported_modules, later_urls, module_path, one_bundle, source_of

PAGES = {"replay.html": ("replay.toml", "kalah.web.replay.page"),
         "history.html": ("history.toml", "kalah.web.history.page"),
         "embed.html": ("embed.toml", "kalah.web.embed.page"),
         "lab.html": ("lab.toml", "kalah.web.lab.page"),
         "rules.html": ("rules.toml", "kalah.web.rules.page"),
         "puzzles.html": ("puzzles.toml", "kalah.web.puzzles.page"),
         "analysis.html": ("analysis.toml", "kalah.web.analysis.page")}


# Files a page reads as text rather than imports (the lab editor's templates): listed as they are.
READ_AS_TEXT = {"lab.html": {"./" + path.relative_to(ROOT).as_posix()
                             for path in (ROOT / "kalah/lab/templates").glob("*.py")}}


def page_files(module):
    needed = set()
    imported_modules(module, needed)
    return {"./" + module_path(m).relative_to(ROOT).as_posix() for m in needed}


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_config_lists_what_the_page_imports_and_nothing_more(page):
    config_name, module = PAGES[page]
    config = tomllib.loads((ROOT / config_name).read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert one_bundle(config, config_name.split(".")[0])
    bytecode = {source: target for source, target in config["bundle"].items() if source.startswith("./static/mpy/")}
    # Bytecode where import looks for it (MicroPython would prefer a .py next to it), text as it is.
    assert all(target == "./" + source[len("./static/mpy/"):] for source, target in bytecode.items())
    assert {source_of(source) for source in bytecode} == page_files(module)
    text = {source: target for source, target in config["bundle"].items() if source not in bytecode}
    assert all(source == target for source, target in text.items())
    assert set(text) == READ_AS_TEXT.get(page, set())


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_uses_its_config_and_preloads_its_files(page):
    config_name, module = PAGES[page]
    html = (ROOT / page).read_text(encoding="utf-8")
    assert '<script type="mpy" config="./%s">\nimport page_bundle ' % config_name in html
    assert '<link rel="preload" href="./%s" as="fetch" crossorigin>' % config_name in html
    preloaded = set(re.findall(r'<link rel="preload" href="(\./(?:static/mpy|kalah)/[^"]+)" as="fetch" crossorigin>', html))
    config = tomllib.loads((ROOT / config_name).read_text(encoding="utf-8"))
    assert preloaded == set(config["files"])


def test_setup_compiles_every_module_a_page_loads_as_bytecode():
    from scripts.build import compile_mpy
    wanted = {"./" + compile_mpy.mpy_path(source) for source in compile_mpy.sources()}
    play = json.loads((ROOT / "play.json").read_text(encoding="utf-8"))
    pages = [tomllib.loads((ROOT / config_name).read_text(encoding="utf-8")) for config_name, _ in PAGES.values()]
    listed = set(play["bundle"]).union(*(config["bundle"] for config in pages))
    assert wanted == {path for path in listed if path.startswith("./static/mpy/")} | later_urls()


def test_a_bundle_writes_back_every_file_it_packs_byte_for_byte(tmp_path, monkeypatch):
    from scripts.build import compile_mpy
    every_byte = bytes(range(256)) * 3
    files = {"./static/mpy/kalah/a.mpy": every_byte, "./static/mpy/kalah/web/b.mpy": b"",
             "./kalah/lab/templates/c.py": "# ‘quotes’ and \\ and \"\"\"\n".encode()}
    for path, data in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(data)
    entries = {"./static/mpy/kalah/a.mpy": "./kalah/a.mpy", "./static/mpy/kalah/web/b.mpy": "./kalah/web/b.mpy",
               "./kalah/lab/templates/c.py": "./kalah/lab/templates/c.py"}
    source = compile_mpy.bundle_source("test", entries, root=str(tmp_path))
    page = tmp_path / "page"
    page.mkdir()
    (page / "kalah").mkdir()   # a folder there already is no error
    monkeypatch.chdir(page)
    exec(compile(source, "test_bundle.py", "exec"), {})
    written = {"./" + path.relative_to(page).as_posix(): path.read_bytes()
               for path in page.rglob("*") if path.is_file()}
    assert written == {target: files[source] for source, target in entries.items()}


PRELOAD_SCRIPT = ('<script>if (navigator.vendor !== "Apple Computer, Inc.") '
                  'document.head.append(document.getElementById("fetch-preloads").content);</script>')


@pytest.mark.parametrize("page", sorted(PAGES) + ["index.html"])
def test_fetch_preloads_are_given_to_every_engine_but_webkit(page):
    # WebKit's fetch() never takes an as="fetch" preload, so it would fetch each file twice
    # (docs/browsers.md): the page keeps them in a template, put in <head> by a script before
    # any style sheet (which it would otherwise wait for).
    html = (ROOT / page).read_text(encoding="utf-8")
    template = re.search(r'<template id="fetch-preloads">(.*?)</template>\n  (<script>.*?</script>)', html, re.S)
    assert template and template.group(2) == PRELOAD_SCRIPT
    outside = html.replace(template.group(1), "")
    assert 'as="fetch"' not in outside
    assert html.index(PRELOAD_SCRIPT) < html.index('rel="stylesheet"')
