"""cpoly: exact chromatic-polynomial counting for card games.

The pipeline, one package per stage: :mod:`cpoly.lang` (text to a resolved program and DAG
nodes), :mod:`cpoly.dag` (the interned expression graph and its rules), :mod:`cpoly.count`
(counting, checking, completion), over :mod:`cpoly.deck`, :mod:`cpoly.store` and
:mod:`cpoly.scale`; :mod:`cpoly.api` chains it.  Games live in :mod:`cpoly.games`, the command
in :mod:`cpoly.cli`, the web app in :mod:`cpoly.web`.

Imports: cpoly.errors
"""

from cpoly.errors import CpolyError

__all__ = ["CpolyError"]
__version__ = "0.1.0"
