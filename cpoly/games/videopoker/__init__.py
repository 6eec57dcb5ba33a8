"""Video poker: full-game analysis from a category array (the generic formulas), autohold, cache.

Modules: :mod:`.combinatorics` (colex hands, suit classes), :mod:`.tables` (per-subset category
counts), :mod:`.holds` (the 32 holds of many deals at once), :mod:`.paytable` (pay tables, tie
rules, draw weights), :mod:`.prepare` and :mod:`.cache` (what does not depend on the pay table),
:mod:`.analysis` (the entry points) and :mod:`.summary` (a game's figures).
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

__all__ = [
    "DEFAULT_TIE_RULE",
    "GameAnalysis",
    "HoldOption",
    "HoldResult",
    "PayTable",
    "TieRule",
    "analyze_game",
    "analyze_prepared",
    "autohold",
    "hold_outcomes",
]
