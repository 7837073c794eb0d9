"""The package's layers hold: `lint-imports` (import-linter) keeps the contracts of pyproject.toml.

Imports go down only (core, records, the computer, the lab and the offline solver, site
features, the pages and the command line, each importing only the ones below it, and every
module of the package's root placed in a layer), no page imports another page, and no
import circle joins the modules of a package. Imports inside functions count.
"""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINT_IMPORTS = pathlib.Path(sys.executable).parent / "lint-imports"
CONTRACTS = ("layers", "game", "pages", "no-circles")


def test_the_import_contracts_are_kept():
    assert LINT_IMPORTS.exists(), "import-linter is not installed (requirements-dev.txt): %s" % LINT_IMPORTS
    run = subprocess.run([str(LINT_IMPORTS), "--no-cache", str(ROOT / "pyproject.toml")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Contracts: %d kept, 0 broken." % len(CONTRACTS) in run.stdout, run.stdout
