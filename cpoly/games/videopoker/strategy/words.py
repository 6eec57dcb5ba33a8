"""Chart lines in a player's words: "royal flush", "4 to an outside straight", "low pair",
"suited QJ", "KQJ unsuited", "one deuce", "3 to a straight flush (type 1)".

A :class:`Rule` is one such phrase: a family of holds (:data:`.holdfeatures.KINDS`, or exact ranks)
and the qualifiers that narrow it.  It is written (:meth:`Vocabulary.render`), read back
(:mod:`.chartfile`) and matched against the hold features (:func:`matches`); the words come
from the game (:class:`Vocabulary`): its category names split into words ("FourOfAKind" ->
"four of a kind"), "high pair" for the category a natural pair of paying rank makes, its rank
letters, and its wild face ("deuce" for wild twos, else "wild card").

>>> words = Vocabulary(("royal flush", "straight", "jacks or better"), 2, "23456789TJQKA", True, "")
>>> words.render(Rule(DRAW, 4, category=1, straight="outside"))
'4 to an outside straight'
>>> words.render(Rule(RANKS, 3, faces=(11, 10, 9), suited=False))
'KQJ unsuited'
>>> words.render(Rule(MADE, category=2))
'high pair'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from cpoly.games.videopoker.strategy.holdfeatures import DRAW, HIGH_CARDS, LOW_PAIR, MADE, NOTHING, WILD, HoldFeatures

__all__ = ["NUMBERS", "RANKS", "Rule", "Vocabulary", "category_words", "matches"]

#: A rule naming the exact ranks held (of the high-card or draw families).
RANKS = 7
#: Counts in words, as players write them.
NUMBERS = ("no", "one", "two", "three", "four", "five")


def category_words(name: str) -> str:
    """A category's name in words.

    >>> category_words("FourOfAKind"), category_words("TwoPair")
    ('four of a kind', 'two pair')
    """
    return " ".join(part.lower() for part in re.findall(r"[A-Z][a-z]*|[a-z]+|\d+", name))


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _count(n: int, singular: str, plural: str) -> str:
    return f"{NUMBERS[n] if n < len(NUMBERS) else n} {singular if n == 1 else plural}"


@dataclass(frozen=True)
class Rule:
    """One phrase: a family (``kind``) and qualifiers (None = any).

    ``count`` is the cards held (the wild cards of a ``WILD`` rule); ``category`` the made
    category or the draw's; ``straight`` "outside"/"inside"; ``sftype`` the straight-flush
    draw type; ``faces`` the exact natural faces (highest first) of a ``RANKS`` rule.
    """

    kind: int
    count: int | None = None
    category: int | None = None
    wild: int | None = None
    high: int | None = None
    straight: str | None = None
    sftype: int | None = None
    faces: tuple[int, ...] | None = None
    suited: bool | None = None


@dataclass(frozen=True)
class Vocabulary:
    """A game's words: category words (pay order), the paying-pair category (-1 = none), the
    rank letter of each face, whether it has paying ranks, and its wild face's letter."""

    categories: tuple[str, ...]
    pair_category: int
    ranks: str
    has_high: bool
    wild_face: str

    @property
    def wild_words(self) -> tuple[str, str]:
        return ("deuce", "deuces") if self.wild_face == "2" else ("wild card", "wild cards")

    def category(self, index: int) -> str:
        return "high pair" if index == self.pair_category else self.categories[index]

    def render(self, rule: Rule) -> str:
        """The phrase of ``rule``."""
        text = self._head(rule)
        if rule.high is not None:
            text += f", {rule.high} high card" + ("" if rule.high == 1 else "s")
        if rule.wild is not None and rule.kind != WILD:
            text += ", " + _count(rule.wild, *self.wild_words)
        return text

    def _head(self, rule: Rule) -> str:
        if rule.kind == NOTHING:
            return "draw five"
        if rule.kind == WILD:
            return _count(rule.count or 0, *self.wild_words)
        if rule.kind == MADE:
            return self.category(rule.category or 0)
        if rule.kind == LOW_PAIR:
            return "low pair"
        if rule.kind == RANKS:
            letters = "".join(self.ranks[f] for f in rule.faces or ())
            return f"suited {letters}" if rule.suited else f"{letters} unsuited"
        if rule.kind == HIGH_CARDS:
            suited = {True: "suited ", False: "unsuited ", None: ""}[rule.suited]
            if rule.count == 1:
                return f"one {suited}high card"
            return f"{rule.count} {suited}high cards"
        target = " ".join(w for w in (rule.straight, self.categories[rule.category or 0]) if w)
        kind = f" (type {rule.sftype})" if rule.sftype is not None else ""
        return f"{rule.count} to {_article(target)} {target}{kind}"

    def levels(self, row: dict[str, int], sftype: int) -> list[Rule]:
        """The rules naming a hold (its feature ``row``), most specific first."""
        kind, wild = row["kind"], row["wild"] if self.wild_face else None
        if kind in (NOTHING, LOW_PAIR):
            return [Rule(kind)]
        if kind == WILD:
            return [Rule(WILD, row["held"])]
        if kind == MADE:
            plain = Rule(MADE, category=row["made"])
            return [replace(plain, wild=wild), plain] if wild is not None else [plain]
        found = [self._ranks(row)] if self._names_ranks(row) else []
        if kind == HIGH_CARDS:
            return found + [Rule(HIGH_CARDS, row["held"], suited=bool(row["suited"]) if row["held"] > 1 else None)]
        if kind != DRAW:
            return found
        plain = Rule(DRAW, row["held"], category=row["head"], wild=wild)
        full = replace(plain, straight=self._straight(row), high=row["high"] if self.has_high else None,
                       sftype=sftype if self._typed(row) else None)
        return found + [full, replace(full, high=None), plain] + ([replace(plain, wild=None)] if wild is not None else [])

    def _names_ranks(self, row: dict[str, int]) -> bool:
        naturals = row["held"] - row["wild"]
        return (row["wild"] == 0 and 2 <= naturals <= 3 and row["distinct"] == 1
                and (row["high"] == naturals or (row["head"] == 0 and row["suited"] == 1)))

    @staticmethod
    def _ranks(row: dict[str, int]) -> Rule:
        faces = tuple(f for f in range(62, -1, -1) if row["mask"] >> f & 1)
        return Rule(RANKS, len(faces), faces=faces, suited=bool(row["suited"]))

    @staticmethod
    def _straight(row: dict[str, int]) -> str | None:
        if row["held"] != 4 or row["distinct"] != 1 or row["suited"] == 1 or row["gaps"] < 0:
            return None
        return "outside" if row["gaps"] == 0 else "inside"

    @staticmethod
    def _typed(row: dict[str, int]) -> bool:
        return bool(row["held"] in (3, 4) and row["suited"] == 1 and row["distinct"] == 1 and row["gaps"] >= 0
                    and row["head"] != 0 and row["held"] - row["wild"] >= 2)


def matches(rule: Rule, features: HoldFeatures) -> np.ndarray:
    """bool per feature row: the hold is one ``rule`` names."""
    f = features
    if rule.kind == RANKS:
        mask = sum(1 << face for face in rule.faces or ())
        hit: np.ndarray = ((f["kind"] == HIGH_CARDS) | (f["kind"] == DRAW)) & (f["wild"] == 0) & (f["mask"] == mask)
        hit &= (f["held"] == len(rule.faces or ())) & (f["distinct"] == 1)
        if rule.suited is not None:
            hit &= f["suited"] == int(bool(rule.suited))
        return hit
    hit = np.asarray(f["kind"] == rule.kind)
    if rule.kind == HIGH_CARDS and rule.suited:           # suited high cards are draws too
        hit = ((hit | (f["kind"] == DRAW)) & (f["wild"] == 0) & (f["high"] == f["held"])
               & (f["distinct"] == 1))
    checks: Sequence[tuple[int | None, np.ndarray]] = (
        (rule.count, f["wild"] if rule.kind == WILD else f["held"]),
        (rule.category, f["made"] if rule.kind == MADE else f["head"]),
        (rule.wild, f["wild"]), (rule.high, f["high"]),
        (None if rule.suited is None else int(rule.suited), f["suited"]),
        (rule.sftype, f.straight_type()))
    for wanted, column in checks:
        if wanted is not None:
            hit = hit & (column == wanted)
    if rule.straight is not None:
        shape = (f["held"] == 4) & (f["distinct"] == 1) & (f["suited"] == 0) & (f["gaps"] >= 0)
        hit &= shape & ((f["gaps"] == 0) == (rule.straight == "outside"))
    if rule.sftype is not None:
        hit &= ((f["held"] == 3) | (f["held"] == 4)) & (f["suited"] == 1) & (f["distinct"] == 1) & (f["gaps"] >= 0)
    return hit
