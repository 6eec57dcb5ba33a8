"""Full-game analysis of double-deck 9/6 Jacks or Better (104 physical cards), next to one deck.

Run: python3 benchmarks/bench_double_deck.py

* double deck, cold: a fresh process, empty cache — parse, the 202,735 suit classes of the
  3,748,160 dealable 5-multisets of card values (level by level: each class of 4-multisets
  plus one value), their least members classified through the engine, multiset tables
  summed per class, classes x 32 holds;
* double deck, warm: a fresh process, the second pay table (8/5), cache filled by the cold run;
* double deck, hold: a fresh process, ``cpoly hold ... Ah Ah Kd Qc 2s`` (warm cache);
* single deck, cold: the same analysis of 9/6 Jacks or Better (52 cards), for the ratio;
* in-process stages of the cold double-deck analysis (no cache), to show where the time goes;
* against the project's C solver (``benchmarks/vp_solver.c``, one deck, every deal, two
  threads): the cold double-deck ``analyze`` and a cold two-deck ``hold``, alternating with the
  solver ``--repeat`` rounds, CPU seconds (best) and peak RSS of each child, and the ratios
  (issue 33, goal 2: cold at most 2x the solver, at most 400 MB; a cold hold at most 3 s).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOUBLE = str(ROOT / "definitions" / "double_deck_jacks.cp")
SINGLE = str(ROOT / "definitions" / "jacks_or_better.cp")
DEAL = ["Ah", "Ah", "Kd", "Qc", "2s"]


def run(args: list[str], cache: str) -> tuple[float, str]:
    env = {**os.environ, "CPOLY_CACHE_DIR": cache}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpoly", *args], check=True, capture_output=True,
                          env=env, text=True, cwd=ROOT)
    return time.perf_counter() - start, done.stdout


def stages() -> list[tuple[str, float]]:
    """CPU seconds per stage of an uncached double-deck analysis, in this process (as the cold
    preparation runs them: classes level by level, their representatives classified, tables)."""
    sys.path.insert(0, str(ROOT))
    from cpoly.deck.symmetry import suit_symmetries
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.play.copies import CopiesPlay
    from cpoly.games.videopoker.play.variant import analyze
    from cpoly.games.videopoker.prepare.classify import classify_rows
    from cpoly.games.videopoker.prepare.copytables import PreparedCopies, build_multiset_tables
    from cpoly.games.videopoker.prepare.multiset import all_multisets, multiset_classes

    timings = []
    start = time.process_time()
    poker = VideoPoker.load(DOUBLE)
    faces, suits = poker.value_faces, poker.value_suits
    timings.append(("load the game", time.process_time() - start))
    start = time.process_time()
    classes = multiset_classes(faces, suits, 5, poker.copies)
    timings.append((f"{classes.count:,} suit classes of multisets, level by level", time.process_time() - start))
    start = time.process_time()
    categories, _, _ = classify_rows(poker.game, all_multisets(len(faces), 5, classes.representatives), faces, suits)
    timings.append(("their representatives classified (engine)", time.process_time() - start))
    start = time.process_time()
    n_columns = len(poker.game.category_names) + 1
    tables = build_multiset_tables(categories, classes, faces, suits, poker.copies, n_columns)
    timings.append(("multiset subset tables, per class", time.process_time() - start))
    start = time.process_time()
    maps = suit_symmetries(faces, suits)
    analyze(CopiesPlay(PreparedCopies(tables, classes, maps, "", False)), poker.paytable("9/6"))
    timings.append((f"{classes.count:,} classes x 32 holds", time.process_time() - start))
    return timings


def child(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), command)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def against_solver(repeat: int) -> None:
    """The C solver's full game and cpoly's cold double-deck analyze and hold, alternating."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_videopoker import build_solver

    runs: dict[str, list[tuple[float, float, float]]] = {"C solver, one deck, 9/6": [],
                                                          "cpoly double deck analyze, cold": [],
                                                          "cpoly double deck hold, cold": []}
    with tempfile.TemporaryDirectory() as folder:
        solver = build_solver(folder)
        for round_ in range(repeat):
            runs["C solver, one deck, 9/6"].append(child([solver, "9/6"], {**os.environ, "OMP_NUM_THREADS": "2"}))
            for label, args in (("cpoly double deck analyze, cold", ["analyze", DOUBLE, "--json"]),
                                ("cpoly double deck hold, cold", ["hold", DOUBLE, *DEAL, "--json"])):
                env = {**os.environ, "CPOLY_CACHE_DIR": os.path.join(folder, f"{args[0]}{round_}"),  # empty: cold
                       "PYTHONPATH": str(ROOT)}
                runs[label].append(child([sys.executable, "-m", "cpoly", *args], env))
    peer_cpu = min(cpu for _, cpu, _ in runs["C solver, one deck, 9/6"])
    print(f"against the C solver, best of {repeat} (alternating; CPU is the steadier measure on a shared machine)")
    print(f"{'':<36}{'wall s':>8}{'CPU s':>8}{'x C CPU':>9}{'peak MB':>9}")
    for label, results in runs.items():
        wall = min(w for w, _, _ in results)
        cpu = min(c for _, c, _ in results)
        peak = max(m for _, _, m in results)
        print(f"{label:<36}{wall:>8.2f}{cpu:>8.2f}{cpu / peer_cpu:>8.2f}x{peak:>9.0f}")
    print("goals (issue 33): analyze cold <= 2x the C solver and <= 400 MB; hold cold <= 3 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds against the C solver")
    parser.add_argument("--solver-only", action="store_true", help="only the comparison with the C solver")
    options = parser.parse_args()
    against_solver(options.repeat)
    if not options.solver_only:
        figures_and_stages()


def figures_and_stages() -> None:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as single_cache:
        cold, output = run(["analyze", DOUBLE, "--paytable", "9/6", "--json"], cache)
        figures = json.loads(output)
        warm, _ = run(["analyze", DOUBLE, "--paytable", "8/5", "--json"], cache)
        hold, hold_output = run(["hold", DOUBLE, *DEAL, "--json"], cache)
        single, single_output = run(["analyze", SINGLE, "--paytable", "9/6", "--json"], single_cache)
    best = json.loads(hold_output)["best"]
    print(f"double-deck 9/6 Jacks or Better: return {figures['return']:.9f} "
          f"({figures['return_exact']}), {figures['total_combinations']:,} combinations")
    print(f"single-deck 9/6 Jacks or Better: return {json.loads(single_output)['return']:.9f}")
    print()
    rows = [
        ("double deck analyze, cold (fresh process, empty cache)", cold),
        ("double deck analyze, warm (8/5, cache filled)", warm),
        (f"double deck hold {' '.join(DEAL)} (best: {' '.join(best['held'])})", hold),
        ("single deck analyze, cold", single),
    ]
    for label, seconds in rows:
        print(f"{label:<62} {seconds:8.2f} s")
    print(f"{'ratio double / single deck, cold':<62} {cold / single:8.2f} x")
    print()
    print("stages of an uncached double-deck analysis (in process, CPU seconds of all threads):")
    for label, seconds in stages():
        print(f"  {label:<60} {seconds:8.2f} s")


if __name__ == "__main__":
    main()
