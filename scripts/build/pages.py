"""The site's pages, in one table, and the files written from it.

    python3 -m scripts.build.pages          (from the top folder; scripts/setup.sh runs it, before compile_mpy.py)

PAGES below is the one list of the site's pages. From it this step writes, between
`generated:` markers (the rest of each file stays hand-written):
- each page's HTML head (title, style sheets, preloads, start-guard, PyScript), its site
  navigation, the script that starts its Python, for the play page its first board, and for
  the pages that replay a game their replay controls (scripts/build/replay_controls.py);
- each page's PyScript config (play.json, NAME.toml), whose `bundle` is the import closure
  of the page's entry module (every kalah module it can import);
- sw.js's CORE_PAGES and OPTIONAL_PAGES;
- pyscript.toml, whose [files] are what the Pyodide hosts run: the import closure of the
  modules they call (WORKERS).
scripts/build/compile_mpy.py packs the bundles it computes here (`bundles()`), and
tests/test_page_configs.py fails when a written file differs from what this step would
write now. The output depends only on PAGES and the sources: the same input, the same bytes.

Adding a page: one row in PAGES, its entry module (with a `main()`), and its HTML file with
the three marker pairs around nothing (copy them from rules.html) and its own body; then
./scripts/setup.sh.
"""

import glob
import html
import json
import os
import sys

from scripts.build import page_words, replay_controls
from scripts.build.import_closure import module_files
from scripts.build.marked_text import page_catalog_path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Page:
    """One page of the site: a row of PAGES."""

    def __init__(self, file, config, entry, title, description, nav=None, header=True, styles=(),
                 late_styles=(), icon=False, offline="optional", fast_start=False, later=False,
                 scripts=(), text_files=(), first_board=None, controls=()):
        self.file = file                  # index.html
        self.config = config              # its PyScript config: play.json, rules.toml
        self.entry = entry                # the module whose main() starts the page
        self.title = title
        self.description = description
        self.nav = nav                    # its label in the site's navigation, or None: not listed
        self.header = header              # the site header (name and navigation) on top
        self.styles = styles              # static/css/ files, before the preloads
        self.late_styles = late_styles    # static/css/ files after the preloads: not needed to show the start
        self.icon = icon                  # the site's icon, else none (no request for one)
        self.offline = offline            # "core": sw.js's install needs it; "optional": cached when it can
        self.fast_start = fast_start      # the play page's tuned start (see head())
        self.later = later                # bundle only what the first paint imports; the rest after it
        self.scripts = scripts            # other <script> tags, run before PyScript's
        self.text_files = text_files      # files the page reads as text (globs), packed as they are
        self.first_board = first_board    # the name of a function below giving the page's first board
        self.controls = controls          # its replay controls, in their order (scripts/build/replay_controls.py)

    @property
    def bundle_name(self):
        return os.path.splitext(self.config)[0]


# The entry modules are here and only here: a module moves, its row changes.
PAGES = (
    Page("index.html", "play.json", "kalah.web.play.page",
         "Kalah — play against the computer or a friend",
         "Play Kalah, Owari, Oware and relay Kalaha in the browser, against a friend or the computer. Works offline.",
         nav="Play", icon=True, offline="core", fast_start=True, later=True,
         styles=("site.css",), late_styles=("analysis.css",),
         scripts=('<script src="./static/js/sound.js" defer></script>',), first_board="first_game_board"),
    Page("puzzles.html", "puzzles.toml", "kalah.web.puzzles.page", "Kalah — puzzles",
         "Kalah puzzles with proven answers: find the best move, see why the others lose.",
         nav="Puzzles", styles=("site.css", "puzzles.css")),
    Page("rules.html", "rules.toml", "kalah.web.rules.page", "Kalah — the rules",
         "How to play Kalah, Owari, Oware abapa and relay Kalaha, in plain words.",
         nav="Rules", icon=True, offline="core", styles=("site.css", "rules.css")),
    Page("history.html", "history.toml", "kalah.web.history.page", "Kalah — history",
         "Every Kalah game you played in this browser: replay, statistics, export and import.",
         nav="History", styles=("site.css", "replay.css")),
    Page("analysis.html", "analysis.toml", "kalah.web.analysis.page", "Kalah — analysis board",
         "Set up any Kalah, Owari or Oware position and see every move's value, exact where proven, and the best line.",
         nav="Analysis", styles=("site.css", "analysis-board.css", "chart.css")),
    Page("lab.html", "lab.toml", "kalah.web.lab.page", "Kalah — bot lab",
         "Write a Kalah computer player in Python, run it against people and computer players, and rank players in "
         "tournaments, all in the browser.",
         nav="Bot lab", icon=True, styles=("site.css", "lab.css"),
         # Before core.js: module scripts run in their order, so the sandboxes' module has run
         # before PyScript starts the page's Python (which calls window.kalahBotSandbox at once).
         scripts=('<script type="module" src="./static/js/bot-sandbox.js"></script>',),
         # The editor opens the templates as text: not modules, so packed as source.
         text_files=("kalah/lab/templates/*.py",)),
    Page("replay.html", "replay.toml", "kalah.web.replay.page", "Kalah — replay",
         "Replay a Kalah game move by move, share it as a link, continue it.",
         styles=("site.css", "replay.css", "chart.css", "analysis.css"),
         controls=replay_controls.STEPS + ("sow", "flip", "speed")),
    # The embed sits in a course page's frame: no site header.
    Page("embed.html", "embed.toml", "kalah.web.embed.page", "Kalah game", "A Kalah game, move by move.",
         header=False, styles=("site.css", "replay.css"), controls=replay_controls.STEPS + ("flip", "open-tab")),
)

HOME = PAGES[0]
INTERPRETER = "./static/vendor/micropython/micropython.mjs"
MPY = "static/mpy"                 # scripts/build/compile_mpy.py writes each module's bytecode here
BUNDLES = MPY + "/bundles"         # and each bundle here, as NAME.mpy
PYODIDE_CONFIG = "pyscript.toml"   # what the Pyodide hosts run (pyodide_config_text)
LATER = "later"                    # the bundle of the play page's modules for after its first paint
                                   # (kalah/web/play/later.py fetches BUNDLES/later.mpy)

# The chunks core.js loads on every start (the names are those of the pinned @pyscript/core;
# tests/browser/test_smoke.py fails if they drift).
PYSCRIPT_CHUNKS = ("core-C9KDLldu.js", "deprecations-manager-UpAPKqCb.js", "donkey-4Hrqd7WZ.js", "error-D2315lOB.js",
                   "py-editor-C4XsZtn7.js", "py-game-DWiCrr7a.js", "py-terminal-CwQ6kcjg.js")


# What the Pyodide hosts run (pyscript.toml's [files], compiled into static/pyc/kalah.zip): the
# modules their callers name ("kalah.ai.worker_api:choose_move"), with all they import.
# tests/test_pyscript_config.py fails when a page or a worker script names a module not here.
WORKERS = (
    "kalah.ai.worker_api",       # the computer's worker (static/js/pyodide-worker.js): moves, hints, review
    "kalah.ai.analysis_board",   # the same worker, for the analysis board
    "kalah.study.puzzle_worker",       # the same worker, for the puzzles page's "From your games"
    "kalah.lab.worker_api",      # the lab's checks, and each player's sandbox (static/js/bot-worker.js)
    "kalah.ai.players",          # the computer players a sandbox loads before it is ready
)

# ---- what a page imports (its closure: scripts/build/import_closure.py) -------------------

def worker_files():
    """What the Pyodide hosts can import: the union of WORKERS' closures, sorted."""
    return sorted(set().union(*(module_files(entry) for entry in WORKERS)))


# Every page's start runs it before the entry (start() below): the page's language.
LANGUAGE_MODULE = "kalah.web.common.page_language"


def page_files(page, lazy=True):
    """The sources a page can import, sorted: its entry's and the page language's (start())."""
    return sorted(set(module_files(page.entry, lazy)) | set(module_files(LANGUAGE_MODULE)))


def first_paint_files(page):
    """What the page's config bundles: with `later`, only what it imports on the way to its first
    paint (PyScript fetches every file of a config before any Python runs), else all it can import."""
    return page_files(page, lazy=not page.later)


def later_files(page):
    """What a `later` page imports after its first paint (saving, the computer, sharing...)."""
    return sorted(set(page_files(page)) - set(first_paint_files(page)))


def mpy_path(source):
    """static/mpy/kalah/board.mpy for kalah/game/board.py."""
    return "%s/%s.mpy" % (MPY, source[:-len(".py")])


def bytecode_entries(sources):
    """As a bundle lists them: {"./static/mpy/kalah/board.mpy": "./kalah/board.mpy"}: the
    bytecode where import looks for it (MicroPython would prefer a .py next to it)."""
    return {"./" + mpy_path(source): "./" + source[:-len(".py")] + ".mpy" for source in sources}


def bundle_entries(page):
    """The page's bundle: its modules as bytecode, then the files it reads as text, as they are."""
    entries = bytecode_entries(first_paint_files(page))
    for pattern in page.text_files:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            relative = "./" + os.path.relpath(path, ROOT).replace(os.sep, "/")
            entries[relative] = relative
    return entries


def bundles():
    """{bundle name: its entries} for scripts/build/compile_mpy.py: each page's, and the play page's later one."""
    found = {page.bundle_name: bundle_entries(page) for page in PAGES}
    found[LATER] = bytecode_entries([source for page in PAGES if page.later for source in later_files(page)])
    return found


# ---- the PyScript configs -------------------------------------------------------------------
# Each MicroPython page has a config of its own listing only the modules it can import, so that
# it starts with as little to fetch as possible (a missing one fails only in the browser, an
# extra one is fetched by every visitor, and by every course page that embeds a game). They are
# MicroPython bytecode that scripts/build/compile_mpy.py writes into static/mpy/ and packs into one
# file, static/mpy/bundles/NAME.mpy, the config's only `files` entry: the page imports it first
# (as page_bundle), which writes each file where import finds it. `bundle` lists what goes in
# (PyScript ignores that key). The play page's config is JSON, so that PyScript needs no TOML
# parser on the way to the board; it bundles only the modules that draw the board, and what the
# page needs later (storage, the computer, the analysis panel, sharing) is the `later` bundle,
# fetched after the first paint (kalah/web/play/later.py).

GENERATED_BY = "generated by scripts/build/pages.py from its PAGES (why it is so: there); edit PAGES, then run ./scripts/setup.sh"


def config_text(page):
    files = {"./%s/%s.mpy" % (BUNDLES, page.bundle_name): "./page_bundle.mpy"}
    bundle = bundle_entries(page)
    if page.config.endswith(".json"):
        config = {"_comment": "PyScript's configuration of %s, %s." % (page.file, GENERATED_BY), "interpreter": INTERPRETER,
                  "files": files, "bundle": bundle}
        return json.dumps(config, indent=2, ensure_ascii=False) + "\n"
    lines = ["# PyScript's configuration of %s, %s." % (page.file, GENERATED_BY.replace("; ", ";\n# ")),
             'interpreter = "%s"' % INTERPRETER, "", "[files]"]
    lines += ['"%s" = "%s"' % item for item in files.items()]
    lines += ["", "[bundle]"]
    lines += ['"%s" = "%s"' % item for item in bundle.items()]
    return "\n".join(lines) + "\n"


# pyscript.toml: no page loads it as its config any more (each has its own, above), but the
# Pyodide hosts' build reads its [files] (scripts/build/compile_pyodide_modules.mjs, through
# static/js/pyscript-files.js) and sw.js precaches them. It keeps `interpreter`, the vendored
# MicroPython, so that were a page ever to load it, PyScript would not fetch one from a CDN.

def pyodide_config_text():
    lines = ["# What the Pyodide hosts run, generated by scripts/build/pages.py from its WORKERS (why it is",
             "# so: there); edit WORKERS, then run ./scripts/setup.sh.",
             "# Its [files] are the modules of WORKERS with everything they import, as source:",
             "# scripts/build/compile_pyodide_modules.mjs compiles them into static/pyc/kalah.zip, which",
             "# static/js/pyodide-worker.js (the computer) and bot-worker.js (the lab's players) unpack.",
             "# PyScript resolves `interpreter` against the page's address and [files] against this",
             "# file's, so it lives at the top level, beside the pages.",
             "",
             "# Served from static/vendor/ (scripts/setup.sh): without it PyScript would fetch MicroPython",
             "# from a CDN.",
             'interpreter = "%s"' % INTERPRETER, "", "[files]"]
    lines += ['"./%s" = "./%s"' % (source, source) for source in worker_files()]
    return "\n".join(lines) + "\n"


# ---- the first board ----------------------------------------------------------------------
# A page's first board goes into its HTML (kalah/web/common/board_markup.py's tree, which BoardView
# takes as it is when it would draw that very board): painted with the page's text, before any
# Python runs. These run the kalah package under CPython, so this step runs from the top folder
# as a module (python3 -m scripts.build.pages), where `import kalah` finds it.

def first_game_board():
    """The play page's first game, as a first visit sees it: the default preset's start."""
    from kalah.library.presets import Preset
    from kalah.web.play.session import GameSession
    preset = Preset()
    return GameSession(preset.rules, preset.players, first=preset.first).view()


def first_board_tree(page):
    """The page's first board as kalah/web/common/board_markup.py's tree, in the active language."""
    from kalah.web.common.board_markup import board_tree
    return board_tree(before_python=True, **globals()[page.first_board]())


def board_lines(page):
    from scripts.build.html_tree import to_html
    return ["        " + to_html(first_board_tree(page))]


# ---- the HTML -------------------------------------------------------------------------------
# The head and the site header are written compactly, one line for each kind of element (the
# page's description and icons, its fetch preloads, its style sheets, its module preloads, its
# scripts; the header's name, its navigation): PAGES is their source and this the one function
# that writes them, so the files carry no copy anyone edits, and eight pages' heads laid out a tag
# a line would be eight long runs of the same lines to every reader and duplicate scan.

# ---- the page's language --------------------------------------------------------------------
# Chosen in the head, before anything is painted: a link's lang= (a teacher's embed) first, then
# the reader's choice in the language menu (localStorage), then the browser's preferred languages,
# else English. It sets <html lang dir>; for another language than English it starts fetching
# the page's words (scripts/build/page_words.py: put in by PUT_WORDS at the end of the body) and
# the page's catalog (for its Python, parsed here: kalah/web/common/page_catalog.py; fetched again
# by the page's Python when this request failed; kalahCatalogRead() gives it at once when it has
# come: MicroPython's window has every property for Object.hasOwn, and reads one that is null as
# missing) at once, and hides the body (html.i18n-pending,
# site.css) until the words are in, so that no English flashes. An English page fetches nothing
# more and shows as before.

def language_script(page):
    from kalah.i18n import CODES, LINK_KEY, PSEUDO, RIGHT_TO_LEFT, SOURCE, STORAGE_KEY
    return ("<script>(() => {"
            "const shipped = %s, wanted = [];"
            "const link = /(?:^|[#&?])%s=([a-zA-Z-]{1,12})(?:&|$)/.exec(location.hash + \"&\" + location.search.slice(1));"
            "if (link) wanted.push(link[1]);"
            "try { wanted.push(localStorage.getItem(\"%s\")); } catch (error) { /* storage blocked: a course page's frame */ }"
            "wanted.push(...(navigator.languages || [navigator.language]));"
            "let chosen = \"%s\";"
            "for (const tag of wanted) { const code = String(tag || \"\").toLowerCase().split(/[-_]/)[0];"
            " if (shipped.includes(code)) { chosen = code; break; } }"
            "if (chosen === \"%s\") return;"
            "const root = document.documentElement; root.lang = chosen;"
            "if (%s.includes(chosen)) root.dir = \"rtl\";"
            "root.classList.add(\"i18n-pending\");"
            "window.kalahWords = fetch(%s, {priority: \"high\"})"
            ".then((response) => response.ok ? response.json() : null).catch(() => null);"
            "window.kalahFetchCatalog = () => fetch(%s)"
            ".then((response) => response.ok ? response.json() : null).catch(() => null);"
            "let catalogRead = null; window.kalahCatalogRead = () => catalogRead;"
            "window.kalahCatalog = kalahFetchCatalog().then((read) => (catalogRead = read));"
            "})();</script>" % (json.dumps(list(CODES) + [PSEUDO]), LINK_KEY, STORAGE_KEY, SOURCE, SOURCE,
                                json.dumps(list(RIGHT_TO_LEFT)),
                                fetched_path(page_words.words_path(page.bundle_name, LANGUAGE)),
                                fetched_path(page_catalog_path(page.bundle_name, LANGUAGE))))


LANGUAGE = "\0"   # a path's place for the language the head chooses (fetched_path)


def fetched_path(path):
    """The head's JS expression for a language's file: "./static/i18n/" + chosen + ".json"."""
    before, after = path.split(LANGUAGE)
    return "%s + chosen + %s" % (json.dumps("./" + before), json.dumps(after))


def language_menu():
    """The language menu: each language named in its own words, enabled by the page's Python."""
    from kalah.i18n import LANGUAGES
    options = "".join('<option value="%s" lang="%s">%s</option>' % (code, code, html.escape(name))
                      for code, name in LANGUAGES)
    return ('<label class="language-menu"><span class="visually-hidden" data-i18n>Language</span>'
            '<select id="language" data-needs-python disabled>%s</select></label>' % options)


def head(page):
    """The head's lines. Every page fetches the runtime and its one bundle of Python files at
    once (preloads), instead of one after the other as PyScript discovers them. start-guard.js
    comes before PyScript: it says so on the page when the runtime cannot start."""
    esc = html.escape
    about = ['<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             language_script(page),
             "<title data-i18n>%s</title>" % esc(page.title, quote=False),
             '<meta name="description" content="%s">' % esc(page.description),
             '<meta name="color-scheme" content="light dark">']
    if page.offline == "core":   # the pages the site installs from as an app
        about += ['<meta name="theme-color" content="#7a4a1e">', '<link rel="manifest" href="./manifest.webmanifest">']
    about.append('<link rel="icon" href="./static/icons/icon.svg" type="image/svg+xml">' if page.icon
                 else '<link rel="icon" href="data:,">')
    if page.offline == "core":
        about.append('<link rel="apple-touch-icon" href="./static/icons/icon-192.png">')
    # The files fetch() reads as the page starts (the interpreter's wasm, the config, the bundle),
    # fetched at once, before the style sheets, so that this script waits for none. WebKit's
    # fetch() never takes a preloaded response and would download each twice, so WebKit gets
    # none of them (docs/browsers.md): they wait in a template the script puts into <head>.
    low = ' fetchpriority="low"' if page.fast_start else ""
    fetched = ['<template id="fetch-preloads">',
               '<link rel="preload" href="./static/vendor/micropython/micropython.wasm" as="fetch" crossorigin>',
               '<link rel="preload" href="./%s" as="fetch" crossorigin>' % page.config,
               '<link rel="preload" href="./%s/%s.mpy" as="fetch" crossorigin%s>' % (BUNDLES, page.bundle_name, low)]
    if page.later:
        # Fetched while MicroPython starts, read from this preload once the board is drawn
        # (data-later), so that a computer opening the game does not wait for a second round
        # of fetches after the first paint.
        fetched.append('<link rel="preload" href="./%s/%s.mpy" as="fetch" crossorigin fetchpriority="low" data-later>'
                       % (BUNDLES, LATER))
    fetched += ['</template>',
                '<script>if (navigator.vendor !== "Apple Computer, Inc.") '
                'document.head.append(document.getElementById("fetch-preloads").content);</script>']
    styles = ['<link rel="stylesheet" href="./static/css/%s">' % name for name in page.styles]
    # The play page's tuned start: core.js first, then the PyScript chunks core.js loads on every
    # start, fetched now, not one after the other behind the page's own files.
    modules = ['<link rel="modulepreload" href="./static/vendor/pyscript/core.js"%s>'
               % (' fetchpriority="high"' if page.fast_start else "")]
    if page.fast_start:
        modules += ['<link rel="modulepreload" href="./static/vendor/pyscript/%s">' % chunk for chunk in PYSCRIPT_CHUNKS]
    modules.append('<link rel="modulepreload" href="./static/vendor/micropython/micropython.mjs">')
    late_styles = ['<link rel="stylesheet" href="./static/css/%s">' % name for name in page.late_styles]
    scripts = ['<script src="./static/js/start-guard.js"></script>']
    if page.offline == "core":
        scripts.append('<script src="./static/js/offline.js" async></script>')   # registers sw.js
    scripts += list(page.scripts)
    scripts.append('<script type="module" src="./static/vendor/pyscript/core.js"></script>')
    return ["  " + "".join(kind) for kind in (about, fetched, styles, modules, late_styles, scripts) if kind]


def nav(page):
    """The site header: the site's name (home) and every page with a nav label, this one marked
    (page None: no page of PAGES, as the offline page)."""
    def current(other):
        return ' aria-current="page"' if other is page else ""
    if page is not None and not page.header:
        return []
    links = ['<a href="./%s"%s data-i18n>%s</a>' % (other.file, current(other), html.escape(other.nav))
             for other in PAGES if other.nav]
    return ['  <header class="site-header"><h1><a href="./%s"%s>Kalah</a></h1>' % (HOME.file, current(HOME)),
            '    <nav aria-label="Site" data-i18n-attr="aria-label">%s</nav>%s</header>' % ("".join(links), language_menu())]


def start(page):
    """The scripts that start the page: its words in (another language than English: PUT_WORDS), then
    its Python, on one line: its bundle first (page_bundle
    writes the page's modules where import finds them: one fetch, not one a module), then the
    page's language (its messages in, the menu bound: page_language), then the entry's main()."""
    package, module = page.entry.rsplit(".", 1)
    return ["  " + page_words.PUT_WORDS,
            '  <script type="mpy" config="./%s" async>import page_bundle; from kalah.web.common import page_language; '
            'await page_language.start(); from %s import %s; %s%s.main()</script>'
            % (page.config, package, module, "await " if page.later else "", module)]


def begin_marker(region, comment):
    return comment % ("generated: %s, by scripts/build/pages.py" % region)


def end_marker(region, comment):
    return comment % ("end generated: %s" % region)


def fill(text, path, region, lines, comment, at_marker_indent=False):
    """`text` with the lines between the region's markers replaced by `lines` (each marker a line of its own),
    as they are or, with at_marker_indent, each indented as the markers are."""
    begin, end = begin_marker(region, comment), end_marker(region, comment)
    before, found, rest = text.partition(begin + "\n")
    if not found:
        raise SystemExit("pages.py: %s has no line %r: copy the markers from another page" % (path, begin.strip()))
    indent = before[len(before.rstrip(" ")):]
    _, found, after = rest.partition(indent + end + "\n")
    if not found:
        raise SystemExit("pages.py: %s has no line %r after its %r" % (path, indent + end, begin.strip()))
    if at_marker_indent:
        lines = [indent + line for line in lines]
    return before + begin + "\n" + "".join(line + "\n" for line in lines) + indent + end + "\n" + after


HTML_COMMENT = "<!-- %s -->"
# The static page sw.js serves offline in place of a page it has not kept: the site header only.
OFFLINE_PAGE = "offline.html"
JS_COMMENT = "// %s"


def page_text(page, text):
    text = fill(text, page.file, "head", head(page), HTML_COMMENT)
    text = fill(text, page.file, "header", nav(page), HTML_COMMENT)
    if page.first_board:
        text = fill(text, page.file, "board", board_lines(page), HTML_COMMENT)
    if page.controls:
        text = fill(text, page.file, "replay controls", replay_controls.controls_lines(page.controls, page.file),
                    HTML_COMMENT, at_marker_indent=True)
    return fill(text, page.file, "start", start(page), HTML_COMMENT)


def service_worker_text(text):
    def listed(kind):
        return "[%s]" % ", ".join('"./%s"' % page.file for page in PAGES if page.offline == kind)
    from kalah.i18n import CODES, SOURCE
    lines = ["// Install fails without these pages (and what they reference): the play page and its rules.",
             "const CORE_PAGES = %s;" % listed("core"),
             "// The other pages: cached when present.",
             "const OPTIONAL_PAGES = %s;" % listed("optional"),
             "// Served offline in place of a page not kept (install fails without it).",
             'const OFFLINE_PAGE = "./%s";' % OFFLINE_PAGE,
             "// Each language's words and catalog of every page (kalah/i18n LANGUAGES, but English, which",
             "// needs none), cached for the language a page says it is in: cached when present.",
             "const LANGUAGE_FILES = {"]
    lines += ['  "%s": [%s],' % (code, ", ".join('"./%s"' % path for path in language_files(code)))
              for code in CODES if code != SOURCE]
    lines.append("};")
    return fill(text, "sw.js", "pages", lines, JS_COMMENT)


def language_files(language):
    """What a page in `language` fetches besides English's, for every page: its words and its catalog."""
    return [path for page in PAGES for path in (page_words.words_path(page.bundle_name, language),
                                                page_catalog_path(page.bundle_name, language))]


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", newline="") as handle:
        return handle.read()


def generated():
    """{path under ROOT: the text this step writes there}, from PAGES and the files as they are."""
    texts = {}
    for page in PAGES:
        texts[page.file] = page_text(page, read(page.file))
        texts[page.config] = config_text(page)
        board = (lambda page=page: first_board_tree(page)) if page.first_board else None
        for language in page_words.LANGUAGES:
            texts[page_words.words_path(page.bundle_name, language)] = page_words.words_text(
                texts[page.file], language, board)
    texts[OFFLINE_PAGE] = fill(read(OFFLINE_PAGE), OFFLINE_PAGE, "header", nav(None), HTML_COMMENT)
    texts["sw.js"] = service_worker_text(read("sw.js"))
    texts[PYODIDE_CONFIG] = pyodide_config_text()
    return texts


def stale():
    """The generated files whose text differs from what this step writes now."""
    return sorted(path for path, text in generated().items()
                  if not os.path.exists(os.path.join(ROOT, path)) or read(path) != text)


def main():
    written = stale()
    texts = generated()
    for path in written:
        part = os.path.join(ROOT, "%s.%d" % (path, os.getpid()))
        os.makedirs(os.path.dirname(part), exist_ok=True)   # a language's first words files
        with open(part, "w", encoding="utf-8", newline="") as handle:
            handle.write(texts[path])
        os.replace(part, os.path.join(ROOT, path))   # a running server never serves half a file
    print("pages: %d pages, %s" % (len(PAGES), "wrote " + ", ".join(written) if written else "every file up to date"))


if __name__ == "__main__":
    sys.exit(main())
