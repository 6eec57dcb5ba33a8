"""Seven-card Hold'em counted by the engine (issue 21 §3): the whole deal table of
definitions/holdem.cp, and questions about the flop and the board with the hole cards bound.

Run: python3 benchmarks/bench_seven.py

Each command runs as ``cpoly`` would run it, in a fresh process with an empty cache folder (no
snapshot of the game, nothing remembered), and its output is checked against the published
table or the enumerated count.  Prints wall and CPU seconds per command and their ratio to the
issue's goal (the table in <= 10 s, each board question in <= 2 s): a ratio below 1 meets it.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOLDEM = "definitions/holdem.cp"
FLOP = "definitions/holdem_flop.cp"
SEVEN_SEVEN = ["--param", "H1F=5", "H1S=0", "H2F=5", "H2S=1"]  # 7h 7d
ACE_KING = ["--param", "H1F=12", "H1S=3", "H2F=11", "H2S=3"]  # As Ks
CASES = [  # (what, arguments, a line the output must contain, goal in seconds)
    ("the seven-card table", [HOLDEM], "23,294,460", 10.0),
    ("7h7d flops a set or better", [FLOP, "SetOrBetter", *SEVEN_SEVEN], "2,352", 2.0),
    ("AsKs flops a flush draw", [FLOP, "FlushDraw", *ACE_KING], "2,145", 2.0),
    ("AsKs sees a monotone flop", [FLOP, "MonotoneFlop", *ACE_KING], "1,023", 2.0),
    ("AsKs makes a flush by the river", [HOLDEM, "FlushByTheRiver", *ACE_KING], "139,458", 2.0),
    ("AsKs makes a straight by the river", [HOLDEM, "StraightByTheRiver", *ACE_KING], "", 2.0),
]


def timed(arguments: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of ``cpoly count ARGS`` in a fresh process, and its output."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, CPOLY_CACHE_DIR=cache, COLUMNS="120")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "cpoly", "count", *arguments], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), run.stdout


def main() -> None:
    print(f"{'command':<36} {'wall s':>7} {'cpu s':>7} {'goal s':>7} {'wall/goal':>10}")
    for what, arguments, expected, goal in CASES:
        wall, cpu, output = timed(arguments)
        assert expected in output, (what, output)
        print(f"{what:<36} {wall:>7.2f} {cpu:>7.2f} {goal:>7.1f} {wall / goal:>10.2f}")


if __name__ == "__main__":
    main()
