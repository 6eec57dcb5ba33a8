"""The utilities document's ``deck``: a full or partial deck, removing cards, a seeded shuffle
and dealing.

As in the document, dealing does not take the dealt cards out of the deck (the same partial deck
serves many deals): :meth:`Deck.deal` hands out the next cards of the deck's order, from the end
of the deck while it is unshuffled, and :meth:`Deck.shuffle` starts a new order.  Cards are the
game's (short deck: 36), written as text, integers 0..51 or the document's ``(face, suit)``
pairs (face 2..14, ace 14 or 1; suit 1..4 = S, C, H, D).

The document's example: a deck without AS, 3D, 4H, then AC, 2C, 6C, 7H removed:

>>> deck = Deck.partial([(1, 1), (3, 4), (4, 3)])
>>> deck.remove([(1, 2), (2, 2), (6, 2), (7, 3)])
>>> len(deck)
45
>>> deck.shuffle(seed=1)
>>> hole, board = deck.deal(2), deck.deal(5)
>>> len(set(hole + board)), len(deck)
(7, 45)
>>> deck.faces_and_suits(hole)  # the document's getDealFace / getDealSuit
([8, 7], [1, 1])
"""

from __future__ import annotations

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.gamefile import GameLike, resolve_game
from cpoly.games.holdem.intcards import DOCUMENT_SUITS, CardsLike, format_cards, to_cards

__all__ = ["Deck"]

_DOCUMENT_SUIT_OF = {ours: theirs for theirs, ours in DOCUMENT_SUITS.items()}


class Deck:
    """The cards of a game's deck in an order, and a cursor for dealing (see the module)."""

    def __init__(self, game: GameLike = None) -> None:
        self.rules = resolve_game(game)
        self.set_full()

    @classmethod
    def partial(cls, ignore: CardsLike, game: GameLike = None) -> Deck:
        """The deck without the cards ``ignore`` (the document's ``setDeckPartial``)."""
        deck = cls(game)
        deck.remove(ignore)
        return deck

    def set_full(self) -> None:
        """Every card of the game, in order (the document's ``setDeckFull``)."""
        self.cards: list[int] = list(self.rules.deck)
        self._next = 0
        self.shuffled = False

    def remove(self, cards: CardsLike) -> None:
        """Take ``cards`` out of the deck (the document's ``remCards``); each must be in it."""
        gone = to_cards(cards)
        missing = [c for c in gone if c not in self.cards]
        if missing:
            raise CpolyInputError(f"card {format_cards(missing[:1])!r} is not in the deck")
        if len(gone) >= len(self.cards):
            raise CpolyInputError("a deck keeps at least one card")
        self.cards = [c for c in self.cards if c not in set(gone)]
        self._next = 0

    def shuffle(self, seed: int | None = None) -> None:
        """A new random order (``seed`` makes it repeatable; the document's ``shuffleI``)."""
        rng = np.random.default_rng(seed)
        self.cards = [self.cards[i] for i in rng.permutation(len(self.cards))]
        self._next = 0
        self.shuffled = True

    def deal(self, count: int) -> tuple[int, ...]:
        """The next ``count`` cards (from the end while unshuffled); they stay in the deck, and
        a deal past the last card starts again from the top of the order."""
        if not 0 < count <= len(self.cards):
            raise CpolyInputError(f"deal 1 to {len(self.cards)} cards from this deck, not {count}")
        order = self.cards if self.shuffled else self.cards[::-1]
        if self._next + count > len(order):
            self._next = 0
        dealt = tuple(order[self._next:self._next + count])
        self._next += count
        return dealt

    def __len__(self) -> int:
        """The number of cards in the deck (the document's ``getNumCards``)."""
        return len(self.cards)

    @staticmethod
    def faces_and_suits(cards: CardsLike) -> tuple[list[int], list[int]]:
        """The document's faces (2..14) and suits (1..4 = S, C, H, D) of ``cards``."""
        parsed = to_cards(cards, allow_duplicates=True)
        return [c // 4 + 2 for c in parsed], [_DOCUMENT_SUIT_OF[c % 4] for c in parsed]
