"""Feature games against their base game, side by side in one run, ratios printed:

* Multi-Strike (``multi_strike_bonus_poker.cp``): ``cpoly analyze`` of the game with its feature
  (the base analysis and every level's full-game optimisation) against a cold ``analyze`` of the
  same game without the feature (goal: at most 5x);
* Ultimate X single line (``ultimate_x_jacks_or_better.cp``): the same (goal: at most 20x);
* ``hold`` in a state (``--level 4``, ``--multipliers 4``; the states kept by a first ``hold``)
  against a warm ``hold`` of the base game (goal: at most 2x);
* peak memory (the child's maximum resident set) of each against its base.

Run: python3 benchmarks/bench_features.py

Every command runs in a fresh process; "cold" is an empty cache directory (the game prepared,
its deal classes built), "warm" the cache filled by the commands before.  The base game is the
game file with its ``feature`` statement left out.  CPU time is printed beside the wall time
(a shared machine inflates wall times); the ratios are of CPU time.  Each feature run's return is
checked against the Wizard of Odds' figure.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFINITIONS = ROOT / "definitions"
DEAL = ["Ah", "Kh", "Qh", "9d", "9c"]
#: The child prints its peak resident set (kB) on stderr as it exits.
CHILD = ("import atexit, resource, runpy, sys; atexit.register(lambda: sys.stderr.write("
         "'MAXRSS %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)); "
         "sys.argv = ['cpoly', *sys.argv[1:]]; runpy.run_module('cpoly', run_name='__main__', alter_sys=True)")
CASES = [  # game, state option, goal for the full analysis, what its return must round to
    ("multi_strike_bonus_poker.cp", ["--level", "4"], 5.0, ("levels", 3, "without_free_ride", "15.044824")),
    ("ultimate_x_jacks_or_better.cp", ["--multipliers", "4"], 20.0, (None, None, "return", "0.985730")),
]


def run(args: list[str], cache: str) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds, peak memory (MB) and stdout of ``cpoly ARGS`` in a fresh process."""
    env = {**os.environ, "CPOLY_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
    start, cpu_start = time.perf_counter(), os.times()
    done = subprocess.run([sys.executable, "-c", CHILD, *args], check=True, capture_output=True, env=env,
                          text=True, cwd=ROOT)
    wall, cpu_end = time.perf_counter() - start, os.times()
    cpu = (cpu_end.children_user - cpu_start.children_user) + (cpu_end.children_system - cpu_start.children_system)
    peak = int(re.findall(r"MAXRSS (\d+)", done.stderr)[-1]) // 1024
    return wall, cpu, peak, done.stdout


def base_game(game: str, folder: Path) -> str:
    """The game file without its ``feature`` statement (imports made absolute)."""
    text = (DEFINITIONS / game).read_text()
    text = re.sub(r'import "([^"]+)"', lambda m: f'import "{DEFINITIONS / m.group(1)}"', text)
    text = re.sub(r"^feature .*?(?=^\S|\Z)", "", text, flags=re.MULTILINE | re.DOTALL)
    path = folder / f"base_{game}"
    path.write_text(text)
    return str(path)


def check(found: dict[str, object], expected: tuple[str | None, int | None, str, str]) -> None:
    group, index, name, figure = expected
    feature = found["features"][0]  # type: ignore[index]
    value = feature[group][index][name] if group is not None else feature[name]
    assert f"{value:.6f}" == figure, (name, value, figure)


def row(label: str, measured: tuple[float, float, int, str], base: tuple[float, float, int, str],
        goal: float | None = None) -> str:
    ratio = measured[1] / base[1]
    verdict = "" if goal is None else f"  goal <= {goal:g}x: {'met' if ratio <= goal else 'NOT met'}"
    return (f"{label:<44} {measured[0]:7.2f} {measured[1]:7.2f} {measured[2]:6d}   x{ratio:5.2f} cpu  "
            f"x{measured[2] / base[2]:4.2f} memory{verdict}")


def main() -> None:
    print(f"{'':<44} {'wall s':>7} {'cpu s':>7} {'MB':>6}   ratios to the base line above")
    for game, state, goal, expected in CASES:
        with tempfile.TemporaryDirectory() as cold_cache, tempfile.TemporaryDirectory() as base_cache, \
                tempfile.TemporaryDirectory() as folder:
            plain = base_game(game, Path(folder))
            base = run(["analyze", plain], base_cache)
            full = run(["analyze", str(DEFINITIONS / game), "--json"], cold_cache)
            check(json.loads(full[3]), expected)
            warm_base = run(["hold", plain, *DEAL], base_cache)
            run(["hold", str(DEFINITIONS / game), *DEAL, *state], cold_cache)  # solves once, keeps the states
            in_state = run(["hold", str(DEFINITIONS / game), *DEAL, *state], cold_cache)
        print(f"{game}")
        print(row("  analyze, base game (cold cache)", base, base))
        print(row("  analyze with the feature (cold cache)", full, base, goal))
        print(row("  hold, base game (warm)", warm_base, warm_base))
        print(row(f"  hold {' '.join(state)} (warm)", in_state, warm_base, 2.0))


if __name__ == "__main__":
    main()
