"""The ``.cp`` language: text to a resolved program and its expressions as DAG nodes.

The pipeline, one module per pass: ``grammar.lark`` → :mod:`~cpoly.lang.parse` (text to tree,
errors with file:line:col) → :mod:`~cpoly.lang.syntax` (the one Transformer: frozen syntax
objects with spans) → :mod:`~cpoly.lang.imports` (a module and the files it imports) →
:mod:`~cpoly.lang.resolve` (names, domains, parameters, lints) with
:mod:`~cpoly.lang.gamespec` (the game section: cards, deal, categories, pay tables, tie rule,
notation; :mod:`~cpoly.lang.paytable`, :mod:`~cpoly.lang.tierule`) →
:mod:`~cpoly.lang.lower` (syntax to interned DAG nodes).

Imports: cpoly.errors, cpoly.dag, cpoly.store
"""

__all__: list[str] = []
