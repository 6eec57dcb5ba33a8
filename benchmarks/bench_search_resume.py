"""What a kill costs ``cpoly search``: a run killed half-way and resumed against one
uninterrupted run (goal: killed + resumed <= 1.35 x one run; issue 25).

Run with ``python3 benchmarks/bench_search_resume.py`` (the full deck, a LocalCluster with one
worker per core: about an hour on a shared 2-core machine) or ``--ranks 789TJQKA`` for a quick
figure.  It runs ``cpoly search --json --out DIR`` as a user would, three times: uninterrupted;
then in a new ``DIR`` killed (SIGKILL to the run and its workers) after ``--kill-at`` of the
uninterrupted run's wall time; then ``--resume`` in that ``DIR``.  It prints the three times and
the ratio, checks that the resumed run gives the uninterrupted run's answer, pass1.csv and
pass2.csv (and pass3.csv's best rows; all of it with ``--workers 0``) and warns about no
checkpoint (every file a killed run left is sound), and prints the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def command(out: Path, args: argparse.Namespace, *extra: str) -> list[str]:
    return [sys.executable, "-m", "cpoly", "search", "--json", "--out", str(out), "--ranks",
            args.ranks, "--workers", str(args.workers), *extra]


def timed(out: Path, args: argparse.Namespace, *extra: str) -> tuple[float, dict, str]:
    """Wall seconds, the JSON document and stderr of one complete run."""
    start = time.perf_counter()
    done = subprocess.run(command(out, args, *extra), cwd=ROOT, capture_output=True, text=True,
                          check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"cpoly search failed ({done.returncode}): {done.stderr.strip()}")
    return seconds, json.loads(done.stdout), done.stderr


def killed(out: Path, args: argparse.Namespace, after: float) -> float:
    """Wall seconds of a run killed ``after`` seconds from its start, with its workers."""
    start = time.perf_counter()
    process = subprocess.Popen(command(out, args), cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        process.wait(timeout=after)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", default="23456789TJQKA")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="LocalCluster workers (0: in one process, no Dask)")
    parser.add_argument("--kill-at", type=float, default=0.5,
                        help="kill after this fraction of the uninterrupted run's time")
    parser.add_argument("--keep", type=Path, help="copy both folders here when files differ")
    args = parser.parse_args()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-search-resume-") as scratch:
        whole_dir, killed_dir = Path(scratch, "whole"), Path(scratch, "killed")
        whole, document, _ = timed(whole_dir, args)
        print(f"uninterrupted: {whole:.1f} s", flush=True)
        first = killed(killed_dir, args, args.kill_at * whole)
        kept = len(list(killed_dir.glob("pass*/chunk-*.npz")))
        print(f"killed after {first:.1f} s with {kept} chunk files written", flush=True)
        rest, again, warnings = timed(killed_dir, args, "--resume")
        differ = [name for name in ("pass1.csv", "pass2.csv")
                  if (whole_dir / name).read_bytes() != (killed_dir / name).read_bytes()]
        # pass3.csv lists every suited tuple evaluated: on Dask, which ones pass 3's bound
        # skipped depends on the tau of the moment each chunk was sent, so only its best rows
        # (the answer) must agree; in one process (--workers 0) the whole file does.
        rows = [(d / "pass3.csv").read_text().splitlines() for d in (whole_dir, killed_dir)]
        if rows[0][:11] != rows[1][:11] or (args.workers == 0 and rows[0] != rows[1]):
            differ.append("pass3.csv")
        print(f"pass3.csv: {len(rows[0]) - 1} rows uninterrupted, {len(rows[1]) - 1} resumed")
        if args.keep and differ:
            import shutil
            shutil.copytree(scratch, args.keep, dirs_exist_ok=True)
        print(f"resumed: {rest:.1f} s")
        print(f"cpoly search --ranks {args.ranks} --workers {args.workers}: killed after "
              f"{first:.1f} s + resumed {rest:.1f} s = {first + rest:.1f} s = "
              f"{(first + rest) / whole:.2f} x one uninterrupted run of {whole:.1f} s "
              f"(goal 1.35 x)")
        problems = [] if again["best"] == document["best"] and again["proven"] else ["answer"]
        problems += [f"{name} differs" for name in differ]
        problems += [] if not warnings.strip() else [f"warnings: {warnings.strip()}"]
        print("same answer and files, no warning: " + ("OK" if not problems else
                                                      "; ".join(problems)))
    print(f"load average before / after: {load_before} / {os.getloadavg()} on "
          f"{os.cpu_count()} cores")
    if problems:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
