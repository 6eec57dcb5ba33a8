"""Full-game analysis and autohold of 9/6 Jacks or Better from its .cp file, side by side.

Run: python3 benchmarks/bench_videopoker.py

* cpoly analyze, cold: a fresh process and an empty cache (parse, classify all 2,598,960 hands
  through the engine, subset tables, 134,459 deal classes x 32 holds);
* cpoly analyze, warm: a fresh process, second pay table (8/5), cache filled by the cold run;
* cpoly hold, warm: a fresh process, one deal, and the same call in-process;
* peer, brute-force autohold: the straightforward method — for one deal enumerate every draw
  of every hold and check each final hand (vectorised through the engine) — and the full game
  extrapolated from it to the 134,459 deal classes.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
JACKS = str(ROOT / "definitions" / "jacks_or_better.cp")
DEAL = ["Ah", "Kh", "Qh", "5c", "5d"]


def run(args: list[str], cache: str) -> float:
    env = {**os.environ, "CPOLY_CACHE_DIR": cache}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cpoly", *args], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def brute_force_hold(poker, deal_cards) -> float:  # type: ignore[no-untyped-def]
    """Seconds to enumerate all draws of all 32 holds of one deal and classify them."""
    game = poker.game
    deal = game.parse_hand(deal_cards)
    deck = [(int(f), int(s)) for f, s in zip(poker.faces, poker.suits)]
    rest = [c for c in deck if c not in deal]
    start = time.perf_counter()
    for mask in range(32):
        held = [deal[i] for i in range(5) if mask >> i & 1]
        draws = np.array(list(itertools.combinations(rest, 5 - len(held))), dtype=np.int64)
        hands = np.concatenate([np.broadcast_to(np.array(held, dtype=np.int64).reshape(1, -1, 2),
                                                (len(draws), len(held), 2)),
                                draws.reshape(len(draws), -1, 2)], axis=1)
        np.bincount(game.classify(hands, check_deal=False) + 1)
    return time.perf_counter() - start


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from cpoly.games.videopoker.game import VideoPoker

    with tempfile.TemporaryDirectory() as cache:
        cold = run(["analyze", JACKS, "--paytable", "9/6", "--json"], cache)
        warm = run(["analyze", JACKS, "--paytable", "8/5", "--json"], cache)
        hold_process = run(["hold", JACKS, *DEAL, "--json"], cache)
        os.environ["CPOLY_CACHE_DIR"] = cache
        poker = VideoPoker.load(JACKS)
        poker.hold(DEAL)
        start = time.perf_counter()
        poker.hold(DEAL)
        hold_in_process = time.perf_counter() - start
    brute = brute_force_hold(poker, DEAL)
    rows = [
        ("cpoly analyze 9/6, cold (new process, empty cache)", cold),
        ("cpoly analyze 8/5, warm (new process, cached)", warm),
        ("cpoly hold, new process (cached tables)", hold_process),
        ("cpoly hold, in process (tables loaded)", hold_in_process),
        ("peer: brute-force autohold of one deal", brute),
        ("peer: brute-force full game (x134,459 classes, est.)", brute * 134_459),
    ]
    print(f"{'method':<56} {'seconds':>12} {'ratio to cold':>14}")
    for label, seconds in rows:
        print(f"{label:<56} {seconds:>12.3f} {seconds / cold:>13.2f}x")


if __name__ == "__main__":
    main()
