"""Where ``cpoly analyze`` and ``cpoly sweep`` get a game from: the warm path (its hold file
and suit-class cache entry, :mod:`~cpoly.games.videopoker.warmanalysis`, without loading the
game) or the loaded game (:class:`~cpoly.games.videopoker.game.VideoPoker`).

Both answer the same questions through one :class:`GameSource`: the title, the categories, the
warnings, a pay table by name, the tie rule in effect (:func:`~cpoly.cli.tieflag.choose_tie_rule`), the analysis of
any pay table (the preparation done once), and the prepared game of a single unordered deck for
the features built on its hold values.
Imports are light: a warm run never loads the parser or the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cpoly.cli.output import echo
from cpoly.cli.tieflag import TieRuleChoice, choose_tie_rule

if TYPE_CHECKING:
    from cpoly.games.videopoker.prepare import PreparedGame
    from cpoly.games.videopoker.summary import GameAnalysis
    from cpoly.lang.paytable import PayTable

Progress = Callable[[int, int], None]
@dataclass(frozen=True)
class GameSource:
    """One game, warm or loaded.

    ``analyse(table, tie_rule, progress)`` analyses any pay table of the game's categories
    (``tie_rule`` None: the game's, :meth:`tie_rule`);
    ``plain(feature)`` is the prepared game of a single unordered deck (else an error naming
    ``feature``); ``finish()`` runs once the analysis is done (the loaded game writes its hold
    file there, as ``analyze`` always has).
    """

    title: str
    categories: tuple[str, ...]
    warnings: Callable[[], None]
    paytable: Callable[[str | None], PayTable]
    analyse: Callable[[PayTable, str | None, Progress | None], GameAnalysis]
    plain: Callable[[str], PreparedGame]
    finish: Callable[[], None]
    tie_rule_statement: Sequence[str] | None = None

    def tie_rule(self, flag: str | None) -> TieRuleChoice:
        """The tie rule in effect with ``--tie-rule flag`` (None: not given)."""
        return choose_tie_rule(flag, self.tie_rule_statement)


def game_source(path: str, use_cache: bool, paytables: tuple[str | None, ...]) -> GameSource:
    """The warm source when the cache can answer for every table of ``paytables``, else the
    loaded game."""
    warm = warm_source(path, paytables) if use_cache else None
    return warm if warm is not None else loaded_source(path, use_cache)


def warm_source(path: str, paytables: tuple[str | None, ...]) -> GameSource | None:
    """The game prepared from its hold file and cache entry; None (having printed nothing) when
    the slow path must answer, also when one of ``paytables`` is not there (it explains)."""
    from cpoly.games.videopoker import warmanalysis

    warm = warmanalysis.open_analysis(path, paytables[0])
    if warm is None:
        return None
    tables = {table.name: table for table in (warm.paytable, *warm.paytables)}
    try:
        choose_tie_rule(None, warm.tie_rule)
    except (IndexError, TypeError, ValueError):
        return None
    if any(name is not None and name not in tables for name in paytables[1:]):
        return None

    def paytable(name: str | None) -> PayTable:
        return warm.paytable if name == paytables[0] else tables[str(name)]

    def analyse(table: PayTable, tie_rule: str | None, progress: Progress | None) -> GameAnalysis:
        from cpoly.games.videopoker.analysis import analyze_prepared

        return analyze_prepared(warm.prepared, table, choose_tie_rule(tie_rule, warm.tie_rule).rule, progress)

    def warnings() -> None:
        for line in warm.warnings:
            echo(line, error=True)

    return GameSource(warm.title, warm.categories, warnings, paytable, analyse, lambda _: warm.prepared,
                      lambda: None, warm.tie_rule)


def loaded_source(path: str, use_cache: bool) -> GameSource:
    """The game loaded from its ``.cp`` file (parsed, or from its snapshot)."""
    from cpoly.cli.output import print_warnings
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.holdstore import store_hold_file
    from cpoly.games.videopoker.holdvalues import plain_prepared, require_plain_game

    poker = VideoPoker.load(path, use_cache=use_cache)

    def analyse(table: PayTable, tie_rule: str | None, progress: Progress | None) -> GameAnalysis:
        return poker.analyze(table, tie_rule, progress, use_cache=use_cache)

    def plain(feature: str) -> PreparedGame:
        require_plain_game(poker.game.spec.ordered, poker.copies, feature)
        prepared = plain_prepared(poker.prepared(use_cache), feature)
        poker.require_zero_one()
        poker.require_unrestricted_deal()
        return prepared

    def finish() -> None:
        if use_cache:
            store_hold_file(poker, path)

    return GameSource(poker.game.spec.title, tuple(poker.game.category_names),
                      lambda: print_warnings(poker.game.program.warnings), poker.paytable, analyse, plain,
                      finish, poker.tie_rule_statement)
