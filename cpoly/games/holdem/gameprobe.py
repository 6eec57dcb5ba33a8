"""A Hold'em game's rules derived from its loaded ``.cp`` game and checked against it (the
derivation :mod:`~cpoly.games.holdem.gamefile` describes; a cold load only: a warm one recalls the
rules without NumPy or the engine).

>>> from cpoly.api import load_program
>>> from cpoly.count.compiledgame import Game
>>> from cpoly.games.holdem.gamefile import DEFAULT_GAME
>>> rules = derive_rules(Game.from_program(load_program(DEFAULT_GAME)), str(DEFAULT_GAME))
>>> rules.names[-1], len(rules.windows), rules.hole_cards
('royal flush', 10, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.holdem.rules import KIND_NAMES, GameRules, Kind, window_top
from cpoly.games.holdem.strengths import category_codes, evaluate

if TYPE_CHECKING:
    from cpoly.count.compiledgame import Game

__all__ = ["STANDARD_RANKS", "derive_rules"]

STANDARD_RANKS = "23456789TJQKA"
IntArray = npt.NDArray[np.int64]
_RANDOM_CHECKS = 3000

#: Multiplicities of the cards that make each rank-only kind (then single kickers).
_PATTERNS = {Kind.HIGH_CARD: [1] * 5, Kind.PAIR: [2, 1, 1, 1], Kind.TWO_PAIR: [2, 2, 1],
             Kind.TRIPS: [3, 1, 1], Kind.FULL_HOUSE: [3, 2], Kind.QUADS: [4, 1]}


def derive_rules(game: Game, source: str) -> GameRules:
    """The rules of a loaded :class:`~cpoly.count.compiledgame.Game`, checked against its categories."""
    hole, used = _hole_rule(game, source)
    probe = _Probe(game, source)
    windows = probe.windows()
    codes = probe.codes(windows)
    masks = tuple(sorted((sum(1 << probe.ranks[v] for v in w) for w in windows), key=window_top))
    rules = GameRules(game.spec.title, source, probe.ranks, masks, codes, hole, used)
    probe.check(rules)
    return rules


def _hole_rule(game: Game, source: str) -> tuple[int, int | None]:
    constants = game.program.constants
    size = game.hand_size
    if size == 7 and "HoleCards" not in constants:
        return 2, None
    hole, used = constants.get("HoleCards"), constants.get("HoleCardsUsed")
    if size == 5 and isinstance(hole, int) and isinstance(used, int) and 2 <= hole <= 6 and 0 <= used <= min(hole, 5):
        return hole, used
    raise CpolyInputError(
        f"{source}: a Hold'em game deals seven cards (two hole cards and the best five of seven), "
        f"or five cards (the five a hand plays) with constants HoleCards and HoleCardsUsed "
        f"(Omaha: HoleCards = 4, HoleCardsUsed = 2); this one deals {size}")


class _Probe:
    """Hands of the game, as ``(N, n, 2)`` face and suit values, checked by the game itself."""

    def __init__(self, game: Game, source: str) -> None:
        self.game, self.source = game, source
        self.size = game.hand_size
        faces = game.sorts[game.face_vertices[0]].size
        suits = game.sorts[game.suit_vertices[0]].size
        if suits != 4:
            raise CpolyInputError(f"{source}: a Hold'em game has 4 suits, this one has {suits}")
        letters = game.spec.ranks
        if not isinstance(faces, int) or len(letters) != faces:
            raise CpolyInputError(f"{source}: the game has {faces} faces but {len(letters)} rank "
                                  f"letters ({letters!r}): declare ranks \"...\" with one letter per face")
        unknown = [ch for ch in letters if ch.upper() not in STANDARD_RANKS]
        if unknown:
            raise CpolyInputError(f"{source}: rank letter {unknown[0]!r} is not one of {STANDARD_RANKS}")
        self.ranks = tuple(STANDARD_RANKS.index(ch.upper()) for ch in letters)
        if list(self.ranks) != sorted(set(self.ranks)) or len(self.ranks) < 5:
            raise CpolyInputError(f"{source}: the ranks {letters!r} must be at least five, each once, "
                                  f"lowest first (as in {STANDARD_RANKS})")
        self.faces = faces

    # ---- checking --------------------------------------------------------------------------
    def first_hit(self, hands: IntArray) -> IntArray:
        """Index of the first category in the file's order that is 1 on each hand."""
        return np.asarray(self.game.classify(hands, check_deal=False), dtype=np.int64)

    def values(self, hands: IntArray, name: str) -> npt.NDArray[np.bool_]:
        """Whether category ``name`` is 1 on each hand (the others ignored)."""
        names = self.game.category_names
        hit = self.game.classify(hands, check_deal=False, ignore=frozenset(set(names) - {name}))
        return np.asarray(hit == names.index(name))

    def text(self, hand: IntArray) -> str:
        return " ".join(STANDARD_RANKS[self.ranks[f]] + "hdcs"[s] for f, s in hand)

    # ---- the straights ---------------------------------------------------------------------
    def _five_ranks(self, values: Sequence[int]) -> list[tuple[int, int]]:
        """Five distinct face values, padded to the hand size with copies of the lowest ones
        (no other rank appears); suits spread so no five match."""
        faces = list(values) + list(values[:self.size - 5])
        return [(f, j % 4) for j, f in enumerate(faces)]

    def windows(self) -> list[frozenset[int]]:
        """The sets of five face values the game's straight accepts."""
        sets = list(combinations(range(self.faces), 5))
        hands = np.array([self._five_ranks(s) for s in sets], dtype=np.int64)
        found: dict[str, tuple[bool, ...]] = {}
        for name in self.game.category_names:
            hit = self.values(hands, name)
            if hit.any() and not hit.all():
                found[name] = tuple(bool(x) for x in hit)
        if len(set(found.values())) > 1:
            raise CpolyInputError(f"{self.source}: categories {', '.join(found)} tell five distinct "
                                  "ranks apart in different ways; a Hold'em game has one straight")
        if not found:
            return []
        pattern = next(iter(found.values()))
        return [frozenset(s) for s, hit in zip(sets, pattern) if hit]

    # ---- one hand of each kind -------------------------------------------------------------
    def _distinct(self, count: int, windows: list[frozenset[int]]) -> list[int] | None:
        for values in combinations(range(self.faces - 1, -1, -1), count):
            if not any(w <= set(values) for w in windows):
                return list(values)
        return None

    def representatives(self, windows: list[frozenset[int]]) -> dict[Kind, list[IntArray]]:
        """Hands of each kind that hold nothing the game could rank higher (kinds that cannot be
        dealt in this deck are missing)."""
        extra = self.size - 5
        reps: dict[Kind, list[IntArray]] = {}
        for kind, pattern in _PATTERNS.items():
            counts = pattern + [1] * extra
            values = self._distinct(len(counts), windows)
            if values is not None:
                faces = [v for v, k in zip(values, counts) for _ in range(k)]
                reps[kind] = [np.array([(f, j % 4) for j, f in enumerate(faces)], dtype=np.int64)]
        values = self._distinct(self.size, windows)
        if values is not None:
            reps[Kind.FLUSH] = [np.array([(f, 0 if j < 5 else 1 + (j - 5) % 3)
                                          for j, f in enumerate(values)], dtype=np.int64)]
        for window in sorted(windows, key=lambda w: window_top(sum(1 << self.ranks[v] for v in w))):
            others = [v for v in range(self.faces) if v not in window][:extra]
            faces = sorted(window) + others
            for kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
                suited = kind is Kind.STRAIGHT_FLUSH
                suits = [0 if suited and j < 5 else (1 + (j - 5) % 3 if suited else j % 4)
                         for j in range(len(faces))]
                reps.setdefault(kind, []).append(np.array(list(zip(faces, suits)), dtype=np.int64))
        return reps

    def codes(self, windows: list[frozenset[int]]) -> tuple[int, ...]:
        """Each kind's hand code: its category's place in the file's order, from the bottom."""
        names = self.game.category_names
        reps = self.representatives(windows)
        index: dict[Kind, int] = {}
        for kind, hands in reps.items():
            hits = self.first_hit(np.stack(hands))
            if (hits == len(names)).any():
                raise CpolyInputError(f"{self.source}: no category holds {self.text(hands[0])} "
                                      f"({KIND_NAMES[kind]}); a Hold'em game ranks every hand")
            if kind is Kind.STRAIGHT_FLUSH and len(set(hits[:-1].tolist())) <= 1 and hits[-1] != hits[0]:
                index[Kind.ROYAL_FLUSH] = int(hits[-1])
                hits = hits[:-1]
            if len(set(hits.tolist())) != 1:
                raise CpolyInputError(f"{self.source}: the {KIND_NAMES[kind]}es "
                                      f"{self.text(hands[0])} and {self.text(hands[-1])} are in "
                                      "different categories")
            index[kind] = int(hits[0])
        index.setdefault(Kind.ROYAL_FLUSH, index.get(Kind.STRAIGHT_FLUSH, len(names)))
        return self._ordered(index, names)

    def _ordered(self, index: dict[Kind, int], names: list[str]) -> tuple[int, ...]:
        by_category: dict[int, Kind] = {}
        for kind in sorted(index):
            if kind is Kind.ROYAL_FLUSH and index[kind] == index.get(Kind.STRAIGHT_FLUSH):
                continue
            if index[kind] in by_category:
                raise CpolyInputError(f"{self.source}: {KIND_NAMES[by_category[index[kind]]]} and "
                                      f"{KIND_NAMES[kind]} are one category ({names[index[kind]]}); "
                                      "the evaluator needs them apart")
            by_category[index[kind]] = kind
        unused = [name for i, name in enumerate(names) if i not in by_category]
        if unused:
            raise CpolyInputError(f"{self.source}: category {unused[0]} is none of the poker "
                                  f"categories ({', '.join(KIND_NAMES)}), which a Hold'em game ranks")
        order = sorted(by_category, reverse=True)  # the last listed category is code 1
        codes = [0] * len(Kind)
        for code, position in enumerate(order, start=1):
            codes[by_category[position]] = code
        for kind in Kind:
            if kind not in index:
                codes[kind] = 0  # not dealt in this deck
        codes[Kind.ROYAL_FLUSH] = codes[Kind.ROYAL_FLUSH] or codes[Kind.STRAIGHT_FLUSH]
        if codes[Kind.ROYAL_FLUSH] not in (codes[Kind.STRAIGHT_FLUSH], codes[Kind.STRAIGHT_FLUSH] + 1):
            raise CpolyInputError(f"{self.source}: the royal flush's category must come right "
                                  "above the straight flush's")
        return tuple(codes)

    # ---- the generated evaluator against the file ------------------------------------------
    def check(self, rules: GameRules) -> None:
        """Every probe and a few thousand random hands: the evaluator's category (best five of
        the hand) must be the file's."""
        windows = [frozenset(v for v in range(self.faces) if m >> self.ranks[v] & 1) for m in rules.windows]
        probes = [h for hands in self.representatives(windows).values() for h in hands]
        rng = np.random.default_rng(0)
        deck = np.array([(f, s) for f in range(self.faces) for s in range(4)], dtype=np.int64)
        picks = np.argsort(rng.random((_RANDOM_CHECKS, len(deck))), axis=1)[:, :self.size]
        hands = np.concatenate([np.stack(probes), deck[picks]])
        cards = 4 * np.asarray(self.ranks)[hands[:, :, 0]] + hands[:, :, 1]
        ours = category_codes(evaluate(cards, rules), rules)
        names = self.game.category_names
        theirs = len(names) - self.first_hit(hands)
        wrong = np.flatnonzero(ours != theirs)
        if len(wrong):
            hand = hands[wrong[0]]
            file_says = names[len(names) - theirs[wrong[0]]] if theirs[wrong[0]] > 0 else "none"
            raise CpolyError(f"{self.source}: the categories are not a poker ranking cpoly can generate: "
                             f"{self.text(hand)} is {file_says} in the file but "
                             f"{rules.names[ours[wrong[0]] - 1]} by the best five cards")
