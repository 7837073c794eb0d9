"""Which kalah modules an entry module can import: the closure the pages' bundles and the Pyodide
hosts' files are cut from (scripts/build/pages.py), read from the sources' import statements
(ast), also those inside functions unless asked for the modules run on import only.

Plain python3 (no third-party module): scripts/build/pages.py runs under any python3.
"""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Modules only the command line runs, never a browser: the closures stop at them (a player's seat,
# kalah/lab/seats.py, imports the OS sandbox lazily, for the players' processes of the command line).
COMMAND_LINE_ONLY = ("kalah.cli", "kalah.__main__", "kalah.solver", "kalah.lab.bot_process", "kalah.lab.sandbox",
                     "kalah.lab.results", "kalah.lab.cluster", "kalah.lab.player_files", "kalah.lab.seccomp",
                     "kalah.lab.process_tree", "kalah.lab.runner", "kalah.game.replay", "kalah.records.detect",
                     "kalah.output")



def command_line_only(module):
    return any(module == name or module.startswith(name + ".") for name in COMMAND_LINE_ONLY)


def module_path(module):
    """kalah/game/board.py for kalah.game.board (a path under ROOT), or None when there is no such module."""
    path = os.path.join(ROOT, *module.split(".")) + ".py"
    if os.path.isfile(path):
        return path
    path = os.path.join(ROOT, *module.split("."), "__init__.py")
    return path if os.path.isfile(path) else None


def imported_modules(module, seen, lazy=True):
    """Add to `seen` every kalah module `module` imports, also inside functions (lazy imports)
    unless lazy=False, and the packages they are in."""
    path = module_path(module)
    if module in seen or path is None or command_line_only(module):
        return
    seen.add(module)
    parts = module.split(".")
    for package in range(1, len(parts)):
        imported_modules(".".join(parts[:package]), seen, lazy)
    for name in _imports(path, lazy):
        imported_modules(name, seen, lazy)


_parsed = {}   # (path, its mtime, lazy): the names it imports; every page reads the same modules


def _imports(path, lazy):
    """The kalah names a source imports (a module, or a name in one: `from kalah.game import rules`)."""
    key = (path, os.stat(path).st_mtime_ns, lazy)
    if key not in _parsed:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        names = []
        for node in (ast.walk(tree) if lazy else _module_level(tree.body)):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kalah"):
                names.append(node.module)
                names += [node.module + "." + alias.name for alias in node.names]
            elif isinstance(node, ast.Import):
                names += [alias.name for alias in node.names if alias.name.startswith("kalah")]
        _parsed[key] = names
    return _parsed[key]


def _module_level(body):
    """The statements run on import: the module's body, with try/if blocks opened."""
    for node in body:
        yield node
        if isinstance(node, (ast.Try, ast.If)):
            yield from _module_level(node.body + node.orelse + getattr(node, "finalbody", []) +
                                     [s for h in getattr(node, "handlers", []) for s in h.body])


def module_files(entry, lazy=True):
    """The sources `entry` can import, sorted: ["kalah/__init__.py", "kalah/game/board.py", ...], but no
    package's __init__.py that holds no code (a docstring at most): MicroPython imports a folder's
    modules without one (a namespace package), so a page does not carry an empty module a package."""
    seen = set()
    imported_modules(entry, seen, lazy)
    paths = (module_path(module) for module in seen)
    return sorted(os.path.relpath(path, ROOT).replace(os.sep, "/") for path in paths if not empty_package(path))


def empty_package(path):
    if os.path.basename(path) != "__init__.py":
        return False
    with open(path, encoding="utf-8") as handle:
        body = ast.parse(handle.read()).body
    return all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body)
