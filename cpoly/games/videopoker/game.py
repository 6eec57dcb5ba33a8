"""A video-poker game from a .cp file: its deck, every hand classified by the engine, its
preparations, and autohold and the full-game analysis through its play variant.

The categories of all hands come from the game's ``.cp`` definitions through the engine's
checking function (:meth:`cpoly.count.compiledgame.Game.classify`, evaluated vectorised with face/suit
decoupling) — no poker evaluator stands in for them.  The category array is cached on disk,
keyed by the definition's text, so a second pay table skips it.

How the deals are played is chosen once, by the game's kind of deal
(:attr:`VideoPoker.kind`), from :data:`~cpoly.games.videopoker.play.variant.VARIANTS`:
:meth:`VideoPoker.variant`.

>>> poker = VideoPoker.load("definitions/jacks_or_better.cp")
>>> poker.n_cards, poker.card_name(0), poker.card_name(51)
(52, '2h', 'As')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import comb

import numpy as np

from cpoly.api import load_game
from cpoly.count.compiledgame import Game
from cpoly.count.swallowed import never_paid
from cpoly.dag.expr import Delta, postorder
from cpoly.deck.cards import Card
from cpoly.deck.subsets import all_hands
from cpoly.deck.suitclasses import SuitBlocks
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.videopoker.hold.holdchoice import HoldResult
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.hold.tiebreak import TieRuleChoice, choose_tie_rule
from cpoly.games.videopoker.nodraw import DealIsFinal
from cpoly.games.videopoker.play.ordered import OrderedHands
from cpoly.games.videopoker.play.summary import GameAnalysis, Progress
from cpoly.games.videopoker.play.variant import VARIANTS, DealKind, PlayVariant, analyze, autohold
from cpoly.games.videopoker.prepare import cache
from cpoly.games.videopoker.prepare.classify import classify_by_classes, classify_rows
from cpoly.games.videopoker.prepare.copytables import PreparedCopies, prepare_copies
from cpoly.games.videopoker.prepare.multiset import all_multisets, dealable_classes, multiset_count
from cpoly.games.videopoker.prepare.prepared import PreparedGame, prepare_game
from cpoly.games.videopoker.prepare.witnesses import witness_arrays
from cpoly.games.videopoker.warm.preparedfile import game_meta, prepare_from_file, prepared_file
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import TieRule

__all__ = ["VideoPoker"]


@dataclass
class VideoPoker:
    """A five-card draw game: the engine's :class:`Game` plus its deck of physical cards.

    With ``copies c`` in the game, physical card ``p`` is copy ``p % c`` of the card value
    ``p // c`` (values face-major), both copies print alike ("Ah"), and the analysis runs over
    value multisets (:mod:`~cpoly.games.videopoker.play.copies`).
    """

    game: Game
    faces: np.ndarray
    suits: np.ndarray
    _single: PreparedGame | None = field(default=None, repr=False)
    _copies: PreparedCopies | None = field(default=None, repr=False)
    _variant: PlayVariant | None = field(default=None, repr=False)
    _checks: dict[str, np.ndarray] | None = field(default=None, repr=False)

    @classmethod
    def load(cls, path: str, overrides: Mapping[str, int] | None = None,
             use_cache: bool = True) -> VideoPoker:
        """The game of a ``.cp`` file (from its snapshot when loaded before, unless not
        ``use_cache``: :func:`cpoly.api.load_game`)."""
        return cls.from_game(load_game(path, overrides=overrides, use_cache=use_cache))

    @classmethod
    def from_game(cls, game: Game) -> VideoPoker:
        """The deck: every (face, suit) of the card vertices' domains that some deal contains
        (a joker face allowed in one suit only leaves one joker), face-major."""
        if game.hand_size != HAND_SIZE:
            raise DealIsFinal(game.hand_size)
        DealKind.of(game.spec.ordered, game.spec.copies)  # refuses what no variant plays
        cards = game.plan.deck_cards()
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
        cards = self.game.parse_hand(texts)
        return [self.card_index(card) + cards[:i].count(card) for i, card in enumerate(cards)]

    # ---- ordered deals ------------------------------------------------------------------------
    @property
    def position_dependent(self) -> tuple[str, ...]:
        """The categories that depend on the order of the cards (none unless ``ordered``)."""
        return () if self.ordered_hands is None else self.ordered_hands.names

    @cached_property
    def ordered_hands(self) -> OrderedHands | None:
        """An ordered game's witnesses: the ordered hands whose category is not their cards'
        category unordered (:mod:`~cpoly.games.videopoker.prepare.witnesses`, played by
        :mod:`~cpoly.games.videopoker.play.ordered`); None when unordered."""
        if not self.game.spec.ordered:
            return None
        stored = witness_arrays(self.game, self.card_index, self.n_cards, self._definition_key)
        dependent = tuple(self.game.category_names[int(i)] for i in stored["dependent"])
        return OrderedHands(stored["cards"], stored["category"], stored["base"], dependent, self.n_cards)

    # ---- categories of every hand ---------------------------------------------------------
    @cached_property
    def _definition_key(self) -> str:
        program = self.game.program
        return cache.entry_key("categories", program.module.text, sorted(program.constants.items()),
                               self.game.category_names, self.faces, self.suits)

    def categories(self, use_cache: bool = True) -> np.ndarray:
        """The category of every hand of the deck (colex order), by the engine's checking.

        With copies, the category of every 5-multiset of card values by multiset rank
        (:mod:`~cpoly.games.videopoker.prepare.multiset`); multisets with more repeats than copies get
        "nothing" (they are never dealt).  A game prepared by suit classes lists its classes'
        categories for every hand.
        """
        layout = {"categories": (np.dtype(np.int16), (self._n_hands,))}
        if use_cache:
            stored = cache.load_entry("categories", self._definition_key, layout)
            if stored is not None:
                return stored["categories"]
        if self._single is None:
            self._single = self._prepare_by_classes(use_cache)
        if self._single is not None and self._single.suit_classes is not None:
            classes = self._single.tables.categories.astype(np.int16)
        else:
            classes = self._classify_all()
        if use_cache:
            cache.store_entry("categories", self._definition_key, {"categories": classes})
        return classes

    @property
    def _n_hands(self) -> int:
        """Hands of the deck (5-multisets of card values with copies)."""
        return comb(self.n_cards, HAND_SIZE) if self.copies == 1 else multiset_count(len(self.value_faces), HAND_SIZE)

    def _classify_all(self) -> np.ndarray:
        """The category of every hand (with copies: of every dealable multiset, else "nothing")."""
        dealable: np.ndarray | slice = slice(None)
        least = None
        if self.copies == 1:
            rows = all_hands(self.n_cards, HAND_SIZE)
        else:
            dealable, least = dealable_classes(self.value_faces, self.value_suits, HAND_SIZE, self.copies)
            rows = all_multisets(len(self.value_faces), HAND_SIZE, dealable)  # the dealable rows only
        classes = np.full(self._n_hands, len(self.game.category_names), dtype=np.int16)
        rejected = np.zeros(self._n_hands, dtype=bool)
        arguments = (self.value_faces, self.value_suits, frozenset(self.position_dependent))
        if least is not None and self.suit_literals == []:  # no literal tells the suits apart
            found = classify_by_classes(self.game, rows, np.asarray(dealable), least, *arguments)
        else:
            found = classify_rows(self.game, rows, *arguments)
        classes[dealable], rejected[dealable], odd = found
        self._store_checks(rejected, odd)
        return classes

    # ---- what every hand of the deck was checked for --------------------------------------------
    def _store_checks(self, rejected: np.ndarray, odd: set[str]) -> None:
        names = self.game.category_names
        self._checks = {"rejected": np.flatnonzero(rejected).astype(np.int64),
                        "odd": np.array(sorted(names.index(n) for n in odd), dtype=np.int64)}
        cache.store_entry("checks", self._definition_key, self._checks)

    def checks(self) -> dict[str, np.ndarray]:
        """The hands (by rank) the deal rejects and the categories that are not 0/1 on some hand,
        found when every hand was classified (kept in the on-disk cache with the categories)."""
        if self._checks is None:
            layout = {"rejected": (np.dtype(np.int64), (None,)), "odd": (np.dtype(np.int64), (None,))}
            self._checks = cache.load_entry("checks", self._definition_key, layout)
            if self._checks is None:
                self._classify_all()
        assert self._checks is not None
        return self._checks

    def require_zero_one(self) -> None:
        """An error when a category is not 0/1 on some hand: the analysis pays a hand once."""
        odd = [self.game.category_names[int(i)] for i in self.checks()["odd"]]
        if odd:
            raise self.game.not_zero_one(odd[0], "the analysis pays a hand once")

    def require_unrestricted_deal(self) -> None:
        """An error when the deal rejects some hand of the deck: the full-game analysis averages
        over every hand, so it cannot honour a restricting deal (count and hold do)."""
        rejected = self.checks()["rejected"]
        if len(rejected):
            raise CpolyError(f"the deal rejects {len(rejected):,} of the {self._n_hands:,} hands of the deck; "
                             "the full-game analysis averages over every hand of the deck and does not "
                             "support a restricting deal yet (cpoly count honours it, and cpoly hold "
                             "refuses the rejected deals): remove the restriction from 'deal' to analyse")

    # ---- preparations (what does not depend on the pay table) ------------------------------------
    @cached_property
    def kind(self) -> DealKind:
        """How the game deals (the key of its play variant).

        >>> VideoPoker.load("definitions/double_deck_jacks.cp").kind
        <DealKind.COPIES: 'copies'>
        """
        return DealKind.of(self.game.spec.ordered, self.copies)

    def single_deck(self, use_cache: bool = True) -> PreparedGame:
        """A single deck's deal classes and subset tables (cached on disk, and kept for this
        object's life).

        A deck whose suits the engine's literals leave interchangeable is prepared from its suit
        classes alone (:mod:`~cpoly.games.videopoker.prepare.classprep`: only the class
        representatives are classified); other games classify every hand.
        """
        if self.copies != 1:
            raise CpolyError("a deck with copies of each card is prepared by copies_deck")
        if self._single is None:
            self._single = self._prepare_by_classes(use_cache)
        if self._single is None:
            categories = self.categories(use_cache)
            self._single = prepare_game(categories, self.faces, self.suits, self._n_columns, use_cache)
        return self._single

    def copies_deck(self, use_cache: bool = True, progress: Progress | None = None) -> PreparedCopies:
        """A deck with copies' tables of value multisets and their classes (cached on disk, and
        kept for this object's life: :mod:`~cpoly.games.videopoker.prepare.copytables`); a cold
        preparation reports to ``progress``.

        When no literal tells the suits apart, only the classes' representatives are classified;
        otherwise (or when the deal rejects one of them) every multiset is.
        """
        if self._copies is None and self.suit_literals == []:
            classify = self._class_classifier(self.value_faces, self.value_suits)
            try:
                self._copies = prepare_copies(classify, self.value_faces, self.value_suits, self.copies,
                                              self._n_columns, use_cache, self._definition_key, progress)
            except _RestrictedDeal:
                pass
        if self._copies is None:
            self._copies = prepare_copies(self.categories(use_cache), self.value_faces, self.value_suits,
                                          self.copies, self._n_columns, use_cache, progress=progress)
        return self._copies

    def variant(self, use_cache: bool = True) -> PlayVariant:
        """How the game's deals are played: chosen once, by :attr:`kind`, from
        :data:`~cpoly.games.videopoker.play.variant.VARIANTS` (and kept for this object's life)."""
        if self._variant is None:
            self._variant = VARIANTS[self.kind].make(self, use_cache)
        return self._variant

    @property
    def _n_columns(self) -> int:
        return len(self.game.category_names) + 1

    def _prepare_by_classes(self, use_cache: bool) -> PreparedGame | None:
        """The suit-class preparation, or None when it does not apply (copies, suits told apart,
        an unusual deck, or a deal that rejects some hand of the deck)."""
        blocks = self._suit_blocks
        if blocks is None:
            return None
        classify = self._class_classifier(self.faces, self.suits)
        where, key = prepared_file(self, self.suit_classes_key(blocks))
        try:
            return prepare_from_file(classify, blocks, self.faces, self._n_columns, key, use_cache, where,
                                     lambda: game_meta(self, blocks))
        except _RestrictedDeal:
            return None

    def _class_classifier(self, faces: np.ndarray, suits: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        """The category of each row of cards of ``(faces, suits)`` whose suit classes stand for
        every hand (class representatives): the checks stored from them, and
        :class:`_RestrictedDeal` raised when the deal rejects one."""
        ignore = frozenset(self.position_dependent)

        def classify(rows: np.ndarray) -> np.ndarray:
            classes, rejected, odd = classify_rows(self.game, rows, faces, suits, ignore)
            if rejected.any():
                raise _RestrictedDeal
            self._store_checks(rejected[:0], odd)
            return classes

        return classify

    def suit_classes_key(self, blocks: SuitBlocks) -> str:
        """The cache key of the game's suit-class preparation (its definitions, its deck and
        the blocks of interchangeable suits)."""
        return cache.entry_key("suit-classes", self._definition_key, sorted(frozenset(self.position_dependent)),
                               blocks.blocks)

    @cached_property
    def _suit_blocks(self) -> SuitBlocks | None:
        """The deck's blocks of interchangeable suits (:attr:`suit_literals`), or None."""
        literals = self.suit_literals
        return None if literals is None else SuitBlocks.of(self.faces, self.suits, literals)

    @cached_property
    def suit_literals(self) -> list[frozenset[int]] | None:
        """The suit literals of the categories and the deal, which split the deck's suits into
        blocks the engine's expressions cannot tell apart (sorted); None when they can tell
        suits apart otherwise (a δ comparing a face with a suit, or a vertex other than the
        cards')."""
        game = self.game
        if game.universe != frozenset(game.face_vertices + game.suit_vertices):
            return None
        names = {v: s.name for v, s in game.sorts.items()}
        suit_sort = names[game.suit_vertices[0]]
        if suit_sort == names[game.face_vertices[0]]:
            return None
        ignore = set(self.position_dependent)
        roots = [game.categories[n] for n in game.category_names if n not in ignore] + [game.deal]
        literals: set[frozenset[int]] = set()
        for node in postorder(roots):
            if isinstance(node, Delta):
                if len({names[v] for v in node.vertices}) > 1:
                    return None
                if node.values is not None and names[node.vertices[0]] == suit_sort:
                    literals.add(node.values)
        return sorted(literals, key=sorted)

    # ---- pay tables, holds, analysis ------------------------------------------------------------
    def paytable(self, name: str | None = None) -> PayTable:
        """A pay table of the game by name (the first when None), pays in category order."""
        return self.game.paytable(name)

    @property
    def tie_rule(self) -> TieRule:
        """The game's tie rule: its ``tie_rule`` statement's, else cpoly's default.

        >>> VideoPoker.load("definitions/royal_aces_bonus.cp").tie_rule.value
        'fewest-cards'
        """
        return self.tie_rule_choice(None).rule

    def tie_rule_choice(self, asked: TieRule | str | None) -> TieRuleChoice:
        """The tie rule in effect when ``asked`` for one (None: not asked), and where it comes
        from (:func:`~cpoly.games.videopoker.hold.tiebreak.choose_tie_rule`)."""
        return choose_tie_rule(asked, self.tie_rule_statement)

    @property
    def tie_rule_statement(self) -> tuple[str, str] | None:
        """The game's ``tie_rule`` statement as its rule and where it is (``path:line:col``);
        None when the game states none.

        >>> VideoPoker.load("definitions/royal_aces_bonus.cp").tie_rule_statement
        ('fewest-cards', 'definitions/royal_aces_bonus.cp:14:1')
        """
        spec = self.game.spec
        return None if spec.tie_rule is None else (spec.tie_rule.value, str(spec.tie_rule_span))

    def hold(self, cards: Sequence[str], paytable: str | None = None,
             tie_rule: TieRule | str | None = None, use_cache: bool = True,
             progress: Progress | None = None) -> HoldResult:
        """All 32 holds of a dealt hand with exact EVs; the best marked (among equal EVs by
        ``tie_rule``, by default the game's: :attr:`tie_rule`); a deck with copies' cold
        preparation reports to ``progress``."""
        deal = self.deal_indices(cards)
        self.game.check_dealt(self.game.parse_hand(cards))
        if self.kind is DealKind.COPIES:
            self.copies_deck(use_cache, progress)  # prepared first: the checks come with it
        self.require_zero_one()
        return autohold(self.variant(use_cache), deal, self.paytable(paytable), self.tie_rule_choice(tie_rule).rule)

    def analyze(self, paytable: str | PayTable | None = None,
                tie_rule: TieRule | str | None = None, progress: Progress | None = None,
                use_cache: bool = True) -> GameAnalysis:
        """The game's return under optimal play, exact; ``paytable`` is a name of the game's
        pay tables (default: the first) or a :class:`PayTable` of one's own, ``tie_rule`` by
        default the game's (:attr:`tie_rule`)."""
        table = paytable if isinstance(paytable, PayTable) else self.paytable(paytable)
        if self.kind is DealKind.COPIES:
            self.copies_deck(use_cache, progress)
        variant = self.variant(use_cache)
        self.require_zero_one()
        self.require_unrestricted_deal()
        analysis = analyze(variant, table, self.tie_rule_choice(tie_rule).rule, progress)
        self.require_paid(analysis.deal_counts[:-1])
        return analysis

    def require_paid(self, paid: Sequence[int]) -> None:
        """An error when a category with deals is never paid (each of its deals a higher win
        listed before it), from the deals of each category the analysis found
        (:func:`~cpoly.count.swallowed.never_paid`)."""
        error = never_paid(self.game, paid)
        if error is not None:
            raise error


class _RestrictedDeal(Exception):
    """The deal rejects some class representative: every hand is classified instead."""

