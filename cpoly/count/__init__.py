"""Counting, checking and completion over the DAG: cost before work, the deal always applied.

* :mod:`~cpoly.count.counting`: the counting plan, ``Σ deal·node`` decided once (equality
  patterns, dense, checking every deal), refused with its size when nothing fits.
* :mod:`~cpoly.count.plan`: sums split by literal set, each term's atoms, the work estimated.
* The methods: :mod:`~cpoly.count.patterncount` (typed equality patterns,
  :mod:`~cpoly.count.typedpatterns`), :mod:`~cpoly.count.canonical` (value symmetry),
  :mod:`~cpoly.count.decoupled` and :mod:`~cpoly.count.contraction` (face/suit decoupling, with
  :mod:`~cpoly.count.separation` and :mod:`~cpoly.count.cardswaps`),
  :mod:`~cpoly.count.condition` (wild-card splits), :mod:`~cpoly.count.pinned`;
  :mod:`~cpoly.count.evaluate` evaluates the DAG over arrays for all of them.
* :mod:`~cpoly.count.compiledgame`: a game's deal, categories and pay-only-the-highest forms;
  :mod:`~cpoly.count.dealcheck` (the deal is 0/1), :mod:`~cpoly.count.completion` (held cards
  fixed, draws counted), :mod:`~cpoly.count.draws` (checking every draw),
  :mod:`~cpoly.count.positions` (ordered games).

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.scale, cpoly.deck, cpoly.lang
"""

__all__: list[str] = []
