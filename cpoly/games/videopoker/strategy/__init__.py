"""Strategy charts of video-poker games: hold patterns read from the game's own categories
(:mod:`.patterns`, worded by :mod:`.names`), the chart order searched on the full analysis'
per-class hold EVs (:mod:`.search`), and the chart's exact figures and exceptions
(:mod:`.chart`).  Charts in a player's words: what a player sees in each hold
(:mod:`.holdfeatures`), the phrases (:mod:`.words`), chart files (:mod:`.chartfile`) and their
exact play (:mod:`.wordchart`); :mod:`.collected` holds what all of them are built from.  ``docs/strategy.md`` explains the method.

Imports: cpoly.errors, cpoly.deck, cpoly.lang, cpoly.games.videopoker.game, cpoly.games.videopoker.hold, cpoly.games.videopoker.prepare, cpoly.games.videopoker.play
"""

from cpoly.games.videopoker.strategy.chart import (
    DEFAULT_LINES,
    ChartLine,
    ExceptionGroup,
    StrategyChart,
    build_strategy,
)

__all__ = ["DEFAULT_LINES", "ChartLine", "ExceptionGroup", "StrategyChart", "build_strategy"]
