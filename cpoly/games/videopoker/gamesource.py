"""Where the analyses of a game (``analyze``, ``sweep``, ``design``, ``report``) get it from: the
warm path or the loaded game, behind one interface, :class:`GameSource`.

* :class:`~cpoly.games.videopoker.warm.warmanalysis.WarmSource`: the game prepared from its
  prepared-game file, without loading the game (no parser, no engine);
* :class:`LoadedSource`: the game loaded from its ``.cp`` file
  (:class:`~cpoly.games.videopoker.game.VideoPoker`, parsed or from its snapshot).

:func:`game_source` takes the warm one whenever it can answer.  Imports are light: a warm run
never loads the parser or the engine (the loaded game is imported when it is loaded).

>>> source = game_source("definitions/royal_aces_bonus.cp", use_cache=False, paytables=(None,))
>>> source.title, source.paytable(None).name
('Royal Aces Bonus Poker', '10-5')
>>> source.tie_rule(None).origin, source.tie_rule("first").origin
('definitions/royal_aces_bonus.cp:14:1', '--tie-rule')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.hold.tiebreak import TieRuleChoice
    from cpoly.games.videopoker.play.summary import GameAnalysis, Progress
    from cpoly.games.videopoker.prepare.prepared import PreparedGame
    from cpoly.lang.features import Feature
    from cpoly.lang.paytable import PayTable
    from cpoly.lang.tierule import TieRule

__all__ = ["GameSource", "LoadedSource", "game_source"]


class GameSource(Protocol):
    """One game, warm or loaded, as the analyses see it."""

    @property
    def title(self) -> str:
        """The game's title."""
        ...

    @property
    def categories(self) -> tuple[str, ...]:
        """The winning categories in pay order."""
        ...

    @property
    def warnings(self) -> tuple[str, ...]:
        """The game's warnings, rendered (``file:line:col: warning: ...``), for stderr."""
        ...

    @property
    def features(self) -> tuple[Feature, ...]:
        """The game's features (:mod:`cpoly.lang.features`), checked; the warm source has none:
        a game with a feature is answered by the loaded one."""
        ...

    def paytable(self, name: str | None) -> PayTable:
        """A pay table of the game by name (the first when None)."""
        ...

    def tie_rule(self, asked: TieRule | str | None) -> TieRuleChoice:
        """The tie rule in effect when ``asked`` for one (None: the game's, else the default),
        and where it comes from."""
        ...

    def analyse(self, table: PayTable, tie_rule: TieRule | str | None, progress: Progress | None) -> GameAnalysis:
        """Any pay table of the game's categories analysed (the preparation done once)."""
        ...

    def plain(self, feature: str) -> PreparedGame:
        """The prepared game of a plain deal (a single deck, unordered), for the features built on
        its hold values (``--plays``, ``sweep``); an error naming ``feature`` for other games."""
        ...

    def finish(self) -> None:
        """What is left to do once the analysis is done (the loaded game writes its
        prepared-game file, as ``analyze`` always has)."""
        ...


def game_source(path: str, use_cache: bool, paytables: tuple[str | None, ...]) -> GameSource:
    """The warm source when the cache can answer for every table of ``paytables`` (the first:
    the one analysed), else the loaded game."""
    if use_cache:
        from cpoly.games.videopoker.warm.warmanalysis import WarmSource

        warm = WarmSource.open(path, paytables)
        if warm is not None:
            return warm
    return LoadedSource(path, use_cache)


class LoadedSource:
    """The game loaded from its ``.cp`` file (parsed, or from its snapshot)."""

    def __init__(self, path: str, use_cache: bool) -> None:
        from cpoly.games.videopoker.game import VideoPoker

        self.path = path
        self.use_cache = use_cache
        self.poker: VideoPoker = VideoPoker.load(path, use_cache=use_cache)

    @property
    def title(self) -> str:
        return self.poker.game.spec.title

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(self.poker.game.category_names)

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(warning.render() for warning in self.poker.game.program.warnings)

    @property
    def features(self) -> tuple[Feature, ...]:
        return self.poker.game.spec.features

    def paytable(self, name: str | None) -> PayTable:
        return self.poker.paytable(name)

    def tie_rule(self, asked: TieRule | str | None) -> TieRuleChoice:
        return self.poker.tie_rule_choice(asked)

    def analyse(self, table: PayTable, tie_rule: TieRule | str | None, progress: Progress | None) -> GameAnalysis:
        return self.poker.analyze(table, tie_rule, progress, use_cache=self.use_cache)

    def plain(self, feature: str) -> PreparedGame:
        from cpoly.games.videopoker.play.variant import VARIANTS

        poker = self.poker
        VARIANTS[poker.kind].require_plain(feature)  # before any preparation
        prepared = poker.single_deck(self.use_cache)
        poker.require_zero_one()
        poker.require_unrestricted_deal()
        return prepared

    def finish(self) -> None:
        if self.use_cache:
            from cpoly.games.videopoker.warm.preparedfile import store_hold_file

            store_hold_file(self.poker, self.path)
