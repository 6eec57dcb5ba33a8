"""The chart search of `cpoly strategy` against the search of an earlier commit, side by side
on the same collected data (one analysis pass), alternating runs; CPU time of the search only.

Run: python3 benchmarks/bench_strategy_search.py REV [FILE[:PAYTABLE]] [LINES ...]
(REV: a git revision whose cpoly/games/videopoker/strategy/search.py is the "before"; default
game jacks_or_better.cp:9/6, default lines 40.)
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cpoly.games.videopoker.game import VideoPoker  # noqa: E402
from cpoly.games.videopoker.strategy import search as current  # noqa: E402
from cpoly.games.videopoker.strategy.chart import StrategyData, collect  # noqa: E402

SEARCH = "cpoly/games/videopoker/strategy/search.py"
ROUNDS = 2


def before(rev: str, folder: str) -> ModuleType:
    """search.py as of ``rev``, loaded as its own module."""
    path = Path(folder) / "search_before.py"
    path.write_text(subprocess.run(["git", "show", f"{rev}:{SEARCH}"], check=True, capture_output=True,
                                   text=True, cwd=ROOT).stdout)
    spec = importlib.util.spec_from_file_location("search_before", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(module: ModuleType, game: StrategyData, lines: int) -> tuple[float, int, Fraction]:
    """CPU seconds, lines and return of one search."""
    lookup = game.entries.lookup
    floor = int(lookup[game.pattern_tables.by_subset[game.index[0, 0], 0]])
    fine = sorted(set(lookup[game.fine_patterns()].tolist()) - {-1})
    start = time.process_time()
    search, _ = module.search_chart(game.entries, fine, floor, lines)
    return time.process_time() - start, len(search.order()), Fraction(search.total(), game.denominator)


def main(rev: str, game: str, lines: list[int]) -> None:
    path, _, table = game.partition(":")
    data = collect(VideoPoker.load(str(ROOT / "definitions" / path)), table or None)
    print(f"load average {os.getloadavg()[0]:.2f}; {path} {data.paytable}; search CPU seconds, before = {rev}")
    with tempfile.TemporaryDirectory() as folder:
        old = before(rev, folder)
        for n in lines:
            for round_ in range(ROUNDS):
                t_old, l_old, r_old = timed(old, data, n)
                t_new, l_new, r_new = timed(current, data, n)
                print(f"--lines {n} round {round_ + 1}: before {t_old:6.2f} s ({l_old} lines, {float(r_old):.8f})  "
                      f"now {t_new:6.2f} s ({l_new} lines, {float(r_new):.8f})  ratio {t_new / t_old:5.2f}", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    game = args[1] if len(args) > 1 and not args[1].isdigit() else "jacks_or_better.cp:9/6"
    main(args[0], game, [int(a) for a in args[1:] if a.isdigit()] or [40])
