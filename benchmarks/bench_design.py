"""`cpoly design`: pay tables analysed per second on this machine's 2 cores, in this process and
on a Dask LocalCluster of 2 workers, against the goal (>= 10 tables/s in process for Jacks or
Better), printed as ratios; the two runs' tables are checked equal.

Run: python3 benchmarks/bench_design.py [FILE[:PAYTABLE]] [--tables N]

Each run is a fresh `python -m cpoly design ... --json` on a cache filled beforehand (the warm
path: the pay-table-independent preparation is read, not rebuilt).  The rate is the family's
size over the run's wall time, start-up included (and, on Dask, the cluster's start and each
worker's own loading of the game), so it is what a user sees; CPU time of the child (user +
system, the Dask workers included) is printed beside it, since a shared machine inflates wall
times.  The family varies FullHouse, Flush and Straight (N tables, 240 by default).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from cpoly_process import run

ROOT = Path(__file__).resolve().parent.parent
GOAL_TABLES_PER_SECOND = 10.0
FAMILIES = {  # tables: the --vary ranges (FullHouse x Flush x Straight)
    60: ["FullHouse=5..9", "Flush=4..6", "Straight=2..5"],
    240: ["FullHouse=5..9", "Flush=3..8", "Straight=1..8"],
    960: ["FullHouse=3..10", "Flush=3..8", "Straight=1..20"],
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="jacks_or_better.cp")
    parser.add_argument("--tables", type=int, choices=sorted(FAMILIES), default=240)
    options = parser.parse_args()
    path, _, table = options.game.partition(":")
    common = [str(ROOT / "definitions" / path)] + (["--paytable", table] if table else [])
    family = ["--vary", *FAMILIES[options.tables], "--target", "0..2"]
    with tempfile.TemporaryDirectory() as cache:
        run(["analyze", *common], cache)  # fills the cache: both runs below are warm
        results = {}
        for name, workers in (("in process", "0"), ("LocalCluster, 2 workers", "2")):
            wall, cpu, out = run(["design", *common, *family, "--workers", workers, "--json"], cache)
            data = json.loads(out)
            assert data["family_size"] == data["analysed"] == options.tables
            results[name] = (wall, cpu, data["tables"])
    (process_wall, process_cpu, process_tables), (dask_wall, dask_cpu, dask_tables) = results.values()
    assert process_tables == dask_tables, "the LocalCluster's tables differ from the in-process ones"
    print(f"{options.game}: {options.tables} pay tables ({' '.join(FAMILIES[options.tables])}), os.cpu_count() = "
          f"{os.cpu_count()}")
    for name, (wall, cpu, _) in results.items():
        rate = options.tables / wall
        print(f"  {name:24} {wall:6.1f} s wall ({cpu:5.1f} s CPU): {rate:5.1f} tables/s "
              f"({rate / GOAL_TABLES_PER_SECOND:.2f} x the goal of {GOAL_TABLES_PER_SECOND:g}/s), "
              f"{options.tables / max(cpu, 1e-9):5.1f} tables per CPU second")
    print(f"  LocalCluster / in process: {dask_wall / process_wall:.2f} x the wall time, "
          f"{dask_cpu / max(process_cpu, 1e-9):.2f} x the CPU time; tables identical")


if __name__ == "__main__":
    main()
