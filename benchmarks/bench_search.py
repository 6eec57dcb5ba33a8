"""The full-size three-hand search (seed 000), proven best, against the seed's 3 hours, and
how its cost grows with the deck.

Run with ``python3 benchmarks/bench_search.py``.  First the growth: the whole search on the decks
``9TJQKA``, ``89TJQKA``, ``789TJQKA``, ``6789TJQKA`` (``--growth-ranks`` for others), each in a
fresh process with ``--workers 0``, timing each pass's CPU seconds (the process's own: what a
loaded machine changes least); it fits ``CPU = c * ranks ** e`` per pass and for the whole search
on the decks, and extrapolates to the full deck's 13 ranks.  With ``--base DIR`` (another cpoly
checkout, e.g. ``git archive`` of a commit) each deck runs with that code and this one
alternately, and the table prints both and their ratio.  Then (unless ``--skip-full``) it runs
``cpoly search --json --out DIR`` on the full deck as the user would (a LocalCluster, one worker
per core), checks the answer AcKc AdKd Td4c and the ten ``out0`` lines of the seed in
``DIR/pass1.csv``, and prints each pass's time, the ratio of the seed's 3 hours to ours, the peak
memory of the whole process tree and the machine's load.

``--resume`` also kills a second run half-way (during pass 3) and resumes it, and prints the
killed + resumed time against one uninterrupted run.  ``--four`` times pass 1 for four players
on a sample of tuples and extrapolates.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import psutil
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
SEED_SECONDS = 3 * 3600
ANSWER = ["AcKc", "AdKd", "Td4c"]
OUT0 = """66 79 8Q,6.2733,32.8611,30.4328,36.7061
22 56 4T,6.2776,29.8549,36.1325,34.0126
67 3Q 6Q,6.2783,32.9180,30.4018,36.6801
45 8Q 2K,6.2790,29.6058,35.8848,34.5093
4A QA QA,6.2810,29.1460,35.4270,35.4270
36 TK 7A,15.4023,23.2124,38.6147,38.1729
34 79 7Q,15.4029,29.5190,27.5390,42.9419
34 68 59,15.4030,23.6147,37.3677,39.0177
5T 4Q 7K,15.4030,27.9308,28.7354,43.3338
56 9Q JK,15.4047,27.3757,29.8439,42.7804""".splitlines()


class PeakMemory:
    """Largest total resident memory of a process and its children, sampled every 0.5 s."""

    def __init__(self, pid: int) -> None:
        self.peak = 0
        self._process = psutil.Process(pid)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            try:
                tree = [self._process, *self._process.children(recursive=True)]
                self.peak = max(self.peak, sum(p.memory_info().rss for p in tree))
            except psutil.Error:
                pass

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak


def run_search(out: Path, extra: list[str], kill_after_pass3_chunks: int = 0) -> tuple[float, dict, int]:
    """Run ``cpoly search``; returns wall seconds, the JSON document (or {} when killed), peak RSS."""
    command = [sys.executable, "-m", "cpoly", "search", "--json", "--out", str(out), *extra]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                               start_new_session=True)
    memory = PeakMemory(process.pid)
    if kill_after_pass3_chunks:
        while len(list(out.glob("pass3-*/chunk-*.npz"))) < kill_after_pass3_chunks:
            if process.poll() is not None:
                break
            time.sleep(0.5)
        os.killpg(process.pid, signal.SIGKILL)     # the run and its workers, all at once
        process.wait()
        return time.perf_counter() - start, {}, memory.stop()
    output, _ = process.communicate()
    seconds = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"cpoly search failed with exit code {process.returncode}")
    return seconds, json.loads(output), memory.stop()


def check(document: dict, out: Path) -> list[str]:
    """Problems with the answer or pass1.csv (empty when all is right)."""
    problems = []
    best = document["best"][0]
    if best["hands"] != ANSWER:
        problems.append(f"best is {best['hands']}, expected {ANSWER}")
    if [f"{100 * e:.7f}" for e in best["equities"]] != ["33.3347924", "33.3326768", "33.3325309"]:
        problems.append(f"equities {best['equities']}")
    if not document["proven"]:
        problems.append("not proven")
    lines = set((out / "pass1.csv").read_text().splitlines())
    problems += [f"pass1.csv lacks {line}" for line in OUT0 if line not in lines]
    return problems


def four_players(sample: int) -> tuple[float, int]:
    """Seconds of pass 1 for ``sample`` four-player tuples, and the number of tuples."""
    from cpoly.games.holdem.search.nf import outcome_counts
    from cpoly.games.holdem.search.searchdeck import search_deck

    deck = search_deck("23456789TJQKA", 4)
    rows = np.random.default_rng(4).choice(len(deck.tuples), sample, replace=False)
    start = time.process_time()
    outcome_counts(deck, np.sort(rows))
    return time.process_time() - start, len(deck.tuples)


PASSES = ("no-flush", "suiting", "exact")
GROWTH_RANKS = ("9TJQKA", "89TJQKA", "789TJQKA", "6789TJQKA", "56789TJQKA")
#: The exponent is fitted on the largest decks only: small decks are dominated by fixed costs,
#: and the growth steepens with the deck (pass 1 is tuples x boards, ~ranks**10 asymptotically).
FIT_DECKS = 3


def measure(ranks: str) -> dict:
    """CPU seconds of each pass of ``search(ranks)`` in this process (``--measure``): the time
    between two chunk reports goes to the pass of the later one; the deck's tables are built
    first and timed apart.  Uses only ``search``'s public API, so any checkout can run it."""
    from cpoly.games.holdem.search import search
    from cpoly.games.holdem.search.searchdeck import search_deck

    start = time.process_time()
    search_deck(ranks, 3)
    cpu = {"tables": time.process_time() - start, **{name: 0.0 for name in PASSES}}
    last = time.process_time()

    def progress(name: str, done: int, total: int) -> None:
        nonlocal last
        now = time.process_time()
        cpu[name] += now - last
        last = now

    result = search(ranks, 3, top=10, progress=progress)
    best = result.best[0]
    return {"ranks": ranks, "cpu": cpu, "proven": result.proven, "best": best.hands,
            "spread": str(best.spread)}


def run_measure(ranks: str, code: Path) -> dict:
    """:func:`measure` in a fresh process running the cpoly package under ``code``."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    output = subprocess.run([sys.executable, __file__, "--measure", ranks], cwd=code, env=env,
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output.splitlines()[-1])


def exponent(sizes: list[int], seconds: list[float]) -> float:
    """Least-squares ``e`` of ``seconds = c * sizes ** e``.

    >>> round(exponent([6, 7, 8], [6.0 ** 3, 7.0 ** 3, 8.0 ** 3]), 6)
    3.0
    """
    return float(np.polyfit(np.log(sizes), np.log(np.maximum(seconds, 1e-6)), 1)[0])


def growth(console: Console, decks: list[str], base: Path | None) -> None:
    """Per-pass CPU on each deck (this code and ``base`` alternately), the fitted exponents and
    the extrapolation to 13 ranks."""
    sides = {"cpoly": ROOT} if base is None else {"base": base, "cpoly": ROOT}
    runs: dict[str, list[dict]] = {side: [] for side in sides}
    for ranks in decks:
        for side, code in sides.items():
            runs[side].append(run_measure(ranks, code))
    table = Table(title="search CPU seconds per pass, --workers 0, one process per deck and code")
    for column in ("deck", "code", *PASSES, "whole", "best", "proven"):
        table.add_column(column)
    for index, ranks in enumerate(decks):
        for side in sides:
            run = runs[side][index]
            whole = sum(run["cpu"][p] for p in PASSES)
            table.add_row(f"{ranks} ({len(ranks)})", side,
                          *(f"{run['cpu'][p]:.2f}" for p in PASSES), f"{whole:.2f}",
                          ",".join(run["best"]), str(run["proven"]))
        if base is not None:
            ratio = [runs["base"][index]["cpu"][p] / max(runs["cpoly"][index]["cpu"][p], 1e-9)
                     for p in PASSES]
            whole_ratio = (sum(runs["base"][index]["cpu"][p] for p in PASSES)
                           / sum(runs["cpoly"][index]["cpu"][p] for p in PASSES))
            same = all(runs["base"][index][key] == runs["cpoly"][index][key]
                       for key in ("best", "spread", "proven"))
            table.add_row("", "base / cpoly", *(f"{r:.2f}x" for r in ratio),
                          f"{whole_ratio:.2f}x", "same" if same else "DIFFERENT", "")
    console.print(table)
    sizes = [len(r) for r in decks][-FIT_DECKS:]
    for side in sides:
        parts, full = [], 0.0
        for name in PASSES:
            seconds = [run["cpu"][name] for run in runs[side]][-FIT_DECKS:]
            e = exponent(sizes, seconds)
            full += seconds[-1] * (13 / sizes[-1]) ** e
            parts.append(f"{name} ranks^{e:.1f} -> {seconds[-1] * (13 / sizes[-1]) ** e:.0f} s")
        whole = [sum(run["cpu"][p] for p in PASSES) for run in runs[side]][-FIT_DECKS:]
        console.print(f"{side}: growth fitted on {', '.join(decks[-FIT_DECKS:])} and CPU "
                      f"extrapolated to 13 ranks: " + "; ".join(parts)
                      + f"; whole ranks^{exponent(sizes, whole):.1f} -> {full:.0f} CPU s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--resume", action="store_true", help="also time a kill and a resume")
    parser.add_argument("--four", action="store_true", help="also time 4-player pass 1")
    parser.add_argument("--growth-ranks", nargs="+", default=list(GROWTH_RANKS), metavar="RANKS",
                        help="decks of the growth table (smallest first)")
    parser.add_argument("--base", type=Path, metavar="DIR",
                        help="another cpoly checkout, timed alternately with this one")
    parser.add_argument("--skip-full", action="store_true", help="only the growth table")
    parser.add_argument("--measure", metavar="RANKS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return
    console = Console(width=max(Console().width, 120))
    growth(console, args.growth_ranks, args.base)
    if args.skip_full:
        return
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-search-") as scratch:
        out = Path(scratch) / "full"
        seconds, document, peak = run_search(out, ["--workers", str(args.workers)])
        problems = check(document, out)
        table = Table(title=f"cpoly search, {args.workers} workers, full deck, 3 players")
        for column in ("pass", "seconds", "counts"):
            table.add_column(column)
        for entry in document["passes"]:
            counts = {k: v for k, v in entry.items() if k not in ("name", "seconds")}
            table.add_row(entry["name"], f"{entry['seconds']:.1f}", json.dumps(counts))
        table.add_row("whole run (wall, with cluster start)", f"{seconds:.1f}",
                      f"seed's 3 h / ours = {SEED_SECONDS / seconds:.0f}x")
        console.print(table)
        console.print(f"peak memory of the process tree: {peak / 2**30:.2f} GB")
        console.print(f"load average before / after: {load_before} / {os.getloadavg()} "
                      f"on {os.cpu_count()} cores")
        console.print("answer and out0 lines: " + ("OK" if not problems else "; ".join(problems)))
        if args.resume:
            resumed_dir = Path(scratch) / "killed"
            chunks = max(1, sum(e.get("chunks", 0) for e in document["passes"]
                                if e["name"] == "exact") // 2)
            killed, _, _ = run_search(resumed_dir, ["--workers", str(args.workers)], chunks)
            rest, again, _ = run_search(resumed_dir, ["--workers", str(args.workers), "--resume"])
            same = again["best"] == document["best"]
            console.print(f"killed after {killed:.1f} s + resumed {rest:.1f} s = "
                          f"{killed + rest:.1f} s = {(killed + rest) / seconds:.2f} x one run; "
                          f"same answer: {same}")
    if args.four:
        spent, tuples = four_players(4096)
        console.print(f"4 players: {tuples:,} tuples; pass 1 CPU {spent:.2f} s per 4,096 -> "
                      f"{spent * tuples / 4096 / 60:.1f} CPU minutes for all")
    if problems:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
