"""``--scheduler ADDRESS`` and ``--workers N``: the Dask options of every command that can run on
a cluster (``search``, ``design``, ``analyze``), declared and checked in one place, and the
cluster ``analyze`` solves a multi-line Ultimate X game on.

``analyze`` starts its client only when a feature asks for it (:class:`FeatureCluster`): a game
without a multi-line feature starts no cluster.  Its workers load the game from its file through
the cache (:func:`prepared_from_cache`: the prepared-game file of the definitions, by their
key), never a pickled copy.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cpoly.errors import CpolyInputError
from cpoly.store.gameset import game_overrides, given_overrides

if TYPE_CHECKING:
    from cpoly.games.videopoker.feature.linespasses import Passes
    from cpoly.games.videopoker.prepare.prepared import PreparedGame
    from cpoly.lang.features import UltimateX
    from cpoly.lang.paytable import PayTable

__all__ = ["FeatureCluster", "add_dask_options", "check_dask_options", "feature_cluster", "prepared_from_cache"]


def add_dask_options(parser: argparse.ArgumentParser, workers_help: str) -> None:
    """``--scheduler`` and ``--workers`` (``workers_help`` says what the default is)."""
    parser.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--workers", type=int, metavar="N", help=workers_help)


def check_dask_options(args: argparse.Namespace) -> None:
    """An input error for ``--workers`` below 0, or 0 (this process) with ``--scheduler``."""
    if args.workers is not None and args.workers < 0:
        raise CpolyInputError(f"--workers must be 0 or more, got {args.workers}")
    if args.workers == 0 and args.scheduler:
        raise CpolyInputError("--workers 0 runs in this process; it cannot go with --scheduler")


def prepared_from_cache(path: str, use_cache: bool, overrides: Mapping[str, int] | None = None) -> PreparedGame:
    """The prepared game of the game file ``path`` for a feature, its constants given
    ``overrides`` (``--set``): what a worker loads, read from the cache when the definitions
    are unchanged."""
    from cpoly.games.videopoker.gamesource import game_source

    with game_overrides(overrides or {}):
        return game_source(path, use_cache, (None,)).plain("a feature")


class FeatureCluster:
    """The Dask client of ``--scheduler`` / ``--workers N``, started on first use and closed with
    ``stack``, and how its workers load the game."""

    def __init__(self, args: argparse.Namespace, stack: ExitStack) -> None:
        self._args, self._stack = args, stack
        self._client: Any = None
        self.load: Callable[[], PreparedGame] = partial(prepared_from_cache, str(Path(args.file).absolute()),
                                                        not args.no_cache, given_overrides())

    @property
    def started(self) -> bool:
        """Whether anything asked for the cluster (only a multi-line Ultimate X solve does)."""
        return self._client is not None

    def client(self) -> Any:
        if self._client is None:
            from cpoly.scale.daskclient import dask_client

            self._client = self._stack.enter_context(dask_client(self._args.scheduler, self._args.workers))
        return self._client

    def lines_passes(self, prepared: PreparedGame, paytable: PayTable, feature: UltimateX) -> Passes:
        """The multi-line solver's passes on this cluster."""
        from cpoly.games.videopoker.feature.linesdask import LinesOnDask, WorkerJob, job_key

        return LinesOnDask(self.client(), WorkerJob(self.load, paytable, feature, job_key(prepared, paytable, feature)))


def feature_cluster(args: argparse.Namespace, stack: ExitStack) -> FeatureCluster | None:
    """The cluster the options ask for (checked), or None: this process."""
    check_dask_options(args)
    if args.workers == 0 or (args.workers is None and args.scheduler is None):
        return None
    return FeatureCluster(args, stack)
