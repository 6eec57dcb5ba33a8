"""The equity methods of every showdown, by name: the registry the planner prices.

As opt_einsum keeps its path strategies in one table, each showdown
(:func:`~cpoly.games.holdem.showdown.showdown_of`) has one :class:`~cpoly.games.holdem.planner.MethodSet`
here: a name, a ``price(deal, request)`` and a ``run(deal, request, plan, progress)`` per method.
Hold'em and short deck (the best five of seven) register runouts, holdings, known hands (no
NumPy) and Monte Carlo; Omaha
registers its holdings, listed, wide and Monte Carlo.  A new game's methods are one more entry
(:func:`register`), not a second pipeline.

>>> sorted(REGISTRY), [m.name for m in REGISTRY["omaha"].exact]
(['holdem', 'omaha'], ['holdings', 'listed', 'wide'])
>>> from cpoly.games.holdem.deal import make_deal
>>> tally, holdings = exact_tally(make_deal(["AsAh", "KsKh"], "2c 7d 9h"), "runouts")
>>> tally.boards, holdings
(990, 1)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.planner import MethodSet, Progress, Request
from cpoly.games.holdem.shares import Counts

if TYPE_CHECKING:
    from cpoly.games.holdem.tally import Tally

__all__ = ["REGISTRY", "exact_tally", "methods_for", "register"]


class _Registry(Mapping[str, MethodSet]):
    """Showdown name -> its methods; the built-in games' modules are imported when their game is
    first asked for (a Hold'em question never loads Omaha's methods)."""

    def __init__(self, built_in: dict[str, tuple[str, str]]) -> None:
        self.built_in = built_in
        self.loaded: dict[str, MethodSet] = {}

    def __getitem__(self, name: str) -> MethodSet:
        if name not in self.loaded:
            module, attribute = self.built_in[name]
            self.loaded[name] = getattr(importlib.import_module(module), attribute)
        return self.loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter({**self.built_in, **self.loaded})

    def __len__(self) -> int:
        return len({**self.built_in, **self.loaded})


#: Each showdown's methods, by the showdown's name.
REGISTRY = _Registry({"holdem": ("cpoly.games.holdem.sevenmethods", "SEVEN_CARD_METHODS"),
                      "omaha": ("cpoly.games.holdem.omaha", "OMAHA_METHODS")})


def register(showdown: str, methods: MethodSet) -> None:
    """Register (or replace) the methods of the showdown called ``showdown``."""
    REGISTRY.loaded[showdown] = methods


def methods_for(deal: Deal) -> MethodSet:
    """The methods of the deal's game."""
    name = deal.showdown.name
    if name not in REGISTRY:
        raise CpolyInputError(f"{deal.rules.title}: no equity methods for its showdown {name!r}")
    return REGISTRY[name]


def exact_tally(deal: Deal, method: str, flushes: bool = True,
                progress: Progress | None = None) -> tuple[Tally | Counts, int]:
    """The exact tally of ``deal`` by the exact method called ``method`` and the number of joint
    holdings (for tests and benchmarks that compare methods; ``flushes`` is Hold'em's)."""
    count = methods_for(deal).get(method).count
    if count is None:
        raise CpolyInputError(f"{method!r} is not an exact method")
    return count(deal, Request(exact=True, flushes=flushes), progress)
