"""A validated equity question, for every Hold'em game: the players' possible hole cards, the
known board and the dead cards.

One :func:`make_deal` checks what every game shares (the number of players, the board, the dead
cards, the deck, the number of cards) and reads the hands as the game's
:class:`~cpoly.games.holdem.showdown.Showdown` says (two cards and weighted ranges in Hold'em and
short deck, four or more cards and patterns in Omaha).

>>> deal = make_deal(["AsAh", "QQ+"], board="2c 7d 9h")
>>> [len(r) for r in deal.ranges], deal.showdown.name
([1, 18], 'holdem')
>>> sum(1 for _ in joint_holdings(deal))
13
>>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
>>> omaha = make_deal(["AsAhKsKh", "AAxx"], "2c 7d 9h", rules=rules_of(DEFAULT_GAME.parent / "omaha.cp"))
>>> [combos.shape for combos in omaha.combos], omaha.showdown.name
([(1, 4), (6121, 4)], 'omaha')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import comb
from typing import TYPE_CHECKING, cast

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.gamefile import default_rules, resolve_game
from cpoly.games.holdem.intcards import CardsLike, check_distinct, check_in_deck, format_cards, to_cards
from cpoly.games.holdem.ranges import Combo
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.showdown import Holes, Showdown, showdown_of

if TYPE_CHECKING:  # a deal is read without NumPy; its arrays are made when first asked for
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

__all__ = ["Deal", "HandLike", "MAX_PLAYERS", "joint_holdings", "make_deal"]
#: A player's hand: text (cards, ``??``, ``As?``, a range) or its cards as ints / (face, suit).
HandLike = CardsLike

MAX_PLAYERS = 10


@dataclass(frozen=True, eq=False)
class Deal:
    """Players' possible hole cards (after removing those that use board or dead cards), board,
    dead cards, and the game.

    ``holes`` holds each player's possible hole cards as read (:data:`~cpoly.games.holdem.showdown.Holes`),
    ``combos`` the same as ``(n, hole)`` arrays (made when first asked for), ``ranges`` as tuples;
    ``weights`` each one's integer weight (aligned with ``combos``) when some range is weighted
    (``AA@50``), None when every hand weighs the same.  ``rules`` is the game (its deck,
    straights, category order and hole cards; standard Hold'em by default).
    """

    labels: tuple[str, ...]
    holes: tuple[Holes, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    weights: tuple[tuple[int, ...], ...] | None = None
    rules: GameRules = field(default_factory=default_rules)

    @cached_property
    def showdown(self) -> Showdown:
        """How the game's hands are made (:func:`~cpoly.games.holdem.showdown.showdown_of`)."""
        return showdown_of(self.rules)

    @cached_property
    def combos(self) -> tuple[IntArray, ...]:
        """Each player's possible hole cards as an ``(n, hole)`` array."""
        import numpy as np

        hole = self.rules.hole_cards
        return tuple(np.asarray(holes, dtype=np.int64).reshape(-1, hole) for holes in self.holes)

    @cached_property
    def ranges(self) -> tuple[tuple[Combo, ...], ...]:
        """Each player's possible hole cards as tuples of cards (Hold'em's combos)."""
        return tuple(cast(tuple[Combo, ...], holes) if isinstance(holes, tuple)
                     else tuple(cast(Combo, tuple(row)) for row in holes.tolist()) for holes in self.holes)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.holes)

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
        left = self.deck_size - len(self.board) - len(self.dead) - self.rules.hole_cards * self.players
        return comb(left, self.unknown)


def make_deal(hands: Sequence[HandLike], board: CardsLike = "", dead: CardsLike = "",
              rules: GameRules | None = None) -> Deal:
    """Parse and validate hands, board and dead cards (text, integers 0..51 or the document's
    (face, suit) pairs) for the game ``rules`` (standard Hold'em by default).  The hands are read
    by the game's showdown: Hold'em's exact cards, ``As?``, ``??`` or weighted ranges, Omaha's
    cards or patterns; hands with a card outside the deck are left out.

    Raises
    ------
    CpolyInputError
        Fewer than 2 or more than 10 players, a board of 1, 2 or more than 5 cards, a card used
        twice or not in the deck, too many cards, a bad hand, a range that is empty once board and
        dead cards (and cards outside the deck) are removed.
    """
    game = resolve_game(rules)
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
    if game.hole_cards * len(hands) + 5 + len(dead_cards) > len(game.deck):
        raise CpolyInputError("too many cards: the players, board and dead cards exceed the deck")
    read = showdown_of(game).read_hands(hands, board_cards, dead_cards, game)
    return Deal(read.labels, read.combos, board_cards, dead_cards, read.weights, game)


def joint_holdings(deal: Deal) -> Iterator[tuple[Combo, ...]]:
    """Every assignment of one combo per player with no card used twice (player order kept;
    Hold'em's two-card combos)."""
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
