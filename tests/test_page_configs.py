"""Every file scripts/build/pages.py writes is as it would write it now. replay.html, history.html,
embed.html, lab.html, rules.html, puzzles.html and analysis.html each load their own PyScript config bundling exactly
the modules the page can import (a missing one fails only in the browser, an extra one is fetched by every
visitor, and by every course page that embeds a game), as bytecode, in one file they preload; and a bundle
writes back exactly the bytes it was made from."""

import json
import re
import tomllib

import pytest

from scripts.build import import_closure, pages
from tests.web.test_play_config import ROOT, later_urls, one_bundle, source_of

# The pages other than the play page (tests/web/test_play_config.py): {page: (its config, its entry module)}.
PAGES = {page.file: (page.config, page) for page in pages.PAGES if not page.later}


# Files a page reads as text rather than imports (the lab editor's templates): listed as they are.
READ_AS_TEXT = {"lab.html": {"./" + path.relative_to(ROOT).as_posix()
                             for path in (ROOT / "kalah/lab/templates").glob("*.py")}}


def page_files(page):
    return {"./" + path for path in pages.page_files(page)}


def test_every_file_written_from_the_page_registry_is_up_to_date():
    stale = pages.stale()
    assert not stale, ("%s differ from what scripts/build/pages.py writes from its PAGES (or the imports): "
                       "run ./scripts/setup.sh" % ", ".join(stale))


def test_the_registry_writes_the_same_bytes_again_from_its_own_output():
    first = pages.generated()
    assert pages.generated() == first
    again = {}
    for page in pages.PAGES:
        again[page.file] = pages.page_text(page, first[page.file])
    assert again == {page.file: first[page.file] for page in pages.PAGES}
    assert pages.service_worker_text(first["sw.js"]) == first["sw.js"]


def test_a_page_without_the_markers_gets_a_message_saying_what_to_do():
    with pytest.raises(SystemExit, match="rules.html has no line '<!-- generated: head, by scripts/build/pages.py -->'"):
        pages.page_text(pages.PAGES[2], "<!doctype html>\n<head>\n</head>\n")


def test_the_nav_lists_every_page_with_a_label_and_marks_the_page_itself():
    lab = next(page for page in pages.PAGES if page.file == "lab.html")
    assert pages.nav(lab) == [
        '  <header class="site-header"><h1><a href="./index.html">Kalah</a></h1>',
        '    <nav aria-label="Site" data-i18n-attr="aria-label"><a href="./index.html" data-i18n>Play</a>'
        '<a href="./puzzles.html" data-i18n>Puzzles</a><a href="./rules.html" data-i18n>Rules</a>'
        '<a href="./history.html" data-i18n>History</a><a href="./analysis.html" data-i18n>Analysis</a>'
        '<a href="./lab.html" aria-current="page" data-i18n>Bot lab</a></nav>' + pages.language_menu() + '</header>']


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_config_lists_what_the_page_imports_and_nothing_more(page):
    config_name, registered = PAGES[page]
    config = tomllib.loads((ROOT / config_name).read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    assert one_bundle(config, config_name.split(".")[0])
    bytecode = {source: target for source, target in config["bundle"].items() if source.startswith("./static/mpy/")}
    # Bytecode where import looks for it (MicroPython would prefer a .py next to it), text as it is.
    assert all(target == "./" + source[len("./static/mpy/"):] for source, target in bytecode.items())
    assert {source_of(source) for source in bytecode} == page_files(registered)
    text = {source: target for source, target in config["bundle"].items() if source not in bytecode}
    assert all(source == target for source, target in text.items())
    assert set(text) == READ_AS_TEXT.get(page, set())


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_uses_its_config_and_preloads_its_files(page):
    config_name, _registered = PAGES[page]
    html = (ROOT / page).read_text(encoding="utf-8")
    assert ('<script type="mpy" config="./%s" async>import page_bundle; from kalah.web.common import page_language; '
            'await page_language.start(); ' % config_name) in html
    assert '<link rel="preload" href="./%s" as="fetch" crossorigin>' % config_name in html
    preloaded = set(re.findall(r'<link rel="preload" href="(\./(?:static/mpy|kalah)/[^"]+)" as="fetch" crossorigin>', html))
    config = tomllib.loads((ROOT / config_name).read_text(encoding="utf-8"))
    assert preloaded == set(config["files"])


def test_setup_compiles_every_module_a_page_loads_as_bytecode():
    from scripts.build import compile_mpy
    wanted = {"./" + pages.mpy_path(source) for source in compile_mpy.sources(pages.bundles())}
    play = json.loads((ROOT / "play.json").read_text(encoding="utf-8"))
    configs = [tomllib.loads((ROOT / config_name).read_text(encoding="utf-8")) for config_name, _ in PAGES.values()]
    listed = set(play["bundle"]).union(*(config["bundle"] for config in configs))
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
    template = re.search(r'<template id="fetch-preloads">(.*?)</template>(<script>.*?</script>)', html, re.S)
    assert template and template.group(2) == PRELOAD_SCRIPT
    outside = html.replace(template.group(1), "")
    assert 'as="fetch"' not in outside
    assert html.index(PRELOAD_SCRIPT) < html.index('rel="stylesheet"')


def test_no_bundle_packs_a_package_init_without_code():
    # MicroPython imports a folder's modules without its __init__ (tests/micropython/
    # test_namespace_packages_micropython.py): an empty one would only cost each page its bytes.
    packed = {target for entries in pages.bundles().values() for target in entries.values()}
    assert "./kalah/__init__.mpy" in packed                      # it has code: kept
    assert "./kalah/web/__init__.mpy" not in packed and "./kalah/web/common/__init__.mpy" not in packed
    assert all(not import_closure.empty_package(str(ROOT / target[len("./"):-len(".mpy")]) + ".py")
               for target in packed if target.endswith("/__init__.mpy"))


@pytest.mark.parametrize("page", sorted(pages.PAGES, key=lambda page: page.file), ids=lambda page: page.file)
def test_the_page_s_own_scripts_come_before_core_js_so_they_have_run_when_its_python_starts(page):
    # Deferred and module scripts run in document order, and core.js starts the page's Python: a
    # script after it (lab.html's bot-sandbox.js, once) could still be loading when the Python
    # called it, on a busy machine. async scripts (offline.js registering sw.js) are not called.
    html = (ROOT / page.file).read_text()
    scripts = re.findall(r'<script\b([^>]*)\bsrc="([^"]+)"', html)
    order = [src for attributes, src in scripts if "async" not in attributes]
    core = order.index("./static/vendor/pyscript/core.js")
    assert order[core + 1:] == []
