"""A strategy chart written in a player's words: one rule per line, best first.

``#`` starts a comment; blank lines are skipped; ``or`` joins phrases on one line; qualifiers
follow the phrase after a comma or "with".  The phrases are those :mod:`.words` writes:

.. code-block:: text

    royal flush                      # made hands: the game's category words, "high pair"
    4 to a royal flush
    two pair
    low pair
    4 to an outside straight
    3 to a straight flush (type 1)
    suited QJ or KQJ unsuited        # exact ranks
    2 high cards                     # or "one high card", "2 suited high cards"
    4 to a flush, one deuce          # wild cards held, by the game's wild face
    draw five

A line that does not read is an error at its line and column:

>>> words = Vocabulary(("royal flush", "straight"), -1, "23456789TJQKA", False, "")
>>> parse_chart("4 to a royal flush\\nlow pair or 4 to a stright\\n", "mine.txt", words)
Traceback (most recent call last):
...
cpoly.errors.CpolyError: unknown category 'stright' (the game has: royal flush, straight)
>>> [line.rules[0] for line in parse_chart("low pair  # keep it\\n", "c.txt", words)]
[Rule(kind=3, count=None, category=None, wild=None, high=None, straight=None, sftype=None, faces=None, suited=None)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from cpoly.errors import CpolyError, Span
from cpoly.games.videopoker.strategy.holdfeatures import DRAW, HIGH_CARDS, LOW_PAIR, MADE, NOTHING, WILD
from cpoly.games.videopoker.strategy.words import NUMBERS, RANKS, Rule, Vocabulary

__all__ = ["ChartRule", "parse_chart", "parse_phrase"]

_NUMBER = r"(no|one|two|three|four|five|\d)"
_WILD = re.compile(rf"{_NUMBER} (deuces?|wild cards?)")
_HIGH = re.compile(rf"{_NUMBER} (suited |unsuited )?high cards?")
_DRAW = re.compile(r"(\d) to an? (outside |inside )?(.+?)(?: \(type (\d)\))?")
_SEPARATOR = re.compile(r"\s*,\s*|\s+with\s+")
_OR = re.compile(r"\s+or\s+")


@dataclass(frozen=True)
class ChartRule:
    """One line of a chart: its text, its phrases (any one matches) and its line number."""

    text: str
    rules: tuple[Rule, ...]
    line: int


class _Unread(Exception):
    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column, self.message = column, message


def _number(word: str) -> int:
    return NUMBERS.index(word) if word in NUMBERS else int(word)


def parse_chart(text: str, path: str, words: Vocabulary) -> list[ChartRule]:
    """The rules of a chart file (errors point at the line and column)."""
    rules = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        start = len(body) - len(body.lstrip())
        phrases = []
        for begin, phrase in _pieces(body, _OR, start):
            try:
                phrases.append(parse_phrase(phrase, words))
            except _Unread as error:
                raise CpolyError(error.message, Span(path, number, begin + error.column + 1, line)) from None
        rules.append(ChartRule(body.strip(), tuple(phrases), number))
    if not rules:
        raise CpolyError(f"{path}: the chart has no rules (one phrase per line, best first)")
    return rules


def _pieces(text: str, separator: re.Pattern[str], start: int = 0) -> list[tuple[int, str]]:
    """``text[start:]`` cut at ``separator``: each piece with its column in ``text``.

    >>> _pieces("  a or bb", _OR, 2)
    [(2, 'a'), (7, 'bb')]
    """
    cuts = list(separator.finditer(text, start))
    bounds = [start] + [cut.end() for cut in cuts]
    ends = [cut.start() for cut in cuts] + [len(text)]
    return [(begin, text[begin:end]) for begin, end in zip(bounds, ends)]


def parse_phrase(text: str, words: Vocabulary) -> Rule:
    """One phrase and its qualifiers (raises ``_Unread`` with the column of the trouble)."""
    pieces = _pieces(text, _SEPARATOR)
    rule = _head(pieces[0][1].strip().lower(), words)
    for column, piece in pieces[1:]:
        rule = _qualify(rule, piece.strip().lower(), column, words)
    return rule


def _head(text: str, words: Vocabulary) -> Rule:
    if text in ("draw five", "discard everything", "hold nothing", "nothing"):
        return Rule(NOTHING)
    if text == "low pair":
        return Rule(LOW_PAIR)
    if (wild := _WILD.fullmatch(text)) and words.wild_face:
        return Rule(WILD, _number(wild.group(1)))
    if (high := _HIGH.fullmatch(text)) and words.has_high:
        suited = {"suited ": True, "unsuited ": False}.get(high.group(2) or "")
        return Rule(HIGH_CARDS, _number(high.group(1)), suited=suited)
    if text == "high pair" and words.pair_category >= 0:
        return Rule(MADE, category=words.pair_category)
    if text in words.categories:
        return Rule(MADE, category=words.categories.index(text))
    if ranks := _ranks(text, words):
        return ranks
    if draw := _DRAW.fullmatch(text):
        name = draw.group(3)
        if name not in words.categories:
            raise _Unread(draw.start(3), f"unknown category '{name}' (the game has: {', '.join(words.categories)})")
        straight = (draw.group(2) or "").strip() or None
        sftype = int(draw.group(4)) if draw.group(4) else None
        return Rule(DRAW, int(draw.group(1)), category=words.categories.index(name), straight=straight,
                    sftype=sftype)
    raise _Unread(0, f"cannot read '{text}': write e.g. 'royal flush', '4 to a flush', 'low pair', 'suited QJ', "
                     "'KQJ unsuited', 'one high card', 'draw five'")


def _ranks(text: str, words: Vocabulary) -> Rule | None:
    letters = re.escape(words.ranks.lower())
    found = (re.fullmatch(rf"suited ([{letters}]{{2,3}})", text) or re.fullmatch(rf"(?:unsuited )([{letters}]{{2,3}})", text)
             or re.fullmatch(rf"([{letters}]{{2,3}}) (suited|unsuited)", text))
    if found is None:
        return None
    faces = tuple(sorted((words.ranks.lower().index(c) for c in found.group(1)), reverse=True))
    suited = text.startswith("suited") or text.endswith(" suited")
    return Rule(RANKS, len(faces), faces=faces, suited=suited)


def _qualify(rule: Rule, text: str, column: int, words: Vocabulary) -> Rule:
    if (wild := _WILD.fullmatch(text)) and words.wild_face:
        return replace(rule, wild=_number(wild.group(1)))
    if (high := re.fullmatch(rf"{_NUMBER} high cards?", text)) and words.has_high:
        return replace(rule, high=_number(high.group(1)))
    if (kind := re.fullmatch(r"type (\d)", text)) and rule.kind == DRAW:
        return replace(rule, sftype=int(kind.group(1)))
    raise _Unread(column, f"cannot read the qualifier '{text}': write e.g. '2 high cards', "
                          f"'{NUMBERS[1]} {words.wild_words[0]}', 'type 1'")
