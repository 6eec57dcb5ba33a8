"""A video-poker game from a .cp file: its deck, every hand classified by the engine, autohold
and the full-game analysis.

The categories of all hands come from the game's ``.cp`` definitions through the engine's
checking function (:meth:`cpoly.game.Game.classify`, evaluated vectorised with face/suit
decoupling) — no poker evaluator stands in for them.  The category array is cached on disk,
keyed by the definition's text, so a second pay table skips it.

>>> poker = VideoPoker.load("definitions/jacks_or_better.cp")
>>> poker.n_cards, poker.card_name(0), poker.card_name(51)
(52, '2h', 'As')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np

from cpoly.api import deck_cards, load_game
from cpoly.cards import Card
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.game import Game
from cpoly.games.videopoker import cache
from cpoly.games.videopoker.analysis import (
    DEFAULT_TIE_RULE,
    GameAnalysis,
    HoldResult,
    PayTable,
    TieRule,
    analyze_prepared,
    autohold,
)
from cpoly.games.videopoker.classify import classify_rows
from cpoly.games.videopoker.combinatorics import all_hands
from cpoly.games.videopoker.copies import (
    PreparedCopies,
    analyze_copies,
    autohold_copies,
    prepare_copies,
)
from cpoly.games.videopoker.multiset import all_multisets, multiset_count, realisations
from cpoly.games.videopoker.ordered import OrderedHands
from cpoly.games.videopoker.prepare import PreparedGame, prepare_game
from cpoly.gamespec import PayTable as DeclaredPayTable
from cpoly.positions import position_dependent, witnesses

HAND_SIZE = 5
Progress = Callable[[int, int], None]


@dataclass
class VideoPoker:
    """A five-card draw game: the engine's :class:`Game` plus its deck of physical cards.

    With ``copies c`` in the game, physical card ``p`` is copy ``p % c`` of the card value
    ``p // c`` (values face-major), both copies print alike ("Ah"), and the analysis runs over
    value multisets (:mod:`cpoly.games.videopoker.copies`).
    """

    game: Game
    faces: np.ndarray
    suits: np.ndarray
    _prepared: PreparedGame | PreparedCopies | None = field(default=None, repr=False)

    @classmethod
    def load(cls, path: str, overrides: Mapping[str, int] | None = None) -> VideoPoker:
        return cls.from_game(load_game(path, overrides=overrides))

    @classmethod
    def from_game(cls, game: Game) -> VideoPoker:
        """The deck: every (face, suit) of the card vertices' domains that some deal contains
        (a joker face allowed in one suit only leaves one joker), face-major."""
        if game.hand_size != HAND_SIZE:
            raise CpolyError(f"video poker needs five-card hands; this game deals {game.hand_size}")
        if game.spec.ordered and game.spec.copies != 1:
            raise CpolyError("ordered deals from a deck with copies are not supported")
        cards = deck_cards(game)
        copies = game.spec.copies
        faces = np.repeat(np.array([f for f, _ in cards]), copies)
        return cls(game, faces, np.repeat(np.array([s for _, s in cards]), copies))

    # ---- cards ------------------------------------------------------------------------------
    @property
    def n_cards(self) -> int:
        """Physical cards in the deck."""
        return len(self.faces)

    @property
    def copies(self) -> int:
        """Physical copies of each card value."""
        return int(self.game.spec.copies)

    @property
    def value_faces(self) -> np.ndarray:
        """Face of each card value (one entry per value, not per physical copy)."""
        return self.faces[:: self.copies]

    @property
    def value_suits(self) -> np.ndarray:
        """Suit of each card value."""
        return self.suits[:: self.copies]

    def card_index(self, card: Card) -> int:
        face, suit = card
        matches = np.flatnonzero((self.faces == face) & (self.suits == suit))
        if not len(matches):
            raise CpolyInputError(f"card {self.game.format(card)} is not in this deck")
        return int(matches[0])

    def card_name(self, index: int) -> str:
        return self.game.format((int(self.faces[index]), int(self.suits[index])))

    def deal_indices(self, texts: Sequence[str]) -> list[int]:
        """A dealt hand as card indices (bad, duplicate or missing cards are input errors).

        With copies, repeats of a card take its copies in turn (``Ah Ah``: copies 0 and 1).
        """
        seen: dict[Card, int] = {}
        indices = []
        for card in self.game.parse_hand(texts):
            copy = seen.get(card, 0)
            seen[card] = copy + 1
            indices.append(self.card_index(card) + copy)
        return indices

    # ---- ordered deals ------------------------------------------------------------------------
    @property
    def position_dependent(self) -> tuple[str, ...]:
        """The categories that depend on the order of the cards (none unless ``ordered``)."""
        return () if self.ordered_hands is None else self.ordered_hands.names

    @cached_property
    def ordered_hands(self) -> OrderedHands | None:
        """An ordered game's witnesses: the ordered hands whose category is not their cards'
        category unordered (:mod:`~cpoly.games.videopoker.ordered`); None when unordered.

        Found by the engine's counts once per definition, then kept in the on-disk cache (a
        few arrays) so that ``hold`` in a new process skips the search.
        """
        if not self.game.spec.ordered:
            return None
        names = self.game.category_names
        layout = {"dependent": (np.dtype(np.int64), (None,)), "cards": (np.dtype(np.int64), (None, HAND_SIZE)),
                  "category": (np.dtype(np.int64), (None,)), "base": (np.dtype(np.int64), (None,))}
        stored = cache.load_entry("ordered", self._definition_key, layout)
        if stored is None or not _sane_ordered(stored, len(names), self.n_cards):
            stored = self._find_ordered_hands()
            cache.store_entry("ordered", self._definition_key, stored)
        dependent = tuple(names[int(i)] for i in stored["dependent"])
        return OrderedHands(stored["cards"], stored["category"], stored["base"], dependent, self.n_cards)

    def _find_ordered_hands(self) -> dict[str, np.ndarray]:
        """The position-dependent categories and their witnesses, by the engine."""
        dependent = position_dependent(self.game)
        hands = sorted({hand for name in dependent for hand in witnesses(self.game, name)})
        stacked = np.array(hands, dtype=np.int64).reshape(len(hands), HAND_SIZE, 2)
        category = self.game.classify(stacked) if hands else np.zeros(0, dtype=np.int16)
        base = self.game.classify(stacked, ignore=frozenset(dependent)) if hands else category
        changed = category != base
        cards = np.array([[self.card_index(card) for card in hand] for hand in hands],
                         dtype=np.int64).reshape(len(hands), HAND_SIZE)
        names = self.game.category_names
        return {"dependent": np.array([names.index(n) for n in dependent], dtype=np.int64),
                "cards": cards[changed], "category": category[changed].astype(np.int64),
                "base": base[changed].astype(np.int64)}

    # ---- categories of every hand ---------------------------------------------------------
    @cached_property
    def _definition_key(self) -> str:
        program = self.game.program
        return cache.entry_key("categories", program.module.text, sorted(program.constants.items()),
                               self.game.category_names, self.faces, self.suits)

    def categories(self, use_cache: bool = True) -> np.ndarray:
        """The category of every hand of the deck (colex order), by the engine's checking.

        With copies, the category of every 5-multiset of card values by multiset rank
        (:mod:`cpoly.games.videopoker.multiset`); multisets with more repeats than copies get
        "nothing" (they are never dealt).
        """
        hands = (comb(self.n_cards, HAND_SIZE) if self.copies == 1
                 else multiset_count(len(self.value_faces), HAND_SIZE))
        layout = {"categories": (np.dtype(np.int16), (hands,))}
        if use_cache:
            stored = cache.load_entry("categories", self._definition_key, layout)
            if stored is not None:
                return stored["categories"]
        classes = self._classify_all()
        if use_cache:
            cache.store_entry("categories", self._definition_key, {"categories": classes})
        return classes

    def _classify_all(self) -> np.ndarray:
        if self.copies != 1:
            return self._classify_multisets()
        hands = all_hands(self.n_cards, HAND_SIZE)
        classes = classify_rows(self.game, hands, self.faces, self.suits, frozenset(self.position_dependent))
        step = max(1, len(hands) // 20_000)
        sample = np.stack([self.faces[hands[::step]], self.suits[hands[::step]]], axis=2)
        if (self.game.classify(sample) < 0).any():
            raise CpolyError("the game's deal rejects some hands of distinct cards of its deck; "
                             "such decks are not supported by the full-game analysis yet")
        return classes.astype(np.int16)

    def _classify_multisets(self) -> np.ndarray:
        rows = all_multisets(len(self.value_faces), HAND_SIZE)
        dealable = realisations(rows, self.copies) > 0
        values = rows[dealable]
        classes = np.full(len(rows), len(self.game.category_names), dtype=np.int16)
        classes[dealable] = classify_rows(self.game, values, self.value_faces, self.value_suits)
        step = max(1, len(values) // 20_000)
        sample = np.stack([self.value_faces[values[::step]], self.value_suits[values[::step]]], axis=2)
        if (self.game.classify(sample) < 0).any():
            raise CpolyError("the game's deal rejects some hands its copies allow; "
                             "such decks are not supported by the full-game analysis yet")
        return classes

    def prepared(self, use_cache: bool = True) -> PreparedGame | PreparedCopies:
        """Deal classes and subset tables (cached on disk, and kept for this object's life)."""
        if self._prepared is None:
            n_columns = len(self.game.category_names) + 1
            categories = self.categories(use_cache)
            if self.copies != 1:
                self._prepared = prepare_copies(categories, self.value_faces, self.value_suits,
                                                self.copies, n_columns, use_cache)
            else:
                self._prepared = prepare_game(categories, self.faces, self.suits, n_columns, use_cache)
        return self._prepared

    # ---- pay tables, holds, analysis ------------------------------------------------------------
    def paytable(self, name: str | None = None) -> PayTable:
        """A pay table of the game by name (the first when None), pays in category order."""
        return to_analysis_paytable(self.game.paytable(name), self.game.category_names)

    def hold(self, cards: Sequence[str], paytable: str | None = None,
             tie_rule: TieRule | str = DEFAULT_TIE_RULE, use_cache: bool = True) -> HoldResult:
        """All 32 holds of a dealt hand with exact EVs; the best marked."""
        deal = self.deal_indices(cards)
        prepared = self.prepared(use_cache)
        if isinstance(prepared, PreparedCopies):
            return autohold_copies(deal, prepared.tables, self.paytable(paytable), tie_rule)
        return autohold(deal, prepared.tables, self.paytable(paytable), tie_rule, self.ordered_hands)

    def analyze(self, paytable: str | PayTable | None = None,
                tie_rule: TieRule | str = DEFAULT_TIE_RULE, progress: Progress | None = None,
                use_cache: bool = True) -> GameAnalysis:
        """The game's return under optimal play, exact; ``paytable`` is a name of the game's
        pay tables (default: the first) or a :class:`PayTable` of one's own."""
        table = paytable if isinstance(paytable, PayTable) else self.paytable(paytable)
        prepared = self.prepared(use_cache)
        if isinstance(prepared, PreparedCopies):
            return analyze_copies(prepared, table, tie_rule, progress)
        ordered = self.ordered_hands
        if ordered is not None and not ordered.is_invariant(prepared.card_maps):
            raise CpolyError("the position-dependent categories are not invariant under the deck's "
                             "suit permutations; the ordered analysis needs them to be")
        return analyze_prepared(prepared, table, tie_rule, progress, ordered)


def to_analysis_paytable(declared: DeclaredPayTable, categories: Iterable[str]) -> PayTable:
    """A declared pay table in category order; unpaid categories pay 0."""
    names = list(categories)
    pays = tuple(declared.pays.get(name, Fraction(0)) for name in names)
    dealt = tuple(declared.dealt.get(name) for name in names) if declared.dealt else ()
    return PayTable(declared.name, pays, dealt)


def _sane_ordered(stored: Mapping[str, np.ndarray], n_categories: int, n_cards: int) -> bool:
    """A cached witness entry with categories and cards in range and one row per witness."""
    rows = len(stored["cards"])
    return (len(stored["category"]) == rows == len(stored["base"])
            and all(((a >= 0) & (a < limit)).all() for a, limit in (
                (stored["dependent"], n_categories), (stored["category"], n_categories + 1),
                (stored["base"], n_categories + 1), (stored["cards"], n_cards))))
