"""Seven-card counting (definitions/holdem.cp): each category of the best five of seven,
counted by equality patterns with the face/suit decoupling, one process, warm parser.

Run: python3 benchmarks/bench_seven.py

Prints per category the count (including higher wins) and the seconds (wall and CPU).  The
issue's goal is the whole deal table (paid column included) in <= 10 s; today the table's
pay-only-the-highest overlaps and 0/1 checks of the exclusive-sum Straight and StraightFlush
are over the table budget (see the closing note of issue 21), so this times the counts alone.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOLDEM = ROOT / "definitions" / "holdem.cp"
INCLUDING_HIGHER = {"RoyalFlush": 4_324, "StraightFlush": 41_584, "FourOfAKind": 224_848,
                    "FullHouse": 3_514_992, "Flush": 4_089_228, "Straight": 6_454_272,
                    "ThreeOfAKind": 10_287_472, "TwoPair": 35_638_512, "OnePair": 105_669_616,
                    "HighCard": 133_784_560}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from cpoly.api import load_game

    game = load_game(HOLDEM)
    wall, cpu = time.perf_counter(), time.process_time()
    print(f"{'category':<14} {'ways incl. higher':>18} {'wall s':>8} {'cpu s':>8}")
    for name in game.category_names:
        w, c = time.perf_counter(), time.process_time()
        ways = game.plan.count(game.categories[name], name)
        assert ways == INCLUDING_HIGHER[name], (name, ways)
        print(f"{name:<14} {ways:>18,} {time.perf_counter() - w:>8.2f} {time.process_time() - c:>8.2f}")
    print(f"{'all categories':<14} {'':>18} {time.perf_counter() - wall:>8.2f} {time.process_time() - cpu:>8.2f}")


if __name__ == "__main__":
    main()
