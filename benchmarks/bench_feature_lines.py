"""Ultimate X on one and three lines, exact, side by side with the base game's cold ``analyze``.

Run: python3 benchmarks/bench_feature_lines.py [LINES ...]   (default: 1 3)

* base: ``cpoly analyze definitions/ultimate_x_jacks_or_better.cp --json`` in a new process
  with an empty cache (the base 8/6 Jacks or Better, cold);
* the single-line solver (``analyze_ultimate_x``) and the multi-line solver over the totals
  (``analyze_ultimate_x_lines``) with the game's multiplier table on ``LINES`` lines, warm
  tables, each timed with its preparation; ratios to the cold base analysis.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

from cpoly_process import cold_seconds

from cpoly.games.videopoker.feature.ultimatex import analyze_ultimate_x
from cpoly.games.videopoker.feature.ultimatexlines import analyze_ultimate_x_lines
from cpoly.games.videopoker.game import VideoPoker

ROOT = Path(__file__).resolve().parent.parent
PATH = str(ROOT / "definitions" / "ultimate_x_jacks_or_better.cp")


def main(lines: list[int]) -> None:
    base = cold_seconds(["analyze", PATH, "--json"])
    game = VideoPoker.load(PATH)
    feature = game.game.spec.features[0]
    print(f"{'what':<34}{'seconds':>10}{'x base':>9}  return")
    print(f"{'base analyze, cold':<34}{base:>10.1f}{1:>9.1f}")
    start = time.perf_counter()
    one = analyze_ultimate_x(game.single_deck(), game.paytable(), feature)
    took = time.perf_counter() - start
    print(f"{'ultimate_x, 1 line':<34}{took:>10.1f}{took / base:>9.1f}  {float(one.expected_return):.6f}")
    for n in lines:
        start = time.perf_counter()
        found = analyze_ultimate_x_lines(game.single_deck(), game.paytable(), replace(feature, lines=n))
        took = time.perf_counter() - start
        print(f"{f'ultimate_x over totals, {n} lines':<34}{took:>10.1f}{took / base:>9.1f}  "
              f"{float(found.expected_return):.6f}  ({len(found.states)} totals, {found.iterations} rounds)")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1, 3])
