"""The docs are true to the code: what they name exists, and their examples run.

- Every file path, module (`python -m scripts.bench.bench_engine`, `kalah.ai.book`) and
  name in a module (`kalah.game.rules.find_rules`, `game_setup.why_not`, `Board.push`) that
  README.md or docs/*.md names exists in the repository (or is written by the build).
  So does every path a docstring or comment names from the root, every link to a heading
  and every option a doc gives a command (`python -m kalah solve --position P`).
- Every `>>>` example in the package runs and prints what it shows (doctest).
- No tracked file needs a path outside the repository (`../shared`, `/work/...`): users
  have only the repository.
- What the docs quote from the code is the code's: the embed snippet, the rules' limits and
  board picture (docs/rules.md); docs/performance.md gives each figure's command, date, load.

The names are found by reading the code (ast), never by importing it, so a module of
`kalah/web/` that needs the browser is checked as well as the rest.
"""

import ast
import doctest
import fnmatch
import importlib
import io
import pathlib
import re
import subprocess
import tokenize

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
# A path the docs name from the repository's root starts with one of these.
ROOTS = ("kalah/", "scripts/", "tests/", "docs/", "static/")
EXTENSIONS = ("py", "md", "html", "js", "mjs", "toml", "json", "bin", "sh", "css", "png", "svg",
              "txt", "webmanifest", "zip", "mpy", "u8")
# Written by scripts/setup.sh, the tests or a benchmark, never committed.
GENERATED = ("static/vendor/", "static/mpy/", "static/pyc/", "build-manifest.js", "test-artifacts/",
             ".venv/", "node_modules/")
# Files of the runtimes that scripts/setup.sh installs into static/vendor/ (PyScript, Pyodide).
VENDORED = {"core.js", "core-*.js", "python_stdlib.zip", "pyodide.asm.wasm", "micropython.wasm"}
# Names the docs use for what a reader makes: students' files, output folders, placeholders.
# (`bundles/NAME.mpy` is static/mpy/bundles/NAME.mpy, its line broken in a diagram.)
EXAMPLES = {"alice.py", "bob.py", "bots/", "bots/*.py", "results/", "run1/", "run1/games/NNNN.json",
            "FOLDER/games/NNNN.json", "course-2026/", "course-2026/records/", "OUT.part", "DIR",
            "../kalah-check", "bundles/NAME.mpy", "static/data/book-kalah6-4.bin.part"}
# Storage keys, a placeholder and JavaScript that look like dotted names.
NOT_NAMES = {"kalah.game", "kalah.puzzles", "kalah.puzzles.yours", "kalah.x.y", "worker.postMessage"}


def tracked_files():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in listed.stdout.splitlines() if line]


TRACKED = tracked_files()
TRACKED_DIRS = {str(pathlib.PurePosixPath(path).parent) + "/" for path in TRACKED}
for _path in list(TRACKED_DIRS):
    for _parent in pathlib.PurePosixPath(_path).parents:
        TRACKED_DIRS.add(str(_parent) + "/")


# -- paths ---------------------------------------------------------------------------

PATH = re.compile(r"(?<![\w./:~@-])((?:\.\./)?[\w*<>-]+(?:\.[\w*<>-]+)*(?:/[\w*<>.-]+)*/?)")


def looks_like_path(token):
    if token.startswith(ROOTS):
        return True
    last = token.rstrip("/").rsplit("/", 1)[-1]
    return "." in last and last.rsplit(".", 1)[-1] in EXTENSIONS


def as_glob(path):
    """Placeholders (`<page>`, `NAME`, `KEY`, `*`) become wildcards."""
    path = re.sub(r"<[^>]*>", "*", path)
    return re.sub(r"(?<![a-z])[A-Z][A-Z0-9]+(?![a-z])", "*", path)


def path_exists(path):
    if path in EXAMPLES or (path.rstrip("/") + "/").startswith(GENERATED) or path.startswith(GENERATED):
        return True
    if path.startswith("../"):
        return False
    pattern = as_glob(path)
    if path.endswith("/"):
        candidates = TRACKED_DIRS
    elif path + "/" in TRACKED_DIRS:  # a folder named without its slash: `tests/engines`
        return True
    else:
        candidates = TRACKED
    if "/" not in path:  # a file's name alone: `seats.py`
        if path.endswith(".mpy"):  # bytecode of a module, compiled by the build
            pattern = pattern[:-len(".mpy")] + ".py"
        return path in VENDORED or any(fnmatch.fnmatchcase(candidate.rstrip("/").rsplit("/", 1)[-1], pattern)
                                       for candidate in candidates)
    if path.startswith(ROOTS):
        return any(fnmatch.fnmatchcase(candidate, pattern) for candidate in candidates)
    # `common/board_view.py`, `play/turns.py`: a path the text names from a folder it gave
    return any(fnmatch.fnmatchcase(candidate, pattern) or fnmatch.fnmatchcase(candidate, "*/" + pattern)
               for candidate in candidates)


def named_paths(doc):
    """The paths a doc names: in code spans, code blocks and links."""
    text = doc.read_text(encoding="utf-8")
    found = set()
    for target in re.findall(r"\]\(([^)#\s]+)", text):
        if "://" not in target:
            found.add(str((doc.parent / target).resolve().relative_to(ROOT))
                      + ("/" if target.endswith("/") else ""))
    for span in code_spans(text):
        for match in PATH.finditer(span):
            token = match.group(1).rstrip(".>")
            if looks_like_path(token):
                found.add(token)
    return found


def code_spans(text):
    blocks = re.findall(r"```[^\n]*\n(.*?)```", text, re.S)
    prose = re.sub(r"```[^\n]*\n.*?```", "", text, flags=re.S)
    return blocks + re.findall(r"`([^`\n]+)`", prose)


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_path_a_doc_names_exists(doc):
    missing = sorted(path for path in named_paths(doc) if not path_exists(path))
    assert missing == []


# -- modules and names ---------------------------------------------------------------

def module_index():
    """{dotted module: (top-level names, {class: member names})} of every tracked module."""
    index = {}
    for path in TRACKED:
        if not path.endswith(".py"):
            continue
        parts = path[:-3].split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        names, classes = set(), {}
        for node in tree.body:
            names.update(defined_names(node))
            if isinstance(node, ast.ClassDef):
                classes[node.name] = class_members(node)
        index[".".join(parts)] = (names, classes)
    return index


def defined_names(node):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {name.id for target in targets for name in ast.walk(target) if isinstance(name, ast.Name)}
    if isinstance(node, (ast.If, ast.Try)):
        inner = node.body + node.orelse + getattr(node, "finalbody", [])
        for handler in getattr(node, "handlers", []):
            inner += handler.body
        return set().union(*[defined_names(child) for child in inner]) if inner else set()
    return set()


def class_members(node):
    members = set()
    for child in node.body:
        members.update(defined_names(child))
    for child in ast.walk(node):  # self.name = ... in any method
        if isinstance(child, ast.Attribute) and isinstance(child.value, ast.Name) and child.value.id == "self" \
                and isinstance(child.ctx, ast.Store):
            members.add(child.attr)
    return members


INDEX = module_index()
STEMS = {}
for _module in INDEX:
    STEMS.setdefault(_module.rsplit(".", 1)[-1], []).append(_module)
CLASSES = {}
for _module, (_names, _classes) in INDEX.items():
    for _class, _members in _classes.items():
        CLASSES.setdefault(_class, []).append(_members)
# `board.turn`, `game.getBoard`: an instance named after its class (or the class's last word)
INSTANCES = {}
for _class in CLASSES:
    for _word in {_class.lower(), re.findall(r"[A-Z][a-z]*", _class)[-1].lower() if _class[:1].isupper() else ""}:
        if _word:
            INSTANCES.setdefault(_word, []).append(_class)


def resolves(dotted):
    """Whether `kalah.ai.book.load` is a module, or a name in one (`Class.member` too)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if module in INDEX:
            return name_in(module, parts[cut:])
    return False


def name_in(module, rest):
    if not rest or rest[0].isupper():  # the module, or a placeholder: `scripts.bench.NAME`
        return True
    names, classes = INDEX[module]
    if rest[0] in classes and len(rest) > 1:
        return rest[1] in classes[rest[0]]
    if rest[0] in names:
        return True
    return ".".join([module, rest[0]]) in INDEX


DOTTED = re.compile(r"(?<![\w./-])((?:kalah|scripts|tests)(?:\.[A-Za-z_]\w*)+)")
SHORT = re.compile(r"(?<![\w./-])([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?![\w/-]|\.\w)")


def named_names(doc):
    """(dotted names from the package's root, `module.name` and `Class.member` pairs)."""
    spans = code_spans(doc.read_text(encoding="utf-8"))
    dotted, short = set(), set()
    for span in spans:
        for match in DOTTED.finditer(span):
            name = match.group(1)
            if name not in NOT_NAMES and not any(name.startswith(key + ".") for key in NOT_NAMES):
                dotted.add(name)
        for match in SHORT.finditer(span):
            head, tail = match.groups()
            if head in ("kalah", "scripts", "tests") or "%s.%s" % (head, tail) in NOT_NAMES:
                continue  # a dotted name from the root (above), or not a name
            if head in STEMS or head in CLASSES or head in INSTANCES:
                short.add((head, tail))
    return dotted, short


def short_resolves(head, tail):
    """`game_setup.why_not` (a module's name), `Board.push` (a class's), `board.turn` (an instance's)."""
    if any(name_in(module, [tail]) for module in STEMS.get(head, ())):
        return True
    classes = CLASSES.get(head, []) + [members for name in INSTANCES.get(head, ()) for members in CLASSES[name]]
    return any(tail in members for members in classes)


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_module_and_name_a_doc_names_exists(doc):
    dotted, short = named_names(doc)
    missing = sorted(name for name in dotted if not resolves(name))
    missing += sorted("%s.%s" % pair for pair in short if not short_resolves(*pair) and pair[1] not in EXTENSIONS)
    assert missing == []


# -- doctests ------------------------------------------------------------------------

def modules_with_examples():
    """The package's modules whose docstrings hold `>>>` examples (kalah/web/ needs a browser)."""
    found = []
    for path in TRACKED:
        if path.startswith("kalah/") and path.endswith(".py") and not path.startswith("kalah/web/"):
            if ">>>" in (ROOT / path).read_text(encoding="utf-8"):
                parts = path[:-3].split("/")
                found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


@pytest.mark.parametrize("name", modules_with_examples())
def test_the_examples_in_docstrings_run(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    if name.startswith("kalah.solver"):
        pytest.importorskip("numba")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


def test_examples_are_found():
    assert len(modules_with_examples()) >= 19


# -- no path outside the repository ------------------------------------------------

# `seed 000`: the documents this project began from, which users do not have
OUTSIDE = re.compile(r"\.\./shared|(?<![\w.])shared/(?:RULES|ANCHORS|STYLE|tools|seeds)|RULES\.md|ANCHORS\.md|/work/"
                     r"|\bseed 00\d\b")


def test_no_tracked_file_needs_a_path_outside_the_repository():
    cited = []
    for path in TRACKED:
        if path == "tests/test_docs.py":
            continue
        try:
            text = (ROOT / path).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images, data
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                cited.append("%s:%d: %s" % (path, number, line.strip()[:100]))
    assert cited == []


def prose_of(path):
    """A Python file's comments and long strings (its docstrings); a script's whole text."""
    text = (ROOT / path).read_text(encoding="utf-8")
    if not path.endswith(".py"):
        return [text]
    words = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT or token.type == tokenize.STRING and token.string.endswith('"""'):
            words.append(token.string)
    return words


def test_every_path_the_code_names_exists():
    """The paths docstrings and comments name from the root (`scripts/build/compile_mpy.py`)."""
    missing = []
    for path in TRACKED:
        if path.endswith((".py", ".js", ".mjs")) or path.startswith("scripts/") and "." not in path:
            for prose in prose_of(path):
                for match in PATH.finditer(prose):
                    token = match.group(1).rstrip(".>")
                    if token.startswith(ROOTS) and not path_exists(token):
                        missing.append("%s: %s" % (path, token))
    assert missing == []


# -- what the docs quote from the code ------------------------------------------------

def test_the_readmes_embed_code_is_the_one_the_pages_hand_out():
    from kalah.web.common.embed_code import embed_snippet
    quoted = re.search(r"^<iframe .*</iframe>$", (ROOT / "README.md").read_text(encoding="utf-8"), re.M).group(0)
    url = re.search(r'src="([^"]*)"', quoted).group(1)
    title = re.search(r'title="([^"]*)"', quoted).group(1)
    assert quoted == embed_snippet(url, title)


def test_the_pages_doc_gives_the_embeds_size_and_sandbox():
    from kalah.web.common.embed_code import EMBED_HEIGHT, EMBED_WIDTH, embed_snippet
    text = " ".join((ROOT / "docs" / "pages.md").read_text(encoding="utf-8").split())
    sandbox = re.search(r'sandbox="[^"]*"', embed_snippet("embed.html", "t")).group(0)
    assert 'width="%d" height="%d"' % (EMBED_WIDTH, EMBED_HEIGHT) in text
    assert sandbox in text


# -- links between the docs ------------------------------------------------------------

def anchors(doc):
    """The anchors of a markdown file's headings, as GitHub makes them."""
    found = set()
    for heading in re.findall(r"^#+ (.*)$", doc.read_text(encoding="utf-8"), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_link_to_a_heading_finds_it(doc):
    broken = []
    for target, anchor in re.findall(r"\]\(([^)#\s]*)#([^)\s]+)\)", doc.read_text(encoding="utf-8")):
        linked = doc.parent / target if target else doc
        if "://" not in target and anchor not in anchors(linked):
            broken.append("%s#%s" % (target, anchor))
    assert broken == []


# -- the rules in words -------------------------------------------------------------

def test_the_rules_doc_states_the_engines_limits_and_board():
    from kalah import Board
    from kalah.game import rules
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    flat = " ".join(text.split())
    assert "m = 1..%d houses a side and n = 1..%d seeds" % (rules.MAX_HOUSES, rules.MAX_SEEDS) in flat
    assert "10 to 10,000 plies" in flat and (rules.MIN_LIMIT, rules.MAX_LIMIT) == (10, 10000)
    assert "After 100 plies" in flat and rules.find_rules("owari").move_limit == 100
    assert "after 1,000 lifts" in flat and rules.RelayKalah.max_lifts == 1000
    assert "(24 of 48)" in flat and rules.find_rules("owari").target() == 24
    assert "(25 of 48)" in flat and rules.find_rules("oware").target() == 25
    position = re.search(r"kalah show '([^']+)'", text).group(1)
    for line in str(Board(position=position)).splitlines()[:-1]:   # the picture, not "South to move"
        assert "\n    " + line in text


def test_the_performance_table_gives_each_figure_its_command_date_and_load():
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| what ")]
    assert len(rows) >= 30
    for row in rows:
        what, command, value, date, load = [cell.strip() for cell in row.strip("|").split(" | ")]
        assert what and value and load, row
        assert "`" in command or "script" in command, row
        assert re.fullmatch(r"2026-\d\d-\d\d", date), row


# -- command lines ------------------------------------------------------------------

COMMAND = re.compile(r"-m (kalah|(?:kalah|scripts|tests)\.[\w.]+)((?:[ \t]+(?:\\\n)?[ \t]*[^\s#|`]+)*)")


def kalah_options():
    """{subcommand: its option strings}, from the parsers `python -m kalah` builds."""
    import argparse
    from kalah import cli
    options = {}
    for name, module_name, _ in cli.available():
        parser = argparse.ArgumentParser()
        importlib.import_module(module_name).add_arguments(parser)
        options[name] = set(parser._option_string_actions)
    return options


def module_options(module, depth=1):
    """The option strings a tool's source names (`"--runs"`), and those of the tools it imports
    (measure_replay takes measure_play's): a tool builds its parser in its main()."""
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        return None
    tree = ast.parse(path.read_text(encoding="utf-8"))
    options = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
               and isinstance(node.value, str) and node.value.startswith("-")} | {"-h", "--help"}
    for node in ast.walk(tree):
        if depth and isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scripts"):
            options |= module_options(node.module, 0) or set()   # from scripts.bench.accuracy import ...
            for alias in node.names:   # from scripts.bench import measure_play
                options |= module_options("%s.%s" % (node.module, alias.name), 0) or set()
    return options


@pytest.mark.parametrize("doc", [doc for doc in DOCS if doc.name != "performance-log.md"],
                         ids=lambda doc: str(doc.relative_to(ROOT)))
def test_every_option_a_doc_gives_a_command_exists(doc):
    """`python -m kalah solve --position P` and `-m scripts.bench.measure_play --runs 7`: the
    options the commands take today (the performance log keeps the commands as they were run)."""
    subcommands = kalah_options()
    unknown = []
    for span in code_spans(doc.read_text(encoding="utf-8")):
        for module, rest in COMMAND.findall(span):
            words = rest.replace("\\\n", " ").split()
            if module == "kalah":
                if not words or not re.fullmatch(r"[a-z][a-z-]*", words[0]):
                    continue  # `python -m kalah COMMAND`, `-m kalah` in a sentence
                if words[0] not in subcommands:
                    unknown.append("kalah %s" % (words[:1] or ["(no command)"])[0])
                    continue
                known = subcommands[words[0]]
            else:
                known = module_options(module)
                if known is None:
                    continue  # a package run as a module: the names test checks it exists
            for word in words:
                option = word.split("=")[0]
                if option.startswith("--") and option not in known:
                    unknown.append("%s %s" % (module, option))
    assert unknown == []


@pytest.mark.parametrize("doc", ["README.md", "docs/pages.md"])
def test_the_preset_players_a_doc_lists_are_the_links(doc):
    from kalah.library.presets import LINK_PLAYERS
    text = " ".join((ROOT / doc).read_text(encoding="utf-8").split())
    listed = re.search(r"`south`/`north` are (.*?)(?:\. |:)", text).group(1)
    names = set(re.findall(r"`([a-z0-9]+)`", listed))
    if "`level1`..`level8`" in listed:
        names |= {"level%d" % level for level in range(1, 9)}
    assert names == set(LINK_PLAYERS)


def test_the_ai_doc_lists_every_player():
    from kalah.ai.players import NAMES
    text = " ".join((ROOT / "docs" / "ai.md").read_text(encoding="utf-8").split())
    listed = re.search(r"`kalah\.ai\.players\.get\(name, seed=None\)`: (.*?)\. A player", text).group(1)
    names = set(re.findall(r"`([a-z0-9]+)`", listed)) | {"level%d" % level for level in range(1, 9)}
    assert names == set(NAMES)


def test_the_formats_doc_gives_each_familys_aliases_and_options():
    from kalah.game.rules import FAMILIES
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    rows = {}
    for family_cell, aliases, options in re.findall(r"^\| `([a-z-]+)`[^|]* \| (.*) \| (.*) \|$", text, re.M):
        rows[family_cell] = (set(re.findall(r"`([a-z-]+)`", aliases)), set(re.findall(r"`([a-z-]+)`", options)))
    assert rows == {family.family: (set(family.aliases), set(family.allowed_options)) for family in FAMILIES}
