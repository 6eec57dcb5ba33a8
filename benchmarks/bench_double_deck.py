"""Full-game analysis of double-deck 9/6 Jacks or Better (104 physical cards), next to one deck.

Run: python3 benchmarks/bench_double_deck.py

* double deck, cold: a fresh process, empty cache — parse, classify all 3,748,160 dealable
  5-multisets of card values through the engine, physical-weighted multiset tables, 202,735
  suit classes of multisets x 32 holds;
* double deck, warm: a fresh process, the second pay table (8/5), cache filled by the cold run;
* double deck, hold: a fresh process, ``cpoly hold ... Ah Ah Kd Qc 2s`` (warm cache);
* single deck, cold: the same analysis of 9/6 Jacks or Better (52 cards), for the ratio;
* in-process stages of the cold double-deck analysis (no cache), to show where the time goes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOUBLE = str(ROOT / "definitions" / "double_deck_jacks.cp")
SINGLE = str(ROOT / "definitions" / "jacks_or_better.cp")
DEAL = ["Ah", "Ah", "Kd", "Qc", "2s"]


def run(args: list[str], cache: str) -> tuple[float, str]:
    env = {**os.environ, "CPOLY_CACHE_DIR": cache}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpoly", *args], check=True, capture_output=True,
                          env=env, text=True, cwd=ROOT)
    return time.perf_counter() - start, done.stdout


def stages() -> list[tuple[str, float]]:
    """Seconds per stage of an uncached double-deck analysis, in this process."""
    sys.path.insert(0, str(ROOT))
    from cpoly.deck.symmetry import suit_symmetries
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.play.copies import CopiesPlay
    from cpoly.games.videopoker.play.variant import analyze
    from cpoly.games.videopoker.prepare.copytables import PreparedCopies, build_multiset_tables
    from cpoly.games.videopoker.prepare.multiset import multiset_classes

    timings = []
    start = time.perf_counter()
    poker = VideoPoker.load(DOUBLE)
    categories = poker.categories(use_cache=False)
    timings.append(("classify 5-multisets (engine)", time.perf_counter() - start))
    start = time.perf_counter()
    maps = suit_symmetries(poker.value_faces, poker.value_suits)
    classes = multiset_classes(maps, 5, poker.copies, categories)
    timings.append(("suit classes of multisets", time.perf_counter() - start))
    start = time.perf_counter()
    n_columns = len(poker.game.category_names) + 1
    tables = build_multiset_tables(categories, len(poker.value_faces), poker.copies, n_columns,
                                   poker.value_faces)
    timings.append(("multiset subset tables", time.perf_counter() - start))
    start = time.perf_counter()
    analyze(CopiesPlay(PreparedCopies(tables, classes, maps, "", False)), poker.paytable("9/6"))
    timings.append((f"{classes.count:,} classes x 32 holds", time.perf_counter() - start))
    return timings


def main() -> None:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as single_cache:
        cold, output = run(["analyze", DOUBLE, "--paytable", "9/6", "--json"], cache)
        figures = json.loads(output)
        warm, _ = run(["analyze", DOUBLE, "--paytable", "8/5", "--json"], cache)
        hold, hold_output = run(["hold", DOUBLE, *DEAL, "--json"], cache)
        single, single_output = run(["analyze", SINGLE, "--paytable", "9/6", "--json"], single_cache)
    best = json.loads(hold_output)["best"]
    print(f"double-deck 9/6 Jacks or Better: return {figures['return']:.9f} "
          f"({figures['return_exact']}), {figures['total_combinations']:,} combinations")
    print(f"single-deck 9/6 Jacks or Better: return {json.loads(single_output)['return']:.9f}")
    print()
    rows = [
        ("double deck analyze, cold (fresh process, empty cache)", cold),
        ("double deck analyze, warm (8/5, cache filled)", warm),
        (f"double deck hold {' '.join(DEAL)} (best: {' '.join(best['held'])})", hold),
        ("single deck analyze, cold", single),
    ]
    for label, seconds in rows:
        print(f"{label:<62} {seconds:8.2f} s")
    print(f"{'ratio double / single deck, cold':<62} {cold / single:8.2f} x")
    print()
    print("stages of an uncached double-deck analysis (in process):")
    for label, seconds in stages():
        print(f"  {label:<60} {seconds:8.2f} s")


if __name__ == "__main__":
    main()
