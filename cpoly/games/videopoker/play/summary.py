"""What playing every deal gives (:class:`Played`: final hands per category, before any pay),
the figures of a pay table on it (:class:`GameAnalysis`), and their exact accumulation
(:class:`Totals`).

Combinations follow the published convention: every deal weighs the same and a hold drawing
``d`` cards counts each final hand ``L / C(n - 5, d)`` times, with ``L = lcm(C(n - 5, d))`` for
``d = 0..5``; a game's combinations total ``C(n, 5) * L``.

An ordered game (:mod:`~cpoly.games.videopoker.play.ordered`) counts ordered deals and ordered
draws instead: a hold drawing ``d`` cards counts each ordered draw ``L / (n - 5)_d`` times,
with ``L = (n - 5)_5``, and the combinations total ``(n)_5 * L``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, perm

import numpy as np

from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS
from cpoly.games.videopoker.play.choice import HoldChoice, hold_sizes
from cpoly.lang.paytable import PayTable, ScaledPays
from cpoly.lang.tierule import TieRule

__all__ = ["GameAnalysis", "Played", "Progress", "Totals"]

#: ``progress(done, total)``: called with ``done = 0`` once the tables are ready, then after each
#: chunk of deal classes (``total`` = number of classes).
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Played:
    """Every deal of a game played to the holds that maximise one value vector (a pay table's
    scaled pays, or a feature's values per category), before any pay is applied: the final hands
    of each category and how the holds were chosen.  A :class:`GameAnalysis` is one priced by a
    pay table.

    A feature game (each final category worth its pay plus what it earns beyond, e.g. the next
    level's value) plays the game under its values and reads the final hands here
    (:meth:`mean`), as an analysis prices them with its pay table.

    Per-category tuples have ``K + 1`` entries, "nothing" last.

    Attributes
    ----------
    tie_rule : TieRule
        How a hold was chosen among equal-EV holds.
    n_cards : int
        Deck size.
    lcm_weight : int
        ``L``; ``total = C(n, 5) * L`` (``(n)_5 * L`` when ordered).
    combinations : tuple of int
        Weighted final hands of each category (including those paid a dealt pay).
    dealt_combinations : tuple of int
        Of which the deal was kept whole (paid the dealt pay when the table has one).
    deal_counts : tuple of int
        Deals of each category.
    deal_classes, group_order : int
        Classes analysed and the order of the suit symmetry group used.
    symmetry_note : str
        Empty, or why the suit symmetry was not used.
    tied_deals, ambiguous_deals : int
        Deals with several maximal-EV holds; of which those holds differ in outcomes (the tie
        rule changes the figures).
    hold_size_deals : tuple of int
        Deals whose chosen hold keeps 0..5 cards.
    from_cache : bool
        Tables and classes came from the on-disk cache.
    ordered : bool
        Deals and draws are ordered (deal counts and combinations count orderings).
    """

    tie_rule: TieRule
    n_cards: int
    lcm_weight: int
    combinations: tuple[int, ...]
    dealt_combinations: tuple[int, ...]
    deal_counts: tuple[int, ...]
    deal_classes: int
    group_order: int
    symmetry_note: str
    tied_deals: int
    ambiguous_deals: int
    hold_size_deals: tuple[int, ...]
    from_cache: bool
    ordered: bool = False

    @property
    def total(self) -> int:
        """``C(n, 5) * L`` (``(n)_5 * L`` when ordered): the sum of :attr:`combinations`."""
        deals = perm if self.ordered else comb
        return deals(self.n_cards, HAND_SIZE) * self.lcm_weight

    def mean(self, values: ScaledPays) -> Fraction:
        """The mean of ``values`` (``"nothing"`` last) over the final hands, each category's value
        and the dealt value for a deal kept whole: with the values played, the game's exact
        return under them.

        >>> played = Played(TieRule.FIRST, 10, 1, (3, 249), (1, 0), (1, 251), 252, 1, "", 0, 0, (0,) * 6, False)
        >>> played.mean(ScaledPays((4, 0), (10, 0), 2)) == Fraction(2 * 4 + 1 * 10, 252 * 2)
        True
        """
        total = sum((combinations - dealt) * value + dealt * dealt_value for combinations, dealt, value, dealt_value
                    in zip(self.combinations, self.dealt_combinations, values.pays, values.dealt_pays))
        return Fraction(total, self.total * values.denominator)


@dataclass(frozen=True)
class GameAnalysis(Played):
    """A game's figures under optimal play (published conventions; see the module docstring):
    the deals :class:`Played` to the holds ``paytable``'s pays maximise, priced by it.

    Attributes
    ----------
    paytable : PayTable
        What was analysed (with :attr:`tie_rule`); the other attributes are :class:`Played`'s.
    """

    paytable: PayTable = field(kw_only=True)

    @classmethod
    def priced(cls, played: Played, paytable: PayTable) -> GameAnalysis:
        """The figures of ``paytable`` on the deals ``played`` (to the holds its pays maximise)."""
        return cls(**vars(played), paytable=paytable)

    def _by_category(self, of_pay: Callable[[Fraction], Fraction]) -> tuple[Fraction, ...]:
        """Each category's share of the mean of ``of_pay(payout)``."""
        return tuple(Fraction(of_pay(self.paytable.pay(c)) * (total - dealt)
                              + of_pay(self.paytable.pay(c, dealt=True)) * dealt, self.total)
                     for c, (total, dealt) in enumerate(zip(self.combinations, self.dealt_combinations)))

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """Probability of each final category."""
        return tuple(Fraction(c, self.total) for c in self.combinations)

    @property
    def contributions(self) -> tuple[Fraction, ...]:
        """Each category's share of the return (pay times probability)."""
        return self._by_category(lambda pay: pay)

    @property
    def expected_return(self) -> Fraction:
        """The game's return per unit bet under optimal play."""
        return sum(self.contributions, Fraction(0))

    @property
    def variance(self) -> Fraction:
        """Variance of the payout per unit bet."""
        return sum(self._by_category(lambda pay: pay**2), Fraction(0)) - self.expected_return**2

    @property
    def standard_deviation(self) -> float:
        """Square root of :attr:`variance`."""
        return math.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        """Probability that the final hand pays anything."""
        return sum(self._by_category(lambda pay: Fraction(pay > 0)), Fraction(0))


class Totals:
    """Python-int accumulators of per-chunk int64 sums (no overflow across chunks)."""

    def __init__(self, n_columns: int) -> None:
        self.combinations = [0] * n_columns
        self.dealt = [0] * n_columns
        self.hold_sizes = [0] * (HAND_SIZE + 1)
        self.tied = 0
        self.ambiguous = 0

    def add(
        self,
        counts: np.ndarray,
        choice: HoldChoice,
        weight_by_hold: np.ndarray,
        sizes: np.ndarray,
        group_order: int,
        realisations: np.ndarray | None = None,
    ) -> None:
        """Add one chunk: ``counts`` ``(N, 32, K + 1)``, the choice, and the classes' sizes.

        With ``realisations``, each row stands for ``sizes`` deals (or value multisets) of
        ``realisations`` deals each: the physical deals of a multiset (decks with copies), or
        the orderings of a deal that satisfy one set of events (ordered games).

        A split deal (see :class:`HoldChoice`) adds, for each group element ``g``, the outcome of
        the hold chosen for ``g(deal)``; every class member appears ``group_order / size`` times
        among those, so the sum divides exactly.
        """
        per_deal = np.ones(len(choice.best), dtype=np.int64) if realisations is None else realisations
        deals = sizes * per_deal
        multiplier = deals.copy()
        multiplier[choice.split_rows] = 0
        self._add_holds(counts, choice.best[:, None], weight_by_hold, multiplier[:, None], 1)
        if len(rows := choice.split_rows):
            member = np.broadcast_to(per_deal[rows][:, None], choice.split_best.shape)
            self._add_holds(counts[rows], choice.split_best, weight_by_hold, member, group_order // sizes[rows])
        self.tied += int(deals[choice.tied].sum())
        self.ambiguous += int(deals[choice.ambiguous].sum())

    def played(self, rule: TieRule, n_cards: int, lcm_weight: int, deal_counts: Sequence[int], deal_classes: int,
               group_order: int, symmetry_note: str, from_cache: bool, ordered: bool = False) -> Played:
        """The deals played: these totals with what the variant knows of the game."""
        return Played(rule, n_cards, lcm_weight, tuple(self.combinations), tuple(self.dealt),
                      tuple(int(c) for c in deal_counts), deal_classes, group_order, symmetry_note,
                      self.tied, self.ambiguous, tuple(self.hold_sizes), from_cache, ordered)

    def add_sums(self, combinations: list[int], dealt: list[int], hold_sizes: list[int]) -> None:
        """Add totals summed elsewhere (:mod:`~cpoly.games.videopoker.play.scalar`)."""
        for target, values in ((self.combinations, combinations), (self.dealt, dealt), (self.hold_sizes, hold_sizes)):
            for c, value in enumerate(values):
                target[c] += value

    def _add_holds(self, counts: np.ndarray, holds: np.ndarray, weight_by_hold: np.ndarray, multiplier: np.ndarray,
                   divisor: np.ndarray | int) -> None:
        """Add ``sum_j counts[n, holds[n, j]] * weight * multiplier[n, j]``, divided per row."""
        rows = np.arange(len(holds))[:, None]
        chosen = counts[rows, holds]  # (N, J, K + 1)
        scaled = chosen * (weight_by_hold[holds] * multiplier)[:, :, None]
        weighted, kept = scaled.sum(axis=1), (scaled * (holds == HOLDS - 1)[:, :, None]).sum(axis=1)
        sized = np.zeros((len(holds), HAND_SIZE + 1), dtype=np.int64)
        np.add.at(sized, (np.broadcast_to(rows, holds.shape), hold_sizes()[holds]), multiplier)
        divisor = np.broadcast_to(np.asarray(divisor, dtype=np.int64), (len(holds),))[:, None]
        if any((values % divisor != 0).any() for values in (weighted, kept, sized)):
            raise AssertionError("class members do not divide evenly")  # a broken symmetry group
        self.add_sums(*((values // divisor).sum(axis=0).tolist() for values in (weighted, kept, sized)))
