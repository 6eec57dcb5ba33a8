"""Games whose deal is final (no draw): Three Card Poker's Pair Plus, its 6-Card Bonus, any
hand size.  A hand's category is its pay, so the engine's deal table (the paid ways of each
category, :func:`cpoly.api.deal_table`) and a pay table give the return, the variance and the
hit frequency exactly: :func:`~cpoly.games.dealonly.returns.deal_return`.  No evaluator of
its own: every count comes from the game's ``.cp`` categories through the engine.

* :mod:`~cpoly.games.dealonly.returns`: the figures of a pay table on the deal table;
* :mod:`~cpoly.games.dealonly.page`: the PAR page of a deal-only game (HTML).

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.deck, cpoly.lang, cpoly.count, cpoly.api
"""

from cpoly.games.dealonly.returns import DealReturn, deal_return, has_no_draw

__all__ = ["DealReturn", "deal_return", "has_no_draw"]
