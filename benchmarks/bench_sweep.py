"""`cpoly sweep` of 50 royal-flush values on Jacks or Better against the goal (<= 15 s) and
against 50 `cpoly analyze --pay` runs (the same exact returns, the strategy re-solved by the
full analysis each time), side by side; `--plays` against a plain `analyze`.

Run: python3 benchmarks/bench_sweep.py [FILE[:PAYTABLE] [CATEGORY=LOW..HIGH]]

Every command runs in a fresh process on a cache filled beforehand (the warm path: the
pay-table-independent preparation is read, not rebuilt), so the sweep's time is its own work:
two pricings of every deal class, then the classes whose best hold changes in the range, once
per value.  CPU time (user + system of the child) is printed beside the wall time, since a
shared machine inflates wall times.  The sweep's returns are checked against the analyses'.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from cpoly_process import run

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 15.0
POINTS = 50


def main(game: str, span: str) -> None:
    path, _, table = game.partition(":")
    common = [str(ROOT / "definitions" / path)] + (["--paytable", table] if table else [])
    category = span.partition("=")[0]
    with tempfile.TemporaryDirectory() as cache:
        cold, cold_cpu, _ = run(["analyze", *common], cache)
        sweep_wall, sweep_cpu, out = run(["sweep", *common, span, "--points", str(POINTS), "--json"], cache)
        sweep = json.loads(out)
        analyses_wall = analyses_cpu = 0.0
        for point in sweep["points"]:
            wall, cpu, out = run(["analyze", *common, "--pay", f"{category}={point['value_exact']}", "--json"],
                                 cache)
            analyses_wall, analyses_cpu = analyses_wall + wall, analyses_cpu + cpu
            assert json.loads(out)["return_exact"] == point["return_exact"], point
        plain_wall, plain_cpu, _ = run(["analyze", *common], cache)
        plays_wall, plays_cpu, _ = run(["analyze", *common, "--plays", "1", "3", "5", "10", "50", "100"], cache)
    print(f"{game} {span}: {POINTS} values, {len(sweep['turning_points'])} turning points, break-even "
          f"{sweep['break_even']['value']}")
    print(f"{'':<38} {'wall s':>8} {'cpu s':>8}")
    print(f"{'first analyze (cold cache)':<38} {cold:8.2f} {cold_cpu:8.2f}")
    print(f"{'sweep, ' + str(POINTS) + ' values':<38} {sweep_wall:8.2f} {sweep_cpu:8.2f}")
    print(f"{str(POINTS) + ' x analyze --pay (warm)':<38} {analyses_wall:8.2f} {analyses_cpu:8.2f}")
    print(f"{'analyze (warm)':<38} {plain_wall:8.2f} {plain_cpu:8.2f}")
    print(f"{'analyze --plays 1 3 5 10 50 100 (warm)':<38} {plays_wall:8.2f} {plays_cpu:8.2f}")
    print(f"sweep / goal ({GOAL_SECONDS:.0f} s): {sweep_wall / GOAL_SECONDS:.2f} (wall), "
          f"{sweep_cpu / GOAL_SECONDS:.2f} (cpu)")
    print(f"sweep / {POINTS} analyses: {sweep_wall / analyses_wall:.3f} (wall), {sweep_cpu / analyses_cpu:.3f} (cpu)")
    print(f"analyze --plays / analyze: {plays_wall / plain_wall:.2f} (wall), {plays_cpu / plain_cpu:.2f} (cpu)")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(arguments[0] if arguments else "jacks_or_better.cp:8/5",
         arguments[1] if len(arguments) > 1 else "RoyalFlush=800..2000")
