"""Ordered games (issue 24): ``cpoly analyze`` of the three ordered games, cold and warm.

Run: python3 benchmarks/bench_ordered.py [--games double_bonus_plus ...]

For each game, every run a new process (``python3 -m cpoly analyze GAME --json`` from this
checkout, its modules byte-compiled first as a pip install does):

* cold: an empty cache (load the game, find the position-dependent categories and their
  witnesses, prepare the suit classes, analyse);
* warm: the same analysis again on the cache the cold run filled (another pay table costs the
  same: nothing of the pay table is cached).

Goals (issue 24, Double Bonus Plus; the same measure for the others): cold <= 30 s, warm <= 3 s,
printed as ratios (time / goal: at most 1 meets it).  The machine is shared, so wall time varies
with its load (printed); CPU seconds (user + system of the child, ``resource.getrusage``) are the
steadier measure of the work done.  Every run's exact return is checked against the published or
pinned figure.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = {  # name -> exact return of the first pay table (tests pin these)
    "double_bonus_plus": "5541571130741/5537008477000",
    "sequential_royal": "298338812235253/298998457758000",
    "sequential_straight_flush": None,
}
COLD_GOAL, WARM_GOAL = 30.0, 3.0


def analyze(game: str, cache: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds and exact return of one ``cpoly analyze`` in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpoly", "analyze", str(ROOT / "definitions" / f"{game}.cp"),
                           "--json"], check=True, capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "CPOLY_CACHE_DIR": cache})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, str(json.loads(done.stdout)["return_exact"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    games = parser.parse_args().games
    compileall.compile_dir(str(ROOT / "cpoly"), quiet=1)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'game':<28}{'run':<6}{'wall s':>9}{'CPU s':>9}{'wall/goal':>11}{'CPU/goal':>10}  return")
    for game in games:
        with tempfile.TemporaryDirectory() as cache:
            for label, goal in (("cold", COLD_GOAL), ("warm", WARM_GOAL)):
                wall, cpu, exact = analyze(game, cache)
                expected = GAMES[game]
                if expected is not None and exact != expected:
                    raise SystemExit(f"{game}: return {exact}, expected {expected}")
                print(f"{game:<28}{label:<6}{wall:>9.2f}{cpu:>9.2f}{wall / goal:>11.2f}{cpu / goal:>10.2f}  {exact}")
    print(f"goals: cold <= {COLD_GOAL:g} s, warm <= {WARM_GOAL:g} s (ratio <= 1 meets the goal)")


if __name__ == "__main__":
    main()
