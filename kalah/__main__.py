"""`python -m kalah SUBCOMMAND ...`: see kalah/cli/__init__.py."""

import sys

from kalah.cli import main

if __name__ == "__main__":   # not again in build-book's worker processes
    sys.exit(main())
