"""``python -m cpoly`` runs the command line.

Imports: cpoly.cli
"""

import sys

from cpoly.cli.main import main

__all__: list[str] = []

sys.exit(main())
