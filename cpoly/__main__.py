"""``python -m cpoly`` runs the command line."""

import sys

from cpoly.cli.main import main

sys.exit(main())
