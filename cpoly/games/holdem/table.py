"""A Hold'em table, as in the Hold'em utilities document: set cards, then evaluate.

Players are numbered from 0; a player whose hole cards are not set holds ``??`` (every two cards
the rest of the deck allows).  Hole cards may be a range (``"QQ+,AKs"``, ``"AA@50,KK"``), one
known card (``"As?"``), text, integers 0..51, or the document's faces and suits
(``set_hole(0, (13, 13), (1, 2))``: faces 2..14, suits 1..4).

>>> table = Table(3)
>>> table.set_hole(0, "KsKd")
>>> table.set_hole(1, (12, 12), (3, 4))         # the document's QH QD
>>> table.set_flop((5, 6, 10), (3, 1, 4))       # 5h 6s Td
>>> result = table.exact()
>>> result.boards, result.counts("win")[0]
(893970, 661272)
>>> round(float(result.probabilities("win")[0]), 4), result.players[0].category(7).win
(0.7397, 23895)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.carddeck import Deck
from cpoly.games.holdem.deal import MAX_PLAYERS, HandLike, make_deal
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.gamefile import GameLike, resolve_game
from cpoly.games.holdem.intcards import CardsLike, is_card_text, parse_cards, to_cards
from cpoly.games.holdem.results import EquityResult

__all__ = ["Progress", "Table"]

Progress = Callable[[int, int], None]


def _with_suits(cards: CardsLike, suits: Sequence[int] | None) -> CardsLike:
    """The document's separate faces and suits joined into (face, suit) pairs."""
    if suits is None:
        return cards
    faces = [cards] if isinstance(cards, (int, str)) else list(cards)
    if len(faces) != len(suits) or not all(isinstance(f, int) for f in faces):
        raise CpolyInputError(f"with suits, give as many integer faces (2..14) as suits: got "
                              f"{faces!r} and {list(suits)!r}")
    return [(f, int(s)) for f, s in zip(faces, suits) if isinstance(f, int)]


class Table:
    """Players' hole cards, the flop, turn and river, and dead cards; :meth:`exact` and
    :meth:`monte_carlo` return an :class:`~cpoly.games.holdem.results.EquityResult`.
    ``game``: a ``.cp`` game file (short deck, Omaha) or its rules; standard Hold'em by default."""

    def __init__(self, players: int, game: GameLike = None) -> None:
        if not 2 <= players <= MAX_PLAYERS:
            raise CpolyInputError(f"a table has 2 to {MAX_PLAYERS} players, got {players}")
        self.rules = resolve_game(game)
        self.hands: list[HandLike] = ["??"] * players
        self.flop: tuple[int, ...] = ()
        self.turn: tuple[int, ...] = ()
        self.river: tuple[int, ...] = ()
        self.dead: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.hands)

    def set_hole(self, player: int, cards: HandLike, suits: Sequence[int] | None = None) -> None:
        """Player ``player``'s hole cards or range (``suits``: the document's separate suits)."""
        if not 0 <= player < self.players:
            raise CpolyInputError(f"no player {player}: players are 0..{self.players - 1}")
        hand = _with_suits(cards, suits)
        if not isinstance(hand, str):
            hand = to_cards(hand)
        self.hands[player] = hand
        self._check()  # validate now, naming the bad card

    def _street(self, cards: CardsLike, suits: Sequence[int] | None, size: int, name: str) -> tuple[int, ...]:
        parsed = to_cards(_with_suits(cards, suits))
        if len(parsed) != size:
            raise CpolyInputError(f"the {name} is {size} card{'s' if size > 1 else ''}, got {len(parsed)}")
        return parsed

    def set_flop(self, cards: CardsLike, suits: Sequence[int] | None = None) -> None:
        """The three flop cards."""
        self.flop = self._street(cards, suits, 3, "flop")
        self._check()

    def set_turn(self, card: CardsLike, suit: int | None = None) -> None:
        """The turn card (after the flop)."""
        if not self.flop:
            raise CpolyInputError("set the flop before the turn")
        self.turn = self._street(card, None if suit is None else [suit], 1, "turn")
        self._check()

    def set_river(self, card: CardsLike, suit: int | None = None) -> None:
        """The river card (after the turn)."""
        if not self.turn:
            raise CpolyInputError("set the turn before the river")
        self.river = self._street(card, None if suit is None else [suit], 1, "river")
        self._check()

    def set_dead(self, cards: CardsLike, suits: Sequence[int] | None = None) -> None:
        """Cards out of play (seen folded, burnt)."""
        self.dead = to_cards(_with_suits(cards, suits))
        self._check()

    @property
    def board(self) -> tuple[int, ...]:
        """Flop, turn and river cards set so far."""
        return self.flop + self.turn + self.river

    def _check(self) -> None:
        make_deal(self.hands, self.board, self.dead, self.rules)

    def deck(self) -> Deck:
        """The game's deck without the known cards (board, dead cards, every player's hole cards
        given as exact cards): the document's partial deck, to shuffle and deal from."""
        known = list(self.board) + list(self.dead)
        for hand in self.hands:
            if isinstance(hand, tuple):
                known += hand
            elif isinstance(hand, str) and is_card_text(hand):
                known += parse_cards(hand)
        return Deck.partial(known, self.rules)

    @property
    def hand_codes(self) -> dict[int, str]:
        """The document's hand codes of this game: ``{1: 'high card', …, 10: 'royal flush'}``."""
        return dict(enumerate(self.rules.names, start=1))

    def exact(self, progress: Progress | None = None) -> EquityResult:
        """Exact win / tie / loss counts over every deal of the unknown cards."""
        return equity(self.hands, self.board, self.dead, exact=True, progress=progress,
                      game=self.rules)

    def monte_carlo(self, n: int, seed: int | None = None,
                    progress: Progress | None = None) -> EquityResult:
        """``n`` random deals of the unknown cards (``seed`` makes it repeatable)."""
        return equity(self.hands, self.board, self.dead, samples=n, seed=seed, progress=progress,
                      game=self.rules)
