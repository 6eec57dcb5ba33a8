"""What a game prepares before any pay table, kept on disk: the category of every hand, the deal
classes and the tables of every subset's category counts.

:mod:`.classify` (every hand's category, by the engine), :mod:`.tables` (per-subset category
counts, and the 32 holds read from them: the inclusion-exclusion on NumPy arrays),
:mod:`.subsetrows` (the tables stacked, and where each held subset of many deals is),
:mod:`.prepared` (a single deck's deal classes and tables: :class:`PreparedGame`),
:mod:`.classprep` (the same from the suit classes alone, in the prepared-game file),
:mod:`.multiset` and :mod:`.copytables` (a deck with copies of each card: value multisets),
:mod:`.cache` (the on-disk cache entries).

Imports: cpoly.errors, cpoly.deck, cpoly.scale, cpoly.store, cpoly.count, cpoly.games.videopoker.hold
"""

__all__: list[str] = []
