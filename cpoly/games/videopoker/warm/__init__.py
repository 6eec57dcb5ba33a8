"""The prepared-game file and the warm answers from it: a later ``cpoly hold`` or ``cpoly
analyze`` of unchanged definitions answered without loading the game.

:mod:`.preparedfile` (the file: where it is, its header, its arrays written and read back),
:mod:`.holdfile` (where the file is and the warm ``hold``: standard library only, no NumPy, no
parser), :mod:`.warmanalysis` (the warm ``analyze``: the prepared game from the file, and the
warm :class:`~cpoly.games.videopoker.gamesource.GameSource`), :mod:`.statefile` (a feature
game's solved states, for a warm ``hold --level`` or ``--multipliers``).

Imports: cpoly.errors, cpoly.deck, cpoly.store, cpoly.lang, cpoly.count, cpoly.games.videopoker.hold, cpoly.games.videopoker.prepare, cpoly.games.videopoker.play, cpoly.games.videopoker.feature
"""

__all__: list[str] = []
