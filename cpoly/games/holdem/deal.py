"""A validated equity question: players' possible holdings, the known board, dead cards.

>>> deal = make_deal(["AsAh", "QQ+"], board="2c 7d 9h")
>>> [len(r) for r in deal.ranges]
[1, 18]
>>> sum(1 for _ in joint_holdings(deal))
13
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.cards import check_distinct, format_card, parse_cards
from cpoly.games.holdem.ranges import Combo, parse_hand

MAX_PLAYERS = 10


@dataclass(frozen=True)
class Deal:
    """Players' combos (after removing combos that use board or dead cards), board, dead cards."""

    labels: tuple[str, ...]
    ranges: tuple[tuple[Combo, ...], ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def unknown(self) -> int:
        """Board cards still to come."""
        return 5 - len(self.board)

    def boards_per_holding(self) -> int:
        """Completions of the board for any one valid joint holding."""
        left = 52 - len(self.board) - len(self.dead) - 2 * len(self.ranges)
        return comb(left, self.unknown)


def _parse_cards_arg(text: str | Sequence[int], what: str) -> tuple[int, ...]:
    if isinstance(text, str):
        return parse_cards(text)
    cards = tuple(int(c) for c in text)
    for card in cards:
        format_card(card)
    check_distinct(cards, what)
    return cards


def make_deal(hands: Sequence[str], board: str | Sequence[int] = "",
              dead: str | Sequence[int] = "") -> Deal:
    """Parse and validate hands (exact cards, ``??`` or ranges), board and dead cards.

    Raises
    ------
    CpolyInputError
        Fewer than 2 or more than 10 players, a board of 1, 2 or more than 5 cards, a card used
        twice, too many cards, a range that is empty once board and dead cards are removed.
    """
    if len(hands) < 2:
        raise CpolyInputError(f"equity needs at least 2 players, got {len(hands)}")
    if len(hands) > MAX_PLAYERS:
        raise CpolyInputError(f"at most {MAX_PLAYERS} players, got {len(hands)}")
    board_cards = _parse_cards_arg(board, "board")
    dead_cards = _parse_cards_arg(dead, "dead")
    if len(board_cards) not in (0, 3, 4, 5):
        raise CpolyInputError(
            f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)} ({board!r})")
    check_distinct(board_cards + dead_cards, "board and dead cards")
    if 2 * len(hands) + len(board_cards) + len(dead_cards) + 5 - len(board_cards) > 52:
        raise CpolyInputError("too many cards: the players, board and dead cards exceed the deck")
    parsed = [parse_hand(h) for h in hands]
    _check_fixed_cards(hands, parsed, board_cards, dead_cards)
    taken = set(board_cards) | set(dead_cards)
    ranges = []
    for text, combos in zip(hands, parsed):
        left = tuple(c for c in combos if not (set(c) & taken))
        if not left:
            raise CpolyInputError(f"hand range {text!r} is empty after removing board and dead cards")
        ranges.append(left)
    return Deal(tuple(h.strip() for h in hands), tuple(ranges), board_cards, dead_cards)


def _check_fixed_cards(hands: Sequence[str], parsed: list[tuple[Combo, ...]],
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
                raise CpolyInputError(f"duplicate card {format_card(card)}: in {owner[card]} "
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
