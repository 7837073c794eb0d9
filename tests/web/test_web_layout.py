"""kalah/web/ is laid out by page (docs/architecture.md): one package a page, common/ for what
pages share. No page's module imports another page's module, except the replay viewer, which
the embed shows (it knows neither page); page controllers stay short, and every module under
about 500 lines."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "kalah" / "web"
SHARED = {"kalah.web.replay.viewer"}   # a page's part another page may use
CONTROLLER_LINES = 350                 # "about 300"
MODULE_LINES = 500


def web_imports(path):
    """The kalah.web modules a source imports (also inside functions)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kalah.web."):
            found.add(node.module)
            found.update(node.module + "." + alias.name for alias in node.names
                         if (WEB.parent.parent / (node.module + "." + alias.name).replace(".", "/")).with_suffix(".py").is_file())
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("kalah.web."))
    return found


def test_no_page_imports_another_pages_module():
    crossing = []
    for path in sorted(WEB.glob("*/*.py")):
        package = path.parent.name
        for module in web_imports(path):
            other = module.split(".")[2]
            if other not in (package, "common") and module not in SHARED:
                crossing.append("%s imports %s" % (path.relative_to(ROOT), module))
    assert crossing == []


def test_common_imports_no_page():
    for path in sorted((WEB / "common").glob("*.py")):
        assert {m for m in web_imports(path) if not m.startswith("kalah.web.common")} == set(), path


def test_the_web_layer_is_in_packages_and_modules_stay_short():
    assert sorted(p.name for p in WEB.glob("*.py")) == ["__init__.py"]
    too_long = ["%s: %d lines" % (path.relative_to(ROOT), len(path.read_text(encoding="utf-8").splitlines()))
                for path in sorted(WEB.glob("*/*.py"))
                if len(path.read_text(encoding="utf-8").splitlines()) > (
                    CONTROLLER_LINES if path.name == "page.py" else MODULE_LINES)]
    assert too_long == []
