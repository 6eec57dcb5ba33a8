"""Ultimate X on one and several lines, side by side with the base game's cold ``analyze``, and the
multi-line solve in this process beside the same solve on a local Dask cluster.

Run: python3 benchmarks/bench_feature_lines.py [LINES ...] [--workers N]   (default: 1 3)

* base: ``cpoly analyze definitions/ultimate_x_jacks_or_better.cp --json`` in a new process
  with an empty cache (the base 8/6 Jacks or Better, cold);
* the single-line solver (``analyze_ultimate_x``) and the multi-line solver over the totals
  (``analyze_ultimate_x_lines``) with the game's multiplier table on ``LINES`` lines, warm
  tables, each timed with its preparation; ratios to the cold base analysis;
* with ``--workers N``: each multi-line solve again on a ``LocalCluster`` of ``N`` workers
  (``analyze --workers N``'s passes: the workers load the game from the cache; the cluster's
  start is timed), its ratio to the in-process solve, and whether the results are identical.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from functools import partial
from pathlib import Path

from cpoly_process import cold_seconds

from cpoly.cli.daskoptions import prepared_from_cache
from cpoly.games.videopoker.feature.linesdask import LinesOnDask, WorkerJob, job_key
from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x
from cpoly.games.videopoker.feature.ultimatexlines import UltimateXLinesAnalysis, analyze_ultimate_x_lines
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.features import UltimateX
from cpoly.scale.daskclient import dask_client

ROOT = Path(__file__).resolve().parent.parent
PATH = str(ROOT / "definitions" / "ultimate_x_jacks_or_better.cp")


def _row(what: str, took: float, base: float, tail: str = "") -> None:
    print(f"{what:<40}{took:>10.1f}{took / base:>9.1f}  {tail}", flush=True)


def _on_dask(game: VideoPoker, feature: UltimateX, workers: int) -> UltimateXLinesAnalysis:
    prepared, table = game.single_deck(), game.paytable()
    job = WorkerJob(partial(prepared_from_cache, PATH, True), table, feature, job_key(prepared, table, feature))
    with dask_client(None, workers) as client:
        return analyze_ultimate_x_lines(prepared, table, feature, passes=LinesOnDask(client, job))


def main(lines: list[int], workers: int | None) -> None:
    base = cold_seconds(["analyze", PATH, "--json"])
    game = VideoPoker.load(PATH)
    feature = game.game.spec.features[0]
    assert isinstance(feature, UltimateX)
    print(f"{'what':<40}{'seconds':>10}{'x base':>9}  return")
    _row("base analyze, cold", base, base)
    start = time.perf_counter()
    one = analyze_ultimate_x(game.single_deck(), game.paytable(), feature)
    _row("ultimate_x, 1 line", time.perf_counter() - start, base, f"{float(one.expected_return):.6f}")
    for n in lines:
        wide = replace(feature, lines=n)
        start = time.perf_counter()
        here = analyze_ultimate_x_lines(game.single_deck(), game.paytable(), wide)
        alone = time.perf_counter() - start
        _row(f"ultimate_x over totals, {n} lines", alone, base,
             f"{float(here.expected_return):.6f}  ({len(here.states)} totals, {here.iterations} rounds)")
        if workers:
            start = time.perf_counter()
            found = _on_dask(game, wide, workers)
            took = time.perf_counter() - start
            _row(f"  the same on Dask, {workers} workers", took, base,
                 f"{float(found.expected_return):.6f}  x in process {took / alone:.2f}; identical: {found == here}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lines", nargs="*", type=int, default=[1, 3])
    parser.add_argument("--workers", type=int, help="also solve each on a LocalCluster of N workers")
    options = parser.parse_args()
    main(options.lines, options.workers)
