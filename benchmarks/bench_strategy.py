"""`cpoly strategy` against `cpoly analyze` of the same game, side by side (the goal: strategy
within 10x the time of analyze), and each chart's return against optimal and published charts.

Run: python3 benchmarks/bench_strategy.py [FILE[:PAYTABLE] ...]

Both commands run in fresh processes on a cache filled beforehand (categories, subset tables,
deal classes, pattern tables), so the ratio compares the work of each command; CPU time
(user + system of the child) is printed beside the wall time, since a shared machine inflates
wall times.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from cpoly_process import run

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["jacks_or_better.cp:9/6", "jacks_or_better.cp:9/5", "deuces_wild.cp:full pay", "bonus_poker.cp",
         "double_double_bonus.cp", "joker_poker.cp"]
# Published basic charts (Wizard of Odds), for the goal column.
PUBLISHED = {("Jacks or Better", "9/6"): 0.995429, ("Jacks or Better", "9/5"): 0.984482,
             ("Deuces Wild", "full pay"): 1.007575}


def main(games: list[str]) -> None:
    with tempfile.TemporaryDirectory() as cache:
        print(f"{'game':<34} {'analyze s (cpu)':>16} {'strategy s (cpu)':>17} {'ratio':>6} "
              f"{'optimal':>9} {'chart':>10} {'lines':>5} {'goal':>9}")
        for game in games:
            path, _, table = game.partition(":")
            common = [str(ROOT / "definitions" / path)] + (["--paytable", table] if table else [])
            run(["strategy", *common, "--json"], cache)          # fills every cache entry
            analyze_wall, analyze_cpu, _ = run(["analyze", *common, "--json"], cache)
            strategy_wall, strategy_cpu, out = run(["strategy", *common, "--json"], cache)
            chart = json.loads(out)
            goal = PUBLISHED.get((chart["game"], chart["paytable"]))
            print(f"{chart['game'] + ' ' + chart['paytable']:<34} {analyze_wall:7.2f} ({analyze_cpu:5.2f}) "
                  f"{strategy_wall:8.2f} ({strategy_cpu:5.2f}) {strategy_cpu / analyze_cpu:6.1f} "
                  f"{chart['optimal_return']:9.6f} {chart['chart_return']:10.7f} {len(chart['lines']):5d} "
                  f"{'' if goal is None else f'{goal:.6f}':>9}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or GAMES)
