"""`python -m kalah SUBCOMMAND ...`: see kalah/cli/__init__.py."""

import sys

from kalah.cli import main

sys.exit(main())
