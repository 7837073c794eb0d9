"""embed.toml ships exactly the modules embed.html imports (a missing one fails only in the browser;
an extra one costs every course page that embeds a game)."""

import ast
import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def imported_modules(module, seen):
    if module in seen:
        return
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.is_file():
        path = ROOT / module.replace(".", "/") / "__init__.py"
        if not path.is_file():
            return
    seen.add(module)
    parts = module.split(".")
    for package in range(1, len(parts)):
        imported_modules(".".join(parts[:package]), seen)
    # Module-level imports only: the replay page's functions that import
    # storage lazily are never called in the embed.
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kalah"):
            imported_modules(node.module, seen)
            for alias in node.names:
                imported_modules(node.module + "." + alias.name, seen)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kalah"):
                    imported_modules(alias.name, seen)


def test_embed_toml_lists_what_the_embed_imports_and_nothing_more():
    config = tomllib.loads((ROOT / "embed.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/vendor/micropython/micropython.mjs"
    listed = set(config["files"])
    assert all(source == target for source, target in config["files"].items())
    needed = set()
    imported_modules("kalah.web.embed_page", needed)
    expected = set()
    for module in needed:
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.is_file():
            path = ROOT / module.replace(".", "/") / "__init__.py"
        expected.add("./" + path.relative_to(ROOT).as_posix())
    assert listed == expected
