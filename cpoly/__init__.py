"""cpoly: exact chromatic-polynomial counting for card games.

The pipeline (one module per pass) is ``parse -> syntax -> resolve -> lower -> plan ->
evaluate``; :mod:`cpoly.api` chains it.  Games live in :mod:`cpoly.games`.
"""

from cpoly.errors import CpolyError

__all__ = ["CpolyError"]
__version__ = "0.1.0"
