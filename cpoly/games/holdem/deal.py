"""A validated equity question: players' possible holdings, the known board, dead cards.

>>> deal = make_deal(["AsAh", "QQ+"], board="2c 7d 9h")
>>> [len(r) for r in deal.ranges]
[1, 18]
>>> sum(1 for _ in joint_holdings(deal))
13
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm
from math import gcd as math_gcd

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.evaluator import game_rules
from cpoly.games.holdem.intcards import CardsLike, check_distinct, format_card, format_cards, to_cards
from cpoly.games.holdem.ranges import Combo, weighted_range
from cpoly.games.holdem.rules import GameRules

#: A player's hand: text (cards, ``??``, ``As?``, a range) or two cards as ints / (face, suit).
HandLike = CardsLike

MAX_PLAYERS = 10


@dataclass(frozen=True)
class Deal:
    """Players' combos (after removing combos that use board or dead cards), board, dead cards.

    ``weights`` holds each combo's integer weight (per player, aligned with ``ranges``) when some
    range is weighted (``AA@50``); None when every combo weighs the same.  ``rules`` is the game
    (its deck, straights and category order; standard Hold'em by default).
    """

    labels: tuple[str, ...]
    ranges: tuple[tuple[Combo, ...], ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    weights: tuple[tuple[int, ...], ...] | None = None
    rules: GameRules = field(default_factory=lambda: game_rules(None))

    @property
    def deck_size(self) -> int:
        """Cards in the game's deck (52; 36 in short deck)."""
        return len(self.rules.deck)

    def live_cards(self) -> list[int]:
        """The deck's cards that are neither on the board nor dead, ascending."""
        taken = set(self.board) | set(self.dead)
        return [c for c in self.rules.deck if c not in taken]

    @property
    def unknown(self) -> int:
        """Board cards still to come."""
        return 5 - len(self.board)

    def boards_per_holding(self) -> int:
        """Completions of the board for any one valid joint holding."""
        left = self.deck_size - len(self.board) - len(self.dead) - self.rules.hole_cards * len(self.ranges)
        return comb(left, self.unknown)


def _integer_weights(weights: Sequence[Fraction]) -> tuple[int, ...]:
    """Weights scaled to the smallest integers in the same proportions.

    >>> _integer_weights([Fraction(50), Fraction(100), Fraction(25, 2)])
    (4, 8, 1)
    """
    scale = lcm(*(w.denominator for w in weights))
    scaled = [int(w * scale) for w in weights]
    divisor = 0
    for value in scaled:
        divisor = math_gcd(divisor, value)
    return tuple(v // divisor for v in scaled)


def _hand(hand: HandLike) -> tuple[str, dict[Combo, Fraction]]:
    """A player's label and weighted combos; non-text hands must be exactly two cards."""
    if isinstance(hand, str):
        return hand.strip(), weighted_range(hand)
    cards = to_cards(hand)
    if len(cards) != 2:
        raise CpolyInputError(f"bad hand {hand!r}: a hand is two cards, got {len(cards)}")
    return format_cards(cards).replace(" ", ""), {(max(cards), min(cards)): Fraction(100)}


def check_in_deck(cards: Sequence[int], rules: GameRules, where: str) -> None:
    """Raise naming the first card that is not in the game's deck (``2c`` in short deck)."""
    for card in cards:
        if not rules.in_deck[card]:
            raise CpolyInputError(f"card {format_card(card)!r} ({where}) is not in the deck of "
                                  f"{rules.title} (ranks {rules.rank_letters})")


def make_deal(hands: Sequence[HandLike], board: CardsLike = "", dead: CardsLike = "",
              rules: GameRules | None = None) -> Deal:
    """Parse and validate hands (exact cards, ``As?``, ``??`` or weighted ranges), board and dead
    cards (text, integers 0..51 or the document's (face, suit) pairs) for the game ``rules``
    (standard Hold'em by default): combos with a card outside its deck are left out.

    Raises
    ------
    CpolyInputError
        Fewer than 2 or more than 10 players, a board of 1, 2 or more than 5 cards, a card used
        twice or not in the deck, too many cards, a range that is empty once board and dead cards
        (and cards outside the deck) are removed.
    """
    game = game_rules(rules)
    if game.hole_used is not None:
        raise CpolyInputError(f"{game.title} deals {game.hole_cards} hole cards: use its equity "
                              "(cpoly.games.holdem.omaha)")
    if len(hands) < 2:
        raise CpolyInputError(f"equity needs at least 2 players, got {len(hands)}")
    if len(hands) > MAX_PLAYERS:
        raise CpolyInputError(f"at most {MAX_PLAYERS} players, got {len(hands)}")
    board_cards = to_cards(board)
    dead_cards = to_cards(dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise CpolyInputError(
            f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)} ({format_cards(board_cards)!r})")
    check_distinct(board_cards + dead_cards, "board and dead cards")
    check_in_deck(board_cards, game, "board")
    check_in_deck(dead_cards, game, "dead cards")
    if 2 * len(hands) + len(board_cards) + len(dead_cards) + 5 - len(board_cards) > len(game.deck):
        raise CpolyInputError("too many cards: the players, board and dead cards exceed the deck")
    parsed = [_hand(h) for h in hands]
    labels = tuple(label for label, _ in parsed)
    _check_fixed_cards(labels, [tuple(c) for _, c in parsed], board_cards, dead_cards)
    for index, (label, combos) in enumerate(parsed, start=1):
        if len(combos) == 1:
            check_in_deck(next(iter(combos)), game, f"hand {index} {label!r}")
    taken = set(board_cards) | set(dead_cards) | {c for c in range(52) if not game.in_deck[c]}
    ranges, weights = [], []
    for label, combos in parsed:
        left = {c: w for c, w in combos.items() if not (set(c) & taken)}
        if not left:
            outside = "" if len(game.deck) == 52 else f" (and cards outside the {len(game.deck)}-card deck)"
            raise CpolyInputError(f"hand range {label!r} is empty after removing board and dead cards{outside}")
        ranges.append(tuple(left))
        weights.append(_integer_weights(list(left.values())))
    uniform = all(len(set(w)) == 1 for w in weights)
    return Deal(labels, tuple(ranges), board_cards, dead_cards,
                None if uniform else tuple(weights), game)


def _check_fixed_cards(hands: Sequence[str], parsed: Sequence[tuple[Combo, ...]],
                       board: tuple[int, ...], dead: tuple[int, ...]) -> None:
    """Raise naming a card that two exact hands, the board or the dead cards share."""
    owner: dict[int, str] = {c: "the board" for c in board}
    owner.update({c: "the dead cards" for c in dead})
    for index, (text, combos) in enumerate(zip(hands, parsed), start=1):
        if len(combos) != 1:
            continue
        for card in combos[0]:
            here = f"hand {index} {text.strip()!r}"
            if card in owner:
                raise CpolyInputError(f"duplicate card {format_card(card)!r}: in {owner[card]} "
                                      f"and in {here}")
            owner[card] = here


def joint_holdings(deal: Deal) -> Iterator[tuple[Combo, ...]]:
    """Every assignment of one combo per player with no card used twice (player order kept)."""
    chosen: list[Combo] = []
    used: set[int] = set()

    def extend(player: int) -> Iterator[tuple[Combo, ...]]:
        if player == len(deal.ranges):
            yield tuple(chosen)
            return
        for combo in deal.ranges[player]:
            if combo[0] in used or combo[1] in used:
                continue
            chosen.append(combo)
            used.update(combo)
            yield from extend(player + 1)
            chosen.pop()
            used.difference_update(combo)

    return extend(0)
