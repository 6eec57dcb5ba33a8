"""Seed 000's search: the Hold'em hands whose preflop equities are most nearly equal, proven.

Pass 1 (:mod:`.nf`) ranks every unsuited tuple without flushes, pass 2 (:mod:`.suitings`,
:mod:`.bounds`) lists the suitings that flush bounds cannot exclude, pass 3 (:mod:`.exact`)
evaluates them exactly; :mod:`.run` ties them together on :mod:`cpoly.scale.chunks`.
See ``docs/search.md``.
"""

from cpoly.games.holdem.search.run import Found, SearchResult, search

__all__ = ["Found", "SearchResult", "search"]
