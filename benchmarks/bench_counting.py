"""Deal table of Jacks or Better from its .cp file: the pattern engine against brute force.

Run: python3 benchmarks/bench_counting.py [--dense]

Side by side, in one run:
  * cpoly count, cold: a fresh process that parses the .cp file and counts every category,
    both columns (including higher wins, and paid);
  * the same table warm (second call in one process, parser and DAG already built);
  * checking every one of the 2,598,960 hands (vectorised evaluation of the categories on
    concrete cards) and histogramming, the "enumerate the deals" approach;
  * the dense oracle (every one of 52^5 * 4^5 assignments of the ten vertices) for one
    category (Flush), and with --dense for the whole table (minutes).
"""

from __future__ import annotations

import argparse
import itertools
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
JACKS = ROOT / "definitions" / "jacks_or_better.cp"


def timed(action):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def cold_cli() -> float:
    command = [sys.executable, "-m", "cpoly", "count", str(JACKS), "--json"]
    seconds, _ = timed(lambda: subprocess.run(command, check=True, capture_output=True))
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dense", action="store_true", help="also run the dense oracle on every row")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from cpoly.api import deal_table, dense_count, load_game

    cold = min(cold_cli() for _ in range(3))
    game = load_game(JACKS)
    deal_table(game)
    warm, table = timed(lambda: deal_table(game))
    assert table.total == 2_598_960

    deck = [(f, s) for f in range(13) for s in range(4)]

    def enumerate_all() -> np.ndarray:
        hands = np.array(list(itertools.combinations(deck, 5)), dtype=np.int8)
        return np.bincount(game.classify(hands) + 1)

    enumerate_seconds, histogram = timed(enumerate_all)
    assert histogram[1 + game.category_names.index("Flush")] == 5_108
    dense_one, flush = timed(lambda: dense_count(game, game.categories["Flush"], 10**9))
    assert flush == 5_148 * 120
    rows = [
        ("cpoly count, cold process (parse + whole table)", cold),
        ("cpoly deal_table, warm (whole table)", warm),
        ("check all 2,598,960 hands, vectorised", enumerate_seconds),
        ("dense oracle, one category (Flush)", dense_one),
    ]
    if args.dense:
        def dense_table() -> None:
            for name in game.category_names:
                dense_count(game, game.categories[name], 10**9)
                dense_count(game, game.paid_form(name), 10**9)
        rows.append(("dense oracle, whole table", timed(dense_table)[0]))
    else:
        rows.append(("dense oracle, whole table (18 counts, estimated)", dense_one * 18))
    print(f"{'method':<52} {'seconds':>9} {'ratio to cold':>14}")
    for label, seconds in rows:
        print(f"{label:<52} {seconds:>9.3f} {seconds / cold:>13.1f}x")


if __name__ == "__main__":
    main()
