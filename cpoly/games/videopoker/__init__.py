"""Video poker: full-game analysis from a category array (the generic formulas), autohold, cache.

Modules: :mod:`.combinatorics` (colex hands, suit classes), :mod:`.tables` (per-subset category
counts), :mod:`.holds` (the 32 holds of many deals at once), :mod:`.paytable` (pay tables, tie
rules, draw weights), :mod:`.prepare` and :mod:`.cache` (what does not depend on the pay table),
:mod:`.analysis` (the entry points) and :mod:`.summary` (a game's figures).  Decks with copies of
each card (two decks): :mod:`.multiset` (hands of card values, their weights and suit classes)
and :mod:`.copies` (the same analysis over value multisets, weighted by physical cards).
"""

from cpoly.games.videopoker.analysis import (
    DEFAULT_TIE_RULE,
    GameAnalysis,
    HoldOption,
    HoldResult,
    PayTable,
    TieRule,
    analyze_game,
    analyze_prepared,
    autohold,
    hold_outcomes,
)
from cpoly.games.videopoker.copies import (
    analyze_copies,
    autohold_copies,
    prepare_copies,
)

__all__ = [
    "DEFAULT_TIE_RULE",
    "GameAnalysis",
    "HoldOption",
    "HoldResult",
    "PayTable",
    "TieRule",
    "analyze_copies",
    "analyze_game",
    "analyze_prepared",
    "autohold",
    "autohold_copies",
    "hold_outcomes",
    "prepare_copies",
]
