"""Reading the code blocks of README.md and docs/: the fenced blocks, the ``cpoly`` commands in
them, and whether a printed line shows what the docs say it does.

>>> [kind for kind, _ in blocks_of("```sh\\ncpoly eval Ah\\n```\\ntext\\n```console\\n$ cpoly x\\n```\\n")]
['sh', 'console']
>>> shown("return … 99.5439", ["return 99.543904% (exact)"])
True
>>> figure_shown("100.7620", "return 100.761961% (exact)"), figure_shown("2,352", "2,351")
(True, False)
>>> figure_shown("99.5430", "chart return 0.995430"), figure_shown("99.5431", "chart return 0.995430")
(True, False)
>>> claimed_figures("7h7d flops a set: 2,352; 0.8 s, 850,668 boards, 97.2984 %, 127.0.0.1:8765")
['2,352', '850,668', '97.2984']
"""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
#: A figure a comment claims: a number with a thousands comma or a decimal point, not a duration
#: or a size ("0.8 s", "2.5 s", "60 MB" are the machine's, not the game's).
NUMBER = re.compile(r"\d[\d,]*\.\d+")
FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+\.\d+)(?![\d,]|\.\d)(?!\s*(?:s\b|MB|GB|min))")


def blocks_of(text: str) -> list[tuple[str, str]]:
    """The fenced blocks of a Markdown text: (info string, body)."""
    return [(m[1], m[2]) for m in FENCE.finditer(text)]


def squeeze(text: str) -> str:
    """``text`` with every run of white space one blank."""
    return " ".join(text.split())


def shown(expected: str, output: list[str]) -> bool:
    """Whether one output line contains the parts of ``expected`` (split at …) in order."""
    parts = [squeeze(p) for p in expected.split("…")]
    for line in output:
        at = 0
        for part in parts:
            at = line.find(part, at)
            if at < 0:
                break
            at += len(part)
        else:
            return True
    return False


def claimed_figures(comment: str) -> list[str]:
    """The figures a command's trailing comment claims the output shows."""
    return FIGURE.findall(comment)


def split_comment(line: str) -> tuple[str, str]:
    """A shell line and its trailing ``# comment`` (a ``#`` inside quotes is not one)."""
    quote: str | None = None
    for at, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (at == 0 or line[at - 1].isspace()):
            return line[:at].rstrip(), line[at + 1:].strip()
    return line.rstrip(), ""


def figure_shown(figure: str, output: str) -> bool:
    """Whether ``output`` shows ``figure``: as written, or a longer decimal that rounds to it
    (the docs' ``100.7620 %`` for a printed ``100.761961%``), also as a share of one
    (``99.5430 %`` for a printed ``0.995430``)."""
    if figure in output or "." not in figure:
        return figure in output
    claimed = Decimal(figure.replace(",", ""))
    printed = [Decimal(number.replace(",", "")) for number in NUMBER.findall(output)]
    return any(value.quantize(claimed, ROUND_HALF_UP) == claimed for number in printed
               for value in (number, 100 * number))
