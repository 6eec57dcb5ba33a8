"""Video poker: full-game analysis from a category array (the generic formulas), autohold, cache.

Modules: :mod:`.tables` (per-subset category counts), :mod:`.holds` (the 32 holds of many deals
at once), :mod:`.holdchoice` (the 32 holds of one deal, the tie rules and the draw weights,
standard library only), :mod:`.prepare` and :mod:`.cache` (what does not depend on the pay
table), :mod:`.analysis` (the entry points) and :mod:`.summary` (a game's figures); pay tables
are :mod:`cpoly.lang.paytable`.  Decks with copies of each card (two decks): :mod:`.multiset` (hands
of card values, their weights and suit classes) and :mod:`.copies` (the same analysis over value
multisets, weighted by physical cards).  A warm ``cpoly hold``: :mod:`.holdfile` (read) and
:mod:`.holdstore` (written by the slow path); a warm ``cpoly analyze``: :mod:`.warmanalysis`.

Importing this package loads nothing else, so that a NumPy-free module of it
(:mod:`.holdchoice`, :mod:`.holdfile`) does not load the analysis.

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.scale, cpoly.deck, cpoly.lang, cpoly.count, cpoly.api
"""
