"""The play variants behind one interface: :class:`PlayVariant`, chosen once per game from
:data:`VARIANTS` by the game's kind of deal (:class:`DealKind`).

A variant plays a game's deals to the holds that maximise a **value vector**, one value per final
category (``"nothing"`` last) and one for each category dealt and kept whole, as integers over a
common denominator (:class:`~cpoly.lang.paytable.ScaledPays`):

* :meth:`PlayVariant.hold`: one deal's 32 holds, their exact EVs and the hold the tie rule chooses;
* :meth:`PlayVariant.play`: every deal, the final hands of each category
  (:class:`~cpoly.games.videopoker.play.summary.Played`).

A pay table is one such vector (:func:`analyze`, :func:`autohold` price it); a feature game
(design notes, section 4b) plays the same game under values of its own — a category's pay plus
what it earns beyond, the next level's value in Multi-Strike — and reads the final hands.

The three variants:

=================  ================================  ==================================================
kind               the deck and the deal             variant (made from)
=================  ================================  ==================================================
``plain``          one deck, cards unordered         :class:`~.plain.PlainPlay` (the prepared game)
``ordered``        one deck, cards read in order     :class:`~.orderedplay.OrderedPlay` (+ witnesses)
``copies``         copies of each card, unordered    :class:`~.copies.CopiesPlay` (the copies' tables)
=================  ================================  ==================================================

Each variant's module is imported when a game of its kind is played (a warm ``analyze`` never
loads the ordered or the copies variant).

>>> DealKind.of(ordered=True, copies=1), VARIANTS[DealKind.COPIES].unsupported
(<DealKind.ORDERED: 'ordered'>, 'decks with copies of each card')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from cpoly.errors import CpolyError
from cpoly.games.videopoker.hold.tiebreak import parse_tie_rule
from cpoly.games.videopoker.play.choice import check_pays
from cpoly.games.videopoker.play.summary import GameAnalysis, Played, Progress
from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule

if TYPE_CHECKING:
    from cpoly.games.videopoker.hold.holdchoice import HoldResult
    from cpoly.games.videopoker.play.ordered import OrderedHands
    from cpoly.games.videopoker.prepare.copytables import PreparedCopies
    from cpoly.games.videopoker.prepare.prepared import PreparedGame
    from cpoly.lang.paytable import PayTable, ScaledPays

__all__ = ["VARIANTS", "DealKind", "PlayVariant", "Preparations", "Variant", "analyze", "autohold"]


class DealKind(enum.Enum):
    """How a game deals: the key of :data:`VARIANTS`."""

    PLAIN = "plain"
    ORDERED = "ordered"
    COPIES = "copies"

    @classmethod
    def of(cls, ordered: bool, copies: int) -> DealKind:
        """The kind of a game dealing ``ordered`` or not from ``copies`` copies of each card."""
        if ordered and copies != 1:
            raise CpolyError("ordered deals from a deck with copies are not supported")
        return cls.ORDERED if ordered else cls.PLAIN if copies == 1 else cls.COPIES


class PlayVariant(Protocol):
    """One kind of deal played (see the module docstring).

    Hold indices follow the deal as given (bit ``i``: ``deal[i]`` held); ``rule`` breaks ties
    among holds of exactly equal value.
    """

    @property
    def n_cards(self) -> int:
        """Physical cards in the deck."""
        ...

    @property
    def n_columns(self) -> int:
        """Final categories, "nothing" included (the length of a value vector)."""
        ...

    def hold(self, deal: Sequence[int], values: ScaledPays, rule: TieRule) -> HoldResult:
        """The 32 holds of one deal (card indices) valued by ``values``, the best chosen."""
        ...

    def play(self, values: ScaledPays, rule: TieRule, progress: Progress | None = None) -> Played:
        """Every deal played to the holds that maximise ``values``; ``progress(done, total)``
        after each chunk of deal classes."""
        ...


class Preparations(Protocol):
    """What the variants are made from: a game's preparations
    (:class:`~cpoly.games.videopoker.game.VideoPoker`), each built on first use."""

    def single_deck(self, use_cache: bool = True) -> PreparedGame:
        """A single deck's deal classes and subset tables (plain and ordered games)."""
        ...

    def copies_deck(self, use_cache: bool = True) -> PreparedCopies:
        """A deck with copies' multiset tables and classes."""
        ...

    @property
    def ordered_hands(self) -> OrderedHands | None:
        """An ordered game's witnesses (None when unordered)."""
        ...


class Variant(NamedTuple):
    """An entry of :data:`VARIANTS`: how to make the variant from a game's preparations, and
    which deals the features built on a single unordered deck's hold values (multi-play
    variances, pay sweeps) do not support yet (None: they do)."""

    make: Callable[[Preparations, bool], PlayVariant]
    unsupported: str | None

    def require_plain(self, feature: str) -> None:
        """An error saying that ``feature`` does not support this kind of deal yet (checked
        before any preparation)."""
        if self.unsupported is not None:
            raise CpolyError(f"{feature} is not supported for {self.unsupported} yet")


def _plain(game: Preparations, use_cache: bool) -> PlayVariant:
    from cpoly.games.videopoker.play.plain import PlainPlay

    return PlainPlay(game.single_deck(use_cache))


def _ordered(game: Preparations, use_cache: bool) -> PlayVariant:
    from cpoly.games.videopoker.play.orderedplay import OrderedPlay

    prepared = game.single_deck(use_cache)
    hands = game.ordered_hands
    if hands is None:
        raise AssertionError("an ordered game without its witnesses")
    return OrderedPlay(prepared, hands)


def _copies(game: Preparations, use_cache: bool) -> PlayVariant:
    from cpoly.games.videopoker.play.copies import CopiesPlay

    return CopiesPlay(game.copies_deck(use_cache))


#: The variants by kind of deal: the one place that chooses how a game is played.
VARIANTS: dict[DealKind, Variant] = {
    DealKind.PLAIN: Variant(_plain, None),
    DealKind.ORDERED: Variant(_ordered, "ordered games (position-dependent categories)"),
    DealKind.COPIES: Variant(_copies, "decks with copies of each card"),
}


def analyze(variant: PlayVariant, paytable: PayTable, tie_rule: TieRule | str = DEFAULT_TIE_RULE,
            progress: Progress | None = None) -> GameAnalysis:
    """The game's figures under ``paytable`` played optimally (exact; ``tie_rule`` breaks ties
    among equal-EV holds)."""
    rule = parse_tie_rule(tie_rule)
    check_pays(paytable, variant.n_columns)
    return GameAnalysis.priced(variant.play(paytable.scaled(), rule, progress), paytable)


def autohold(variant: PlayVariant, deal: Sequence[int], paytable: PayTable,
             tie_rule: TieRule | str = DEFAULT_TIE_RULE) -> HoldResult:
    """Exact EV and outcome counts of all 32 holds of one deal under ``paytable``; the best
    hold per ``tie_rule``."""
    rule = parse_tie_rule(tie_rule)
    check_pays(paytable, variant.n_columns)
    return variant.hold(deal, paytable.scaled(), rule)
