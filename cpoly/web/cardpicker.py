"""``python -m cpoly.web.cardpicker FILE``: what the video-poker page needs to draw a game's card picker.

Prints one JSON object: the game's title, its categories in pay order, whether deals are
ordered, the copies of each card and the physical cards of its deck by name (face-major, each
copy listed), as the CLI reads them.  Errors exactly as the CLI renders them, exit code 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker

__all__ = ["deck_json", "main"]


def deck_json(path: str) -> dict[str, Any]:
    """The deck description of the game in ``path``.

    >>> from cpoly.web.games import DEFAULT_DEFINITIONS
    >>> deck = deck_json(str(DEFAULT_DEFINITIONS / "jacks_or_better.cp"))
    >>> deck["title"], len(deck["cards"]), deck["cards"][:2], deck["cards"][-1]
    ('Jacks or Better', 52, ['2h', '2d'], 'As')
    """
    poker = VideoPoker.load(path)
    spec = poker.game.spec
    return {"title": spec.title, "categories": list(poker.game.category_names),
            "ordered": spec.ordered, "copies": poker.copies,
            "cards": [poker.card_name(i) for i in range(poker.n_cards)]}


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m cpoly.web.cardpicker FILE", file=sys.stderr)
        return 2
    try:
        print(json.dumps(deck_json(argv[0])))
    except CpolyError as error:
        print(error.render(), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
