"""Hold patterns in words a player reads: "4 to a RoyalFlush", "JacksOrBetter, 2 cards",
"3 to a StraightFlush, 1 gap, 1 high card", "2 wild cards".

Category names are the game's own.  A qualifier is printed only when it tells patterns apart:
gaps when the head category has several levels for that many cards ("outside"/"inside" for
four cards and two levels), high cards when the game has paying ranks, side draws only when two
lines of a chart would otherwise read the same.

>>> from cpoly.games.videopoker.strategy.patterns import Pattern
>>> words = PatternWords(["RoyalFlush", "StraightFlush", "Flush"], {(4, 1): 2}, True, "")
>>> words.name(Pattern(4, -1, 1, 0, 1, 0, ()))
'4 to a StraightFlush, outside, 1 high card'
>>> words.name(Pattern(2, 2, 0, -1, 2, 0, ()))
'Flush, 2 cards'
>>> words.name(Pattern(0, -1, -1, -1, 0, 0, ()))
'draw five (hold nothing)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cpoly.games.videopoker.strategy.patterns import ANY, Pattern

__all__ = ["PatternWords"]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


@dataclass(frozen=True)
class PatternWords:
    """How a game's patterns read: its category names, gap levels, whether it has paying
    ranks (high cards) and the face letter of its wild cards (empty when none)."""

    categories: Sequence[str]
    levels: dict[tuple[int, int], int]
    has_high: bool
    wild_face: str

    def name(self, pattern: Pattern, detail: int = 0) -> str:
        """The pattern in words; ``detail`` adds that many of its side draws."""
        if pattern.held == 0:
            return "draw five (hold nothing)"
        parts = [self._head(pattern)]
        if pattern.made == -1 and pattern.head >= 0 and pattern.gaps >= 0:
            parts.append(self._gaps(pattern.held, pattern.head, pattern.gaps))
        if self.has_high and (0 <= pattern.high < pattern.held < 5 or (
                pattern.head >= 0 and pattern.made == -1 and pattern.high == pattern.held < 5)):
            parts.append(_plural(pattern.high, "high card"))
        if pattern.wild > 0 and pattern.wild < pattern.held:
            parts.append(f"{pattern.wild} wild")
        parts.extend(f"{self.categories[c]} {self._gaps(pattern.held, c, level)}"
                     for c, level in pattern.side[:detail])
        if pattern.penalty >= 0:
            parts.append("no penalty card" if not pattern.penalty else _plural(pattern.penalty, "penalty card"))
        return ", ".join(parts)

    def _head(self, pattern: Pattern) -> str:
        if pattern.wild == pattern.held > 0:
            return _plural(pattern.wild, "wild card") + (f" ({self.wild_face})" if self.wild_face else "")
        if pattern.held == ANY:
            made = "any win" if pattern.made == ANY else f"a {self.categories[pattern.made]}"
            return f"{made} (hold its best cards)"
        if pattern.made != -1:
            made = "any win" if pattern.made == ANY else self.categories[pattern.made]
            return f"{made}, " + ("all five cards" if pattern.held == 5 else f"{pattern.held} cards")
        if pattern.held == 5:
            return "all five cards (no win)"
        if pattern.head == ANY and self.has_high and pattern.high == pattern.held:
            return f"any {_plural(pattern.held, 'high card')}"
        if pattern.head < 0:
            return _plural(pattern.held, "card")
        return f"{pattern.held} to a {self.categories[pattern.head]}"

    def _gaps(self, held: int, category: int, gaps: int) -> str:
        if held == 4 and self.levels.get((held, category)) == 2:
            return "inside" if gaps else "outside"
        return _plural(gaps, "gap")

    def names(self, patterns: Sequence[Pattern]) -> list[str]:
        """Names of a chart's lines: side draws added, fewest first, until no two read alike."""
        detail = [0] * len(patterns)
        for _ in range(max((len(p.side) for p in patterns), default=0)):
            named = [self.name(p, d) for p, d in zip(patterns, detail)]
            clashes = [i for i, n in enumerate(named) if named.count(n) > 1 and detail[i] < len(patterns[i].side)]
            if not clashes:
                break
            for i in clashes:
                detail[i] += 1
        return [self.name(p, d) for p, d in zip(patterns, detail)]
