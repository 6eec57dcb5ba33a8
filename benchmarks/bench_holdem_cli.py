"""Hold'em equity from the command line: wall, CPU and peak memory of whole ``cpoly equity``
processes, this checkout against a base checkout, alternating, with ratios (issue 33, goal 3:
``cpoly equity AsAh KsKh --exact`` in at most 0.2 s wall and 60 MB).

    git worktree add --detach /tmp/cpoly-base main
    python3 benchmarks/bench_holdem_cli.py --base /tmp/cpoly-base [--runs 7] [--json]

Each question runs **warm** (the cache folder holds the game's rules and the preflop strength
table: an untimed preflop question and the question itself first, per checkout) and **cold** (an empty cache folder every run: the
rules are derived through the engine and the table built, so the first run loads NumPy on both
sides).  Every run is a fresh ``python -m cpoly`` whose own peak RSS is read from ``wait4``; the
medians of wall and CPU and the highest peak are printed, base and this checkout alternating run by
run.  The tables printed must be the base's (the last line, naming the method, may differ).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

QUESTIONS = [
    ["equity", "AsAh", "KsKh", "--exact"],
    ["equity", "AcKc", "AdKd", "Td4c", "--exact"],
    ["equity", "AsAh", "KsKh", "--board", "Kd", "7c", "2s", "--exact"],
    ["equity", "AsAh", "KsKh", "--game", "definitions/short_deck.cp", "--exact"],
]


def measure(args: list[str], cache: str, root: Path) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds, peak RSS (MB) and stdout of one ``python -m cpoly ARGS`` run
    of the checkout ``root`` with its cache in ``cache``."""
    env = {**os.environ, "CPOLY_CACHE_DIR": cache, "PYTHONPATH": str(root)}
    env.pop("CPOLY_NO_CACHE", None)
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "cpoly", *args], stdout=out,
                                   stderr=subprocess.DEVNULL, env=env, cwd=root)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"{root}: cpoly {' '.join(args)} exited {process.returncode}")
        out.seek(0)
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read()


def _preflop(args: list[str]) -> list[str]:
    """A preflop question of the same game: it keeps the game's preflop strength table (which a
    question on a known board reads too, in a warm store)."""
    game = args[args.index("--game"):args.index("--game") + 2] if "--game" in args else []
    return ["equity", "AsAh", "KsKh", "--exact", *game]


def _tables(stdout: str) -> list[str]:
    """The output without its last line (which names the method)."""
    return stdout.splitlines()[:-1]


def compare(args: list[str], sides: dict[str, Path], runs: int, warm: bool) -> dict[str, dict[str, float]]:
    """Median wall and CPU and highest peak RSS of each side, alternating run by run."""
    found: dict[str, list[tuple[float, float, float]]] = {name: [] for name in sides}
    outputs: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        caches = {name: str(Path(folder, name)) for name in sides}
        if warm:
            for name, root in sides.items():
                for setup in (_preflop(args), args):
                    measure(setup, caches[name], root)
        for run in range(runs):
            for name, root in (sides.items() if run % 2 == 0 else reversed(sides.items())):
                cache = caches[name] if warm else tempfile.mkdtemp(dir=folder)
                wall, cpu, peak, outputs[name] = measure(args, cache, root)
                found[name].append((wall, cpu, peak))
    if len({tuple(_tables(out)) for out in outputs.values()}) != 1:
        raise SystemExit(f"cpoly {' '.join(args)}: the checkouts print different tables")
    return {name: {"wall": statistics.median(r[0] for r in rows), "cpu": statistics.median(r[1] for r in rows),
                   "peak_mb": max(r[2] for r in rows), "method": outputs[name].splitlines()[-1]}
            for name, rows in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, help="a base checkout (git worktree add of main)")
    parser.add_argument("--runs", type=int, default=7, help="runs per side and question (warm)")
    parser.add_argument("--cold-runs", type=int, default=3, help="runs per side and question (cold)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sides = {"this": ROOT} if args.base is None else {"base": args.base.resolve(), "this": ROOT}
    report = []
    for question in QUESTIONS:
        for warm, runs in ((True, args.runs), (False, args.cold_runs)):
            result = compare(question, sides, runs, warm)
            report.append({"question": " ".join(question), "store": "warm" if warm else "cold", **result})
            if not args.json:
                _print(report[-1], sides)
    if args.json:
        print(json.dumps(report, indent=2))


def _print(row: dict[str, object], sides: dict[str, Path]) -> None:
    print(f"cpoly {row['question']} ({row['store']})")
    for name in sides:
        got = row[name]
        assert isinstance(got, dict)
        print(f"  {name:>4}: {got['wall']:.3f} s wall  {got['cpu']:.3f} s CPU  {got['peak_mb']:.1f} MB"
              f"  [{got['method']}]")
    if "base" in sides:
        base, this = row["base"], row["this"]
        assert isinstance(base, dict) and isinstance(this, dict)
        print("  this/base: " + "  ".join(f"{key} {this[key] / base[key]:.2f}x" for key in ("wall", "cpu", "peak_mb")))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
