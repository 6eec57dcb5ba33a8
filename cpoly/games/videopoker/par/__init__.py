"""The figures built on a game's analyses: the PAR sheet (:mod:`.sheet`, drawn by :mod:`.parpage`
and :mod:`.parplots`), other pays (:mod:`.paychange`), the return as one pay varies
(:mod:`.holdlines`, :mod:`.sweep`), pay-table design (:mod:`.design`) and multi-play variances
(:mod:`.multiplay`).

Imports: cpoly.errors, cpoly.lang, cpoly.scale, cpoly.games.videopoker.gamesource, cpoly.games.videopoker.hold, cpoly.games.videopoker.prepare, cpoly.games.videopoker.play
"""

__all__: list[str] = []
