"""Texas Hold'em: a vectorised evaluator, exact equity by board-suit combinatorics, Monte Carlo.

One equity pipeline for every Hold'em game (Hold'em, short deck, Omaha): ``equity`` checks the
request once (``planner.Request``), reads one ``deal.Deal`` (hands read by the game's
``showdown.Showdown``, the one place that tells Hold'em from Omaha), and runs the cheapest method
that fits of those the game registers (``registry.REGISTRY``: ``sevenmethods`` for Hold'em and
short deck, ``omaha`` for Omaha), priced by ``planner.plan_method`` before any work.  Known hands
are counted without NumPy (``knownhands``) where NumPy is not loaded yet.

>>> from cpoly.games.holdem import equity
>>> [p.equity_exact for p in equity(["AsAh", "KsKh"], board="2c 7d 9h").players]
[Fraction(907, 990), Fraction(83, 990)]

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.scale, cpoly.deck, cpoly.lang, cpoly.count, cpoly.api
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cpoly.games.holdem.equity import equity, exact_equity
from cpoly.games.holdem.gamefile import default_rules, rules_of
from cpoly.games.holdem.intcards import format_card, format_cards, parse_card, parse_cards, to_cards
from cpoly.games.holdem.ranges import parse_hand, parse_range, weighted_range
from cpoly.games.holdem.results import CategoryCounts, EquityResult, Outcome, PlayerEquity

if TYPE_CHECKING:
    from cpoly.games.holdem.carddeck import Deck
    from cpoly.games.holdem.evaluator import CATEGORY_NAMES, best_five, category_codes, evaluate, evaluate_one
    from cpoly.games.holdem.noflush import flush_catch_up, no_flush_equity, spread
    from cpoly.games.holdem.table import Table

#: Names loaded on first use: ``cpoly equity`` does not need them (it starts faster without, and
#: counts known hands without NumPy).
_LATER = {"Deck": "carddeck", "Table": "table", "flush_catch_up": "noflush",
          "no_flush_equity": "noflush", "spread": "noflush", "CATEGORY_NAMES": "evaluator",
          "best_five": "evaluator", "category_codes": "evaluator", "evaluate": "evaluator",
          "evaluate_one": "evaluator"}

__all__ = [
    "CATEGORY_NAMES", "CategoryCounts", "Deck", "EquityResult", "Outcome", "PlayerEquity", "Table",
    "best_five", "default_rules", "rules_of",
    "category_codes", "equity", "evaluate", "evaluate_one", "exact_equity", "flush_catch_up",
    "format_card",
    "format_cards", "no_flush_equity", "parse_card", "parse_cards", "parse_hand", "parse_range",
    "spread", "to_cards", "weighted_range",
]


def __getattr__(name: str) -> Any:
    """The names of :data:`_LATER`, imported when first asked for."""
    if name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_LATER[name]}"), name)
    globals()[name] = value
    return value
