"""How a game's hands are made: the one place that tells Hold'em from Omaha.

A game's rules say how many hole cards a player holds and, for Omaha, how many of them a hand must
play (``HoleCardsUsed``).  :func:`showdown_of` reads that once and returns the game's
:class:`Showdown`: the hole cards, the fives a hand may play, the cards ``cpoly eval`` takes, how
hands are read (Hold'em's two cards, ranges and weights, :mod:`~cpoly.games.holdem.ranges`;
Omaha's four or more cards and patterns, :mod:`~cpoly.games.holdem.omaha_ranges`) and the name
under which the equity methods of the game are registered (:mod:`~cpoly.games.holdem.registry`).
Nothing else asks whether a game is Omaha.

>>> from cpoly.games.holdem.rules import STANDARD_SHAPE
>>> holdem = showdown_of(STANDARD_SHAPE)
>>> holdem.name, holdem.hole_cards, holdem.fives(5) is None, holdem.eval_sizes()
('holdem', 2, True, (5, 7, ''))
>>> from dataclasses import replace
>>> omaha = showdown_of(replace(STANDARD_SHAPE, hole_cards=4, hole_used=2))
>>> omaha.name, len(omaha.fives(5)), omaha.eval_sizes()
('omaha', 60, (7, 9, ' (4 hole cards, then 3 to 5 board cards)'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import gcd, lcm
from typing import TYPE_CHECKING, Union

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import check_distinct, check_in_deck, format_card, format_cards, to_cards
from cpoly.games.holdem.ranges import Combo, weighted_range
from cpoly.games.holdem.rules import GameRules

if TYPE_CHECKING:  # Hold'em's hands are read without NumPy (known hands are counted without it)
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

__all__ = ["Fives", "HandReader", "Holes", "PLAYED_HOLE_CARDS", "ReadHands", "Showdown",
           "allowed_fives", "integer_weights", "read_holdem_hands", "read_omaha_hands", "showdown_of"]

#: A player's possible hole cards, one row each: Hold'em's as tuples, Omaha's as an ``(n, hole)`` array.
Holes = Union["IntArray", tuple[tuple[int, ...], ...]]
#: The hole cards an Omaha hand plays, with three board cards (the equity methods count these).
PLAYED_HOLE_CARDS = 2
#: Columns of the five cards a hand plays, of its hole cards then the board's.
Fives = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class ReadHands:
    """The players' hands as read: labels, each player's possible hole cards (:data:`Holes`) and
    their integer weights (None when every hand of every player weighs the same)."""

    labels: tuple[str, ...]
    combos: tuple[Holes, ...]
    weights: tuple[tuple[int, ...], ...] | None


#: Reads the players' hands given the board and dead cards (already checked) and the rules.
HandReader = Callable[[Sequence[object], tuple[int, ...], tuple[int, ...], GameRules], ReadHands]


@dataclass(frozen=True)
class Showdown:
    """How the hands of one game are made (see the module docstring).

    Attributes
    ----------
    name : the registry key of the game's equity methods (``holdem``, ``omaha``)
    hole_cards : cards each player holds
    hole_used : the hole cards a hand must play (None: any five of hole and board cards)
    read_hands : reads the players' hands (text, ranges, or cards in any accepted form)
    eval_hole : the cards ``cpoly eval`` reads first as hole cards (None: any five of 5 to 7)
    check_text : checks one hand's text before the deal is read, so that the command line names a
        bad hand before it counts the hands (Hold'em's ranges; Omaha's hands are read with the
        board, by ``read_hands``)
    """

    name: str
    hole_cards: int
    hole_used: int | None
    read_hands: HandReader
    eval_hole: int | None
    check_text: Callable[[str], object]

    def fives(self, board: int) -> Fives | None:
        """Columns of the fives a hand plays of its hole cards then ``board`` board cards; None
        when any five may play (the evaluator then takes all the cards at once)."""
        return None if self.eval_hole is None else allowed_fives(self.hole_cards, board, self.hole_used)

    def eval_sizes(self) -> tuple[int, int, str]:
        """The fewest and most cards ``cpoly eval`` takes, and how they are read (for its error)."""
        if self.eval_hole is None:
            return 5, 7, ""
        return self.eval_hole + 3, self.eval_hole + 5, f" ({self.eval_hole} hole cards, then 3 to 5 board cards)"


def showdown_of(rules: GameRules) -> Showdown:
    """The showdown of the game ``rules``: the one decision between Hold'em (the best five of
    all the cards) and Omaha (exactly ``HoleCardsUsed`` hole cards)."""
    if rules.hole_used is None:
        return Showdown("holdem", rules.hole_cards, None, read_holdem_hands, None, weighted_range)
    return Showdown("omaha", rules.hole_cards, rules.hole_used, read_omaha_hands, rules.hole_cards,
                    _read_with_the_board)


def _read_with_the_board(text: str) -> None:
    """Omaha's hands are checked when the deal is read (their hands depend on the live cards)."""


def allowed_fives(hole: int, board: int, hole_used: int | None) -> Fives:
    """The columns of the five cards a hand may use, of ``hole`` hole cards then ``board``
    board cards: every five (``hole_used`` None), or exactly ``hole_used`` hole cards (Omaha:
    60 fives).

    >>> len(allowed_fives(4, 5, 2)), allowed_fives(4, 3, 2)[0], len(allowed_fives(2, 5, None))
    (60, (0, 1, 4, 5, 6), 21)
    """
    if hole_used is None:
        return tuple(combinations(range(hole + board), 5))
    return tuple(h + tuple(hole + b for b in bs)
                 for h in combinations(range(hole), hole_used)
                 for bs in combinations(range(board), 5 - hole_used))


# ---- Hold'em: two hole cards, ranges with weights ---------------------------------------------
def integer_weights(weights: Sequence[Fraction]) -> tuple[int, ...]:
    """Weights scaled to the smallest integers in the same proportions.

    >>> integer_weights([Fraction(50), Fraction(100), Fraction(25, 2)])
    (4, 8, 1)
    >>> integer_weights([Fraction(25)] * 3)
    (1, 1, 1)
    """
    if all(w is weights[0] for w in weights):  # one weight object (a hand, a range without weights)
        return (1,) * len(weights)
    scale = lcm(*(w.denominator for w in weights))
    scaled = [w.numerator * (scale // w.denominator) for w in weights]  # no Fraction arithmetic
    divisor = 0
    for value in scaled:
        divisor = gcd(divisor, value)
    return tuple(v // divisor for v in scaled)


def _holdem_hand(hand: object) -> tuple[str, dict[Combo, Fraction]]:
    """A player's label and weighted combos; non-text hands must be exactly two cards."""
    if isinstance(hand, str):
        return hand.strip(), weighted_range(hand)
    cards = to_cards(hand)
    if len(cards) != 2:
        raise CpolyInputError(f"bad hand {hand!r}: a hand is two cards, got {len(cards)}")
    return format_cards(cards).replace(" ", ""), {(max(cards), min(cards)): Fraction(100)}


def _check_fixed_cards(hands: Sequence[str], parsed: Sequence[tuple[Combo, ...]],
                       board: tuple[int, ...], dead: tuple[int, ...]) -> None:
    """Raise naming a card that two exact hands, the board or the dead cards share."""
    def where(index: int) -> str:
        return f"hand {index} {hands[index - 1].strip()!r}"

    owner: dict[int, str | int] = {c: "the board" for c in board}
    owner.update({c: "the dead cards" for c in dead})
    for index, combos in enumerate(parsed, start=1):
        if len(combos) != 1:
            continue
        for card in combos[0]:
            if card in owner:
                first = owner[card]
                raise CpolyInputError(f"duplicate card {format_card(card)!r}: in "
                                      f"{first if isinstance(first, str) else where(first)} and in {where(index)}")
            owner[card] = index


def read_holdem_hands(hands: Sequence[object], board: tuple[int, ...], dead: tuple[int, ...],
                      rules: GameRules) -> ReadHands:
    """Hold'em hands (exact cards, ``As?``, ``??`` or weighted ranges): combos with a board,
    dead or out-of-deck card are left out; an exact hand's card is checked against the others."""
    parsed = [_holdem_hand(h) for h in hands]
    labels = tuple(label for label, _ in parsed)
    _check_fixed_cards(labels, [tuple(c) for _, c in parsed], board, dead)
    outside = set(range(52)).difference(rules.deck)
    for index, (label, combos) in enumerate(parsed, start=1):
        if len(combos) == 1 and not outside.isdisjoint(next(iter(combos))):
            check_in_deck(next(iter(combos)), rules, f"hand {index} {label!r}")
    taken = outside.union(board, dead)
    ranges: list[Holes] = []
    weights = []
    for label, combos in parsed:
        left = {c: w for c, w in combos.items() if taken.isdisjoint(c)}
        if not left:
            deck = "" if len(rules.deck) == 52 else f" (and cards outside the {len(rules.deck)}-card deck)"
            raise CpolyInputError(f"hand range {label!r} is empty after removing board and dead cards{deck}")
        ranges.append(tuple(left))
        weights.append(integer_weights(list(left.values())))
    uniform = all(len(set(w)) == 1 for w in weights)
    return ReadHands(labels, tuple(ranges), None if uniform else tuple(weights))


# ---- Omaha: four or more hole cards, patterns, no weights -------------------------------------
def _omaha_hand(hand: object, rules: GameRules, live: list[int]) -> tuple[str, IntArray]:
    """A player's label and possible hands ``(n, hole)``: a range written as text
    (:mod:`~cpoly.games.holdem.omaha_ranges`), or cards in any accepted form."""
    import numpy as np

    from cpoly.games.holdem.omaha_ranges import omaha_range  # Omaha's only: a Hold'em question never loads it

    if isinstance(hand, str):
        return hand.strip(), omaha_range(hand, live, rules)
    known = to_cards(hand)
    if len(known) != rules.hole_cards:
        raise CpolyInputError(f"bad hand {hand!r}: an Omaha hand is {rules.hole_cards} cards "
                              f"({len(known)} given); write e.g. 'AsAhKsKh', 'AsAh??', 'AAxx' or '??'")
    check_in_deck(known, rules, f"hand {format_cards(known)!r}")
    combos = [tuple(sorted(known, reverse=True))] if all(c in live for c in known) else []
    return format_cards(known).replace(" ", ""), np.array(combos, dtype=np.int64).reshape(-1, rules.hole_cards)


def _no_hand_left(index: int, label: str, hand: object, taken: set[int], size: int) -> None:
    """Raise for a hand with nothing left: name a written card on the board or dead."""
    from cpoly.games.holdem.omaha_ranges import written_cards

    written = written_cards(hand, size) if isinstance(hand, str) else list(to_cards(hand))
    clash = [c for c in written if c in taken]
    if clash:
        raise CpolyInputError(f"duplicate card {format_card(clash[0])!r} (hand {index} {label!r} "
                              f"and the board or dead cards)")
    raise CpolyInputError(f"hand {index} {label!r} has no hand left: every hand it names uses a "
                          f"board or dead card")


def read_omaha_hands(hands: Sequence[object], board: tuple[int, ...], dead: tuple[int, ...],
                     rules: GameRules) -> ReadHands:
    """Omaha hands (cards, ``AsAh??``, ``??``, patterns such as ``AAxx`` or ``AAKKds``): hands
    with a board or dead card are left out; the exact hands must not share a card."""
    if rules.hole_used != PLAYED_HOLE_CARDS:
        raise CpolyInputError(f"{rules.title}: HoleCardsUsed = {rules.hole_used}; Omaha equity counts "
                              f"games whose hands play exactly {PLAYED_HOLE_CARDS} hole cards and "
                              f"{5 - PLAYED_HOLE_CARDS} board cards (HoleCardsUsed = {PLAYED_HOLE_CARDS})")
    taken = set(board) | set(dead)
    live = [c for c in rules.deck if c not in taken]
    parsed = []
    for index, hand in enumerate(hands, start=1):
        label, combos = _omaha_hand(hand, rules, live)
        if len(combos) == 0:
            _no_hand_left(index, label, hand, taken, rules.hole_cards)
        parsed.append((label, combos))
    fixed = [c for _, combos in parsed if len(combos) == 1 for c in combos[0].tolist()]
    check_distinct(list(board) + list(dead) + fixed, "the board, dead cards and hands")
    return ReadHands(tuple(p[0] for p in parsed), tuple(p[1] for p in parsed), None)
