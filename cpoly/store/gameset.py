"""The constants a command gives the game it loads (``--set Suits=3``): declared once for every
command that names a game (:mod:`cpoly.cli.main`), in effect inside :func:`game_overrides`, read
by the loader (:func:`cpoly.api.load_game`) and by the processes the command starts (an
environment variable, as :func:`~cpoly.store.sources.cache_disabled`).  A warm path that answers
from files written for the game as it is written (no constant changed) refuses to answer while
constants are given.

>>> with game_overrides({"Suits": 3}):
...     given_overrides()
{'Suits': 3}
>>> given_overrides()
{}
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from cpoly.errors import CpolyInputError

__all__ = ["GAME_SET_ENV", "game_overrides", "given_overrides", "parse_overrides"]

GAME_SET_ENV = "CPOLY_SET"
_INTEGER = re.compile(r"-?[0-9]+")


def parse_overrides(items: list[str], option: str = "--set") -> dict[str, int]:
    """``["Suits=5"]`` as ``{"Suits": 5}``; a malformed item (the value in ASCII digits only:
    ``٥`` is not 5 here) or a name given twice is an input error.

    >>> parse_overrides(["Suits=5", "F[1]=-2"])
    {'Suits': 5, 'F[1]': -2}
    >>> parse_overrides(["Suits=4", "Suits=5"])
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: --set gives 'Suits' twice (Suits=4, then Suits=5): give each name once
    """
    result: dict[str, int] = {}
    for item in items:
        name, _, value = item.partition("=")
        if not name or not _INTEGER.fullmatch(value):
            raise CpolyInputError(f"{option} expects NAME=INTEGER (digits 0-9), not '{item}'")
        if name in result:
            raise CpolyInputError(f"{option} gives '{name}' twice ({name}={result[name]}, then "
                                  f"{item}): give each name once")
        result[name] = int(value)
    return result


def given_overrides() -> dict[str, int]:
    """The constants given to the game loaded now (none outside :func:`game_overrides`)."""
    text = os.environ.get(GAME_SET_ENV)
    return {str(name): int(value) for name, value in json.loads(text).items()} if text else {}


@contextmanager
def game_overrides(values: Mapping[str, int]) -> Iterator[None]:
    """``values`` given to every game loaded inside the block (nothing changes when empty),
    also by the processes started there; the environment as it was afterwards."""
    before = os.environ.get(GAME_SET_ENV)
    if values:
        os.environ[GAME_SET_ENV] = json.dumps(dict(sorted(values.items())))
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(GAME_SET_ENV, None)
        else:
            os.environ[GAME_SET_ENV] = before
