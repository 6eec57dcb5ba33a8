"""Video poker: full-game analysis from a category array (the generic formulas), autohold, cache.

Modules: :mod:`.combinatorics` (colex hands, suit classes), :mod:`.tables` (per-subset category
counts), :mod:`.holds` (the 32 holds of many deals at once), :mod:`.holdchoice` (the 32 holds of
one deal and the tie rules, standard library only), :mod:`.paytable` (pay tables, tie rules,
draw weights), :mod:`.prepare` and :mod:`.cache` (what does not depend on the pay table),
:mod:`.analysis` (the entry points) and :mod:`.summary` (a game's figures).  Decks with copies of
each card (two decks): :mod:`.multiset` (hands of card values, their weights and suit classes)
and :mod:`.copies` (the same analysis over value multisets, weighted by physical cards).  A warm
``cpoly hold``: :mod:`.holdfile` (read) and :mod:`.holdstore` (written by the slow path); a
warm ``cpoly analyze``: :mod:`.warmanalysis`.

The names below are imported on first use, so that importing a NumPy-free module of this
package (:mod:`.holdchoice`, :mod:`.holdfile`) does not load the analysis.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_COPIES = frozenset({"analyze_copies", "autohold_copies", "prepare_copies"})


def __getattr__(name: str) -> Any:
    """The names of :data:`__all__`, imported from their module on first use."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(f"{__name__}.{'copies' if name in _COPIES else 'analysis'}")
    return getattr(module, name)
