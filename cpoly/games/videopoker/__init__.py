"""Video poker: autohold and the full return under optimal play from a game's ``.cp`` categories
(the generic formulas), and what is built on them.

The front door is :class:`~cpoly.games.videopoker.game.VideoPoker` (a game's deck, its
preparations, ``hold`` and ``analyze``); :mod:`.gamesource` gives the analyses a game warm or
loaded behind one interface.  The sub-packages, each importing only those listed before it:

* :mod:`.hold`: one dealt hand's 32 holds, the inclusion-exclusion and the tie rules (standard
  library only);
* :mod:`.prepare`: what does not depend on the pay table (categories, deal classes, subset
  tables, decks with copies), kept on disk;
* :mod:`.play`: the deals played under a value vector; the plain, ordered and copies variants
  behind one protocol, chosen once by the game's kind of deal;
* :mod:`.warm`: the prepared-game file, the warm ``hold`` and the warm ``analyze``;
* :mod:`.strategy` (charts) and :mod:`.par` (PAR sheet, other pays, sweeps, design, multi-play),
  above the game.

Importing this package loads nothing else, so that a NumPy-free module of it
(:mod:`.hold`, :mod:`.warm.holdfile`) does not load the analysis: :class:`VideoPoker` is loaded
on first use.

>>> from cpoly.games.videopoker import VideoPoker
>>> poker = VideoPoker.load("definitions/jacks_or_better.cp")
>>> held = poker.hold(["Ah", "Kh", "Qh", "5c", "5d"], paytable="9/6")
>>> [poker.card_name(card) for card in held.best_option.held], held.best_option.ev
(['Ah', 'Kh', 'Qh'], Fraction(1553, 1081))
>>> f"{float(poker.analyze('9/6').expected_return):.4%}"
'99.5439%'

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.scale, cpoly.deck, cpoly.lang, cpoly.count, cpoly.api
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpoly.games.videopoker.game import VideoPoker

__all__ = ["VideoPoker"]


def __getattr__(name: str) -> object:
    """The front door's names, imported when first asked for (PEP 562)."""
    if name == "VideoPoker":
        from cpoly.games.videopoker.game import VideoPoker
        return VideoPoker
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
