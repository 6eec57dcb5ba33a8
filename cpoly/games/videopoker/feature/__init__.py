"""Video-poker features solved on the base analysis, one analysis engine with many value vectors
(:mod:`.lattices`): Multi-Strike levels by backward induction (:mod:`.multistrike`), Ultimate X
multipliers by policy iteration (:mod:`.ultimatex`; on several lines :mod:`.ultimatexlines`, their
variances :mod:`.linemoments`), multiplier layers and wheels (:mod:`.layers`), Spin Poker's exact
variance under the base game's holds (:mod:`.spin`, :mod:`.spintables`, :mod:`.spinvariance`).
The features themselves are data of the game section (:mod:`cpoly.lang.features`).

Imports: cpoly.errors, cpoly.deck, cpoly.scale, cpoly.lang, cpoly.games.videopoker.hold, cpoly.games.videopoker.prepare, cpoly.games.videopoker.play
"""

__all__: list[str] = []
