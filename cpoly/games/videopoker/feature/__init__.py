"""Video-poker features solved on the base analysis, one analysis engine with many value vectors
(:mod:`.lattices`): Multi-Strike levels by backward induction (:mod:`.multistrike`), Ultimate X
multipliers by policy iteration (:mod:`.ultimatex`), multiplier layers and wheels (:mod:`.layers`).
The features themselves are data of the game section (:mod:`cpoly.lang.features`).

Imports: cpoly.errors, cpoly.deck, cpoly.lang, cpoly.scale, cpoly.games.videopoker.hold, cpoly.games.videopoker.prepare, cpoly.games.videopoker.play
"""

__all__: list[str] = []
