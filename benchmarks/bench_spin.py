"""Spin Poker's exact variance against a cold base analysis, side by side in one run, ratios printed.

* ``cpoly analyze definitions/jacks_or_better.cp`` (9/6) with an empty cache: the base line;
* ``cpoly analyze definitions/spin_poker_jacks_or_better.cp --json`` with an empty cache: the same
  analysis plus the spin variance (the base game's holds, the superset pay tables, every deal class);
* the same again with the cache it filled (the variance read back);
* with ``--base DIR`` (another checkout of cpoly, e.g. ``git archive 5bd4f47 | tar -x -C DIR``, the
  gathers for every ``M_m``): its cold Spin Poker analyze too, the ratio of the two, and whether
  their figures agree exactly.

The standard deviations per line for 1..9 lines are printed beside the Wizard of Odds' simulated
ones (Spin Poker page: 194,010,000 deals, two decimals) and the deal classes per number of
discards.  CPU time is printed beside the wall time (a shared machine inflates wall times); the
ratios are of CPU time.

Run: python3 benchmarks/bench_spin.py [--base DIR]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from cpoly_process import run

ROOT = Path(__file__).resolve().parent.parent
DEFINITIONS = ROOT / "definitions"
#: Wizard of Odds, Spin Poker: standard deviation per hand on the draw, 9/6 Jacks or Better, 1..9 lines.
WIZARD_SD_PER_LINE = (4.42, 4.64, 4.82, 5.40, 5.90, 6.25, 6.55, 6.89, 7.28)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, metavar="DIR", help="a base checkout to compare the cold analyze with")
    base_root = parser.parse_args().base
    spin = ["analyze", str(DEFINITIONS / "spin_poker_jacks_or_better.cp"), "--json"]
    with tempfile.TemporaryDirectory() as base_cache, tempfile.TemporaryDirectory() as spin_cache:
        base = run(["analyze", str(DEFINITIONS / "jacks_or_better.cp"), "--paytable", "9/6"], base_cache)
        cold = run(spin, spin_cache)
        warm = run(spin, spin_cache)
    rows = [("analyze 9/6 Jacks or Better (cold cache)", base), ("analyze with Spin Poker (cold cache)", cold),
            ("analyze with Spin Poker (warm cache)", warm)]
    if base_root is not None:
        with tempfile.TemporaryDirectory() as other_cache:
            other = run(["analyze", str(base_root / "definitions" / "spin_poker_jacks_or_better.cp"), "--json"],
                        other_cache, base_root)
        rows.append((f"the same, cold, with {base_root.name}", other))
    print(f"{'':<42} {'wall s':>8} {'cpu s':>8}   ratio (cpu) to the base")
    for label, measured in rows:
        print(f"{label:<42} {measured[0]:8.2f} {measured[1]:8.2f}   x{measured[1] / base[1]:.2f}")
    if base_root is not None:
        same = json.loads(other[2])["features"][0]["by_lines"] == json.loads(cold[2])["features"][0]["by_lines"]
        print(f"cold Spin Poker, {base_root.name} over this checkout: x{other[1] / cold[1]:.2f} CPU; "
              f"the figures {'agree exactly' if same else 'DIFFER'}")
    found = json.loads(cold[2])["features"][0]
    assert found == json.loads(warm[2])["features"][0], "the cached variance differs from the computed one"
    print(f"deal classes by cards discarded: {found['deal_classes_by_discards']}")
    print(f"{'lines':>5} {'sd per line':>12} {'Wizard (sim.)':>14} {'ratio':>7} {'sd per total bet':>17}")
    for row, wizard in zip(found["by_lines"], WIZARD_SD_PER_LINE):
        sd = row["standard_deviation_per_line"]
        print(f"{row['lines']:>5} {sd:12.4f} {wizard:14.2f} {sd / wizard:7.4f} {row['standard_deviation_per_total_bet']:17.4f}")


if __name__ == "__main__":
    main()
