"""Spin Poker's exact variance against a cold base analysis, side by side in one run, ratios printed.

* ``cpoly analyze definitions/jacks_or_better.cp`` (9/6) with an empty cache: the base line;
* ``cpoly analyze definitions/spin_poker_jacks_or_better.cp --json`` with an empty cache: the same
  analysis plus the spin variance (the base game's holds, the superset pay tables, every deal class);
* the same again with the cache it filled (the variance read back);
* with ``--base DIR`` (another checkout of cpoly, e.g. ``git archive HEAD | tar -x -C DIR`` of main):
  its cold Spin Poker analyze too, the ratio of the two, and whether their figures agree exactly;
  with ``--repeat N`` the two cold runs alternate N times (this checkout, the base, this, …) and
  the medians are compared (a shared machine's load falls on both alike).

The standard deviations per line for 1..9 lines are printed beside the Wizard of Odds' simulated
ones (Spin Poker page: 194,010,000 deals, two decimals) and the deal classes per number of
discards.  CPU time is printed beside the wall time (a shared machine inflates wall times); the
ratios are of CPU time.

Run: python3 benchmarks/bench_spin.py [--base DIR] [--repeat N]
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
    parser.add_argument("--repeat", type=int, default=1, metavar="N", help="cold runs of each checkout, alternating")
    options = parser.parse_args()
    base_root, repeat = options.base, max(1, options.repeat)
    spin = ["analyze", str(DEFINITIONS / "spin_poker_jacks_or_better.cp"), "--json"]
    with tempfile.TemporaryDirectory() as base_cache, tempfile.TemporaryDirectory() as spin_cache:
        base = run(["analyze", str(DEFINITIONS / "jacks_or_better.cp"), "--paytable", "9/6"], base_cache)
        colds, others = [], []
        for _ in range(repeat):
            colds.append(_cold(spin, ROOT))
            if base_root is not None:
                others.append(_cold(["analyze", str(base_root / "definitions" / "spin_poker_jacks_or_better.cp"),
                                     "--json"], base_root))
        cold = _median(colds)
        run(spin, spin_cache)
        warm = run(spin, spin_cache)
    runs = f" (median of {repeat})" if repeat > 1 else ""
    rows = [("analyze 9/6 Jacks or Better (cold cache)", base), (f"analyze with Spin Poker (cold cache){runs}", cold),
            ("analyze with Spin Poker (warm cache)", warm)]
    if base_root is not None:
        other = _median(others)
        rows.append((f"the same, cold, with {base_root.name}{runs}", other))
    print(f"{'':<52} {'wall s':>8} {'cpu s':>8}   ratio (cpu) to the base")
    for label, measured in rows:
        print(f"{label:<52} {measured[0]:8.2f} {measured[1]:8.2f}   x{measured[1] / base[1]:.2f}")
    if base_root is not None:
        same = all(json.loads(o[2])["features"][0]["by_lines"] == json.loads(c[2])["features"][0]["by_lines"]
                   for o, c in zip(others, colds))
        print(f"cold Spin Poker, {base_root.name} over this checkout: x{other[1] / cold[1]:.2f} CPU; "
              f"the figures {'agree exactly' if same else 'DIFFER'}")
    found = json.loads(cold[2])["features"][0]
    assert found == json.loads(warm[2])["features"][0], "the cached variance differs from the computed one"
    print(f"deal classes by cards discarded: {found['deal_classes_by_discards']}")
    print(f"{'lines':>5} {'sd per line':>12} {'Wizard (sim.)':>14} {'ratio':>7} {'sd per total bet':>17}")
    for row, wizard in zip(found["by_lines"], WIZARD_SD_PER_LINE):
        sd = row["standard_deviation_per_line"]
        print(f"{row['lines']:>5} {sd:12.4f} {wizard:14.2f} {sd / wizard:7.4f} {row['standard_deviation_per_total_bet']:17.4f}")


def _cold(args: list[str], root: Path) -> tuple[float, float, str]:
    """``run`` of ``args`` in the checkout ``root`` with an empty cache of its own."""
    with tempfile.TemporaryDirectory() as cache:
        return run(args, cache, root)


def _median(runs: list[tuple[float, float, str]]) -> tuple[float, float, str]:
    """The run of the median CPU time (the lower middle one of an even count)."""
    return sorted(runs, key=lambda measured: measured[1])[(len(runs) - 1) // 2]


if __name__ == "__main__":
    main()
