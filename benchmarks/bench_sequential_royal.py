"""Sequential Royal 9/6: the ordered full-game analysis against playing every ordered deal.

Run: python3 benchmarks/bench_sequential_royal.py

* cpoly: ``VideoPoker.analyze`` (deal classes, events, ordering counts), cold (new process,
  empty cache) and warm (tables loaded, a second pay table);
* peer "every ordering": the same exact autohold (``VideoPoker.hold``) applied to each of the
  311,875,200 ordered deals, timed on a random sample and extrapolated;
* peer "ordered draws": brute force over the ordered draws of every hold of one deal, timed on
  a sample of draws and extrapolated to a whole deal ((47)_k draws per hold), then to the game.
"""

from __future__ import annotations

import random
import time
from itertools import permutations
from math import comb, perm
from pathlib import Path

import numpy as np
from cpoly_process import cold_seconds

from cpoly.games.videopoker.game import VideoPoker

ROOT = Path(__file__).resolve().parent.parent
PATH = str(ROOT / "definitions" / "sequential_royal.cp")
DEALS = perm(52, 5)


def every_ordering(poker: VideoPoker, sample: int = 300) -> float:
    """Seconds per ordered deal of exact autohold, one deal at a time."""
    rng = random.Random(1)
    names = [poker.card_name(c) for c in range(52)]
    deals = [rng.sample(names, 5) for _ in range(sample)]
    start = time.perf_counter()
    for deal in deals:
        poker.hold(deal)
    return (time.perf_counter() - start) / sample


def ordered_draws(poker: VideoPoker, sample: int = 200_000) -> float:
    """Seconds per ordered draw when each final ordered hand is classified by the engine."""
    deal = poker.deal_indices(["Th", "Jh", "2c", "3d", "9s"])
    rest = [c for c in range(52) if c not in deal]
    finals = []
    for drawn in permutations(rest, 3):
        finals.append(deal[:2] + list(drawn))
        if len(finals) == sample:
            break
    hands = np.array(finals)
    start = time.perf_counter()
    poker.game.classify(np.stack([poker.faces[hands], poker.suits[hands]], axis=2))
    return (time.perf_counter() - start) / sample


def main() -> None:
    poker = VideoPoker.load(PATH)
    poker.analyze("9/6")
    start = time.perf_counter()
    value = poker.analyze("8/5").expected_return
    warm = time.perf_counter() - start
    cold = cold_seconds(["analyze", PATH, "--json"])
    per_deal = every_ordering(poker)
    per_draw = ordered_draws(poker)
    draws_per_deal = sum(comb(5, k) * perm(47, k) for k in range(6))
    rows = [
        ("cpoly analyze, cold (new process)", cold),
        ("cpoly analyze, warm (second table)", warm),
        ("peer: exact autohold of every ordered deal", per_deal * DEALS),
        ("peer: every ordered draw of every deal", per_draw * draws_per_deal * DEALS),
    ]
    print(f"Sequential Royal 8/5 return {float(value):.6f}")
    print(f"{'method':<46}{'seconds':>16}{'x cpoly warm':>16}")
    for name, seconds in rows:
        print(f"{name:<46}{seconds:>16,.1f}{seconds / warm:>16,.0f}")
    print(f"(peers extrapolated: {per_deal * 1e3:.2f} ms per ordered deal, "
          f"{per_draw * 1e9:.0f} ns per ordered draw, {draws_per_deal:,} draws per deal)")


if __name__ == "__main__":
    main()
