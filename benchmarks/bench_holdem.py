"""Hold'em benchmark: cpoly's exact equity and evaluator against phevaluator and eval7.

Run with ``python3 benchmarks/bench_holdem.py``.  Peers enumerate every board in a Python loop
around their evaluator; loops over more than ``--cap`` boards are timed on the first ``--cap``
boards and extrapolated (marked ``*``).  Prints one table with ratios (peer time / cpoly time).

A second table times exact questions over many holdings (ranges, ``??``) against a brute-force
phevaluator loop over the same question (every joint holding x every runout; ratio = cpoly /
loop, with the issue's goal).  Times are CPU seconds of this process (``time.process_time``), so
that a busy shared machine distorts both sides alike.

A third table times the issue's exact questions and six known hands preflop against OMPEval
(C++, one thread, full enumeration) side by side: with ``--ompeval-src DIR`` (OMPEval's sources,
e.g. a clone of github.com/zekyll/OMPEval) the bench builds ``ompeval_equity.cpp`` against them
with ``g++ -O3 -march=native`` and runs peer and cpoly alternately, question by question (CPU
seconds, best of several runs each; their equities must agree); without it, OMPEval's figures
kept from such a run are used (the title says which).  With ``--base DIR`` (another cpoly
checkout, e.g. main) the table also times that code on each question, in a fresh process
alternating with this code's (best of ``--rounds`` rounds each), prints base / cpoly and checks
that their exact equities are the same.  Questions under 0.1 s run :data:`FAST_REPEATS` times
after a warm call: a fresh process counts known hands without NumPy until they have cost its
import (the planner's ledger), then with NumPy; the best run is the in-process steady state.

A fourth table (alone with ``--cli``) times the command line: ``cpoly equity AsAh KsKh --exact``
(wall and CPU seconds, peak memory) beside ``python -c "import numpy"``, the floor of any NumPy
program, and ``cpoly equity AsAh '??' --exact`` beside the phevaluator loop.  ``--three-flop``
also runs ``?? ?? ??`` on a flop exactly and reports its time and peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations, islice
from pathlib import Path

import eval7  # type: ignore[import-untyped]
import numpy as np
from phevaluator import Card as PhCard  # type: ignore[import-untyped]
from phevaluator import evaluate_cards as ph_evaluate
from rich.console import Console
from rich.table import Table

from cpoly.games.holdem.deal import joint_holdings, make_deal
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import evaluate
from cpoly.games.holdem.intcards import format_card, parse_cards

#: (question, hands, board, goal: cpoly / loop at most this, loop to compare with)
RANGE_QUESTIONS = [
    ("'A2s+' KQ ?? river", ["A2s+", "KQ", "??"], "2c 7d 9h Js 3s", 0.5, None),
    ("?? ?? river", ["??", "??"], "2c 7d 9h Js 3s", 0.5, None),
    ("'A2s+' KQ ?? turn", ["A2s+", "KQ", "??"], "2c 7d 9h Js", 0.5, None),
    ("QQ+,AK ?? flop", ["QQ+,AK", "??"], "2c 7d 9h", None, None),
    ("AsAh ?? preflop", ["AsAh", "??"], "", 1.5, ["AsAh", "KsKh"]),
]
#: The issue's yardstick: OMPEval (C++, one thread, g++ -O3 -march=native), run side by side with
#: ``--ompeval-src``; without, its CPU seconds measured so on this machine on 2026-12-06 are used
#: (question, hands, board, seconds).
OMPEVAL_ROWS = [
    ("AsAh vs KsKh", ["AsAh", "KsKh"], "", 1.0e-3),
    ("AcKc vs AdKd vs Td4c", ["AcKc", "AdKd", "Td4c"], "", 2.6e-3),
    ("AK vs QQ (ranges)", ["AK", "QQ"], "", 16.4e-3),
    ("A2s+ vs KQ vs ?? on 2c 7d 9h Js 3s", ["A2s+", "KQ", "??"], "2c 7d 9h Js 3s", 10.0e-3),
    ("QQ+,AK vs ?? on 2c 7d 9h", ["QQ+,AK", "??"], "2c 7d 9h", 45.6e-3),
    ("AsAh vs ??", ["AsAh", "??"], "", 0.824),
    ("six known hands preflop", ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"], "", 0.7e-3),
]
#: Runs (best of) of a question under 0.1 s, after a warm one: enough for a fresh process to
#: reach NumPy's methods (known hands without NumPy for the first few: the planner's ledger).
FAST_REPEATS = 15
#: Goal: cpoly within this factor of OMPEval on every row.
OMPEVAL_GOAL = 1.0
#: Goals of the command line: wall seconds and peak memory of a two-hand preflop question.
CLI_SECONDS, CLI_MEGABYTES = 0.2, 60
#: The command line's AsAh vs ?? within this factor of the phevaluator loop.
CLI_LOOP_GOAL = 1.2
ROOT = Path(__file__).resolve().parent.parent
MATCHUPS = {"AsAh vs KsKh": ["AsAh", "KsKh"], "AcKc/AdKd/Td4c": ["AcKc", "AdKd", "Td4c"]}
E7 = [eval7.Card(format_card(c)) for c in range(52)]
PH = [PhCard(format_card(c)).id_ for c in range(52)]  # phevaluator's integer card ids


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """Best CPU time of ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def brute_force_loop(hands: list[str], board: str, cap: int) -> tuple[float, bool]:
    """CPU seconds of a phevaluator loop over every (joint holding, runout) of the question;
    extrapolated from the first ``cap`` pairs (True when it was)."""
    deal = make_deal(hands, board)
    total = equity(hands, board, exact=True).boards
    fixed = set(deal.board)
    done, start = 0, time.process_time()
    for holding in joint_holdings(deal):
        used = fixed | {c for combo in holding for c in combo}
        deck = [c for c in range(52) if c not in used]
        for extra in combinations(deck, deal.unknown):
            cards = deal.board + extra
            values = [ph_evaluate(*[PH[c] for c in combo + cards]) for combo in holding]
            best = min(values)
            _ = [v == best for v in values]
            done += 1
            if done >= cap:
                break
        if done >= cap:
            break
    elapsed = time.process_time() - start
    return elapsed * total / done, done < total


def range_table(cap: int) -> Table:
    """cpoly's exact time against the brute-force loop for each of :data:`RANGE_QUESTIONS`."""
    table = Table(title="Exact over many holdings: CPU s; ratio = cpoly / phevaluator loop")
    for column in ("question", "cpoly", "method", "phevaluator loop", "ratio", "goal"):
        table.add_column(column, justify="left" if column in ("question", "method") else "right")
    for name, hands, board, goal, peer_hands in RANGE_QUESTIONS:
        result = equity(hands, board, exact=True)
        ours = best_of(1, partial(equity, hands, board, exact=True))
        loop, cut = brute_force_loop(peer_hands or hands, board, cap)
        method = result.method_reason.split("(")[1].split(" method")[0]
        label = name if peer_hands is None else f"{name} (loop: {' vs '.join(peer_hands)})"
        ratio = ours / loop
        verdict = "" if goal is None else f"<= {goal} {'ok' if ratio <= goal else 'MISSED'}"
        table.add_row(label, f"{ours:.2f}", method, f"{loop:.2f}{'*' if cut else ''}",
                      f"{ratio:.3f}", verdict)
    return table


def build_ompeval(source: Path, folder: Path) -> Path:
    """``ompeval_equity.cpp`` built against OMPEval's sources (copied into ``folder``: two
    fixes for today's g++, ``<functional>`` included and the generator's bounds constexpr)."""
    copy = folder / "ompeval"
    shutil.copytree(source / "omp", copy / "omp")
    shutil.copytree(source / "libdivide", copy / "libdivide")
    header = copy / "omp" / "Random.h"
    header.write_text(header.read_text().replace("    static uint64_t m", "    static constexpr uint64_t m"))
    binary = folder / "ompeval_equity"
    subprocess.run(["g++", "-O3", "-march=native", "-std=c++14", "-pthread", "-include", "functional",
                    "-I", str(copy), str(ROOT / "benchmarks" / "ompeval_equity.cpp"),
                    *map(str, sorted((copy / "omp").glob("*.cpp"))), "-o", str(binary)],
                   check=True, capture_output=True)
    return binary


def ompeval_seconds(binary: Path, hands: list[str], board: str, repeats: int) -> tuple[float, list[float]]:
    """OMPEval's best CPU seconds of ``repeats`` runs of the question, and its equities."""
    ranges = ["random" if hand == "??" else hand for hand in hands]
    words = subprocess.run([str(binary), str(repeats), board.replace(" ", "") or "-", "-", *ranges],
                           check=True, capture_output=True, text=True).stdout.split()
    return float(words[0]), [float(w) for w in words[1:]]


#: A child process timing one question with the cpoly on its path: best CPU seconds of REPEATS
#: calls after a warm one, and the exact equities.
_TIMED_CHILD = """
import json, sys, time
from cpoly.games.holdem.equity import equity
hands, board, repeats = sys.argv[1].split("/"), sys.argv[2], int(sys.argv[3])
result = equity(hands, board, exact=True)
best = float("inf")
for _ in range(repeats):
    start = time.process_time()
    equity(hands, board, exact=True)
    best = min(best, time.process_time() - start)
print(json.dumps([best, [str(p.equity_exact) for p in result.players]]))
"""


def tree_seconds(root: Path, hands: list[str], board: str, repeats: int) -> tuple[float, list[str]]:
    """The best CPU seconds of the cpoly checkout at ``root`` on the question (a fresh process,
    :data:`_TIMED_CHILD`) and its exact equities."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-c", _TIMED_CHILD, "/".join(hands), board, str(repeats)],
                         check=True, capture_output=True, text=True, env=env, cwd=root).stdout
    seconds, equities = json.loads(out)
    return float(seconds), list(equities)


def ompeval_table(binary: Path | None, base: Path | None = None, rounds: int = 3) -> Table:
    """cpoly's exact time (best CPU s after a warm call) against OMPEval, run side by side
    question by question (``binary``) or its kept figures; their equities must agree.  With
    ``base``, that checkout and this one are timed in fresh processes, alternately, ``rounds``
    times (best of each), and must give the same exact equities."""
    source = "run side by side" if binary else "kept figures"
    table = Table(title=f"Exact equity against OMPEval ({source}, CPU); goal cpoly / OMPEval <= "
                        f"{OMPEVAL_GOAL:.0f}x")
    columns = ["question", "OMPEval", *(["base", "base / cpoly"] if base else []), "cpoly",
               "cpoly / OMPEval", "goal"]
    for column in columns:
        table.add_column(column, justify="left" if column == "question" else "right")
    for name, hands, board, figure in OMPEVAL_ROWS:
        result = equity(hands, board, exact=True)
        repeats = 1 if figure > 0.1 else FAST_REPEATS
        if binary is not None:
            figure, theirs = ompeval_seconds(binary, hands, board, repeats)
            ours_equity = [p.equity for p in result.players]
            assert max(abs(a - b) for a, b in zip(theirs, ours_equity)) < 1e-6, (name, theirs, ours_equity)
        before: list[str] = []
        if base is None:
            ours = best_of(repeats, partial(equity, hands, board, exact=True))
        else:
            runs = [(tree_seconds(base, hands, board, repeats), tree_seconds(ROOT, hands, board, repeats))
                    for _ in range(rounds)]
            assert runs[0][0][1] == runs[0][1][1], (name, runs[0])
            theirs_s, ours = min(r[0][0] for r in runs), min(r[1][0] for r in runs)
            before = [f"{theirs_s * 1e3:,.1f} ms", f"{theirs_s / ours:.2f}x"]
        ratio = ours / figure
        table.add_row(name, f"{figure * 1e3:,.1f} ms", *before, f"{ours * 1e3:,.1f} ms", f"{ratio:.2f}x",
                      "ok" if ratio <= OMPEVAL_GOAL else "MISSED")
    return table


def command_cost(argv: list[str], cache: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident megabytes of one process running ``argv``."""
    env = {**os.environ, "CPOLY_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's install has its bytecode compiled
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"{argv} failed ({status})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def cli_table(cap: int, repeats: int = 7) -> Table:
    """The command line against its goals, each row beside its floor or peer, alternating runs
    (best of ``repeats``; a warm cache, as every run after the first).  Wall and CPU seconds:
    on a loaded machine the wall time measures the load; ratios are of CPU seconds."""
    table = Table(title="From the command line (best of runs; ratio = cpoly / other, CPU)")
    for column in ("command", "wall s", "CPU s", "peak MB", "other", "other CPU s", "ratio", "goal"):
        table.add_column(column, justify="left" if column in ("command", "other") else "right")
    cpoly = [sys.executable, "-m", "cpoly", "equity"]
    two, wide = cpoly + ["AsAh", "KsKh", "--exact"], cpoly + ["AsAh", "??", "--exact"]
    floor = [sys.executable, "-c", "import numpy"]
    with tempfile.TemporaryDirectory() as cache:
        for argv in (two, wide):
            command_cost(argv, cache)  # the first run fills the cache and compiles the bytecode
        runs = [(command_cost(two, cache), command_cost(floor, cache)) for _ in range(repeats)]
        wall, cpu, peak = (min(r[0][i] for r in runs) for i in range(3))
        numpy_cpu = min(r[1][1] for r in runs)
        verdict = "ok" if wall <= CLI_SECONDS and peak <= CLI_MEGABYTES else "MISSED"
        table.add_row("equity AsAh KsKh --exact", f"{wall:.3f}", f"{cpu:.3f}", f"{peak:.0f}",
                      'python -c "import numpy"', f"{numpy_cpu:.3f}", f"{cpu / numpy_cpu:.2f}x",
                      f"wall <= {CLI_SECONDS} s, {CLI_MEGABYTES} MB {verdict}")
        wall, cpu, peak = min((command_cost(wide, cache) for _ in range(2)), key=lambda cost: cost[1])
        loop, cut = brute_force_loop(["AsAh", "KsKh"], "", cap)
        ratio = cpu / loop
        table.add_row("equity AsAh '??' --exact", f"{wall:.2f}", f"{cpu:.2f}", f"{peak:.0f}",
                      "phevaluator loop, AsAh vs KsKh's boards", f"{loop:.2f}{'*' if cut else ''}",
                      f"{ratio:.2f}x", f"<= {CLI_LOOP_GOAL} {'ok' if ratio <= CLI_LOOP_GOAL else 'MISSED'}")
    return table


def three_on_the_flop() -> str:
    """Exact ``?? ?? ??`` on a flop: CPU time and peak resident memory of this process."""
    import resource

    start = time.process_time()
    result = equity(["??", "??", "??"], "2c 7d 9h", exact=True)
    elapsed = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    return (f"?? ?? ?? on 2c 7d 9h exact: {result.boards:,} deals, {elapsed:.0f} CPU s, "
            f"peak RSS {peak:.2f} GB, equities {[str(p.equity_exact) for p in result.players]}")


def peer_loop(hands: list[str], peer: str, cap: int) -> tuple[float, bool, list[float]]:
    """Time a Python enumeration of every board with a peer evaluator (extrapolated past cap)."""
    holes = [parse_cards(h) for h in hands]
    used = {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    total = sum(1 for _ in combinations(range(len(deck)), 5))
    shares = [0.0] * len(holes)
    start = time.process_time()
    boards = 0
    for board in islice(combinations(deck, 5), cap):
        if peer == "eval7":
            values = [eval7.evaluate([E7[c] for c in h + board]) for h in holes]
            best = max(values)
        else:
            values = [-ph_evaluate(*[PH[c] for c in h + board]) for h in holes]
            best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    elapsed = time.process_time() - start
    return elapsed * total / boards, boards < total, [s / boards for s in shares]


def throughput(cap: int) -> dict[str, float]:
    """7-card hands per second for cpoly (vectorised), eval7 and phevaluator (Python loops)."""
    rng = np.random.default_rng(0)
    hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7]
    rates = {"cpoly": len(hands) / best_of(3, lambda: evaluate(hands))}
    sample = hands[:cap].tolist()
    e7 = [[E7[c] for c in h] for h in sample]
    rates["eval7"] = len(sample) / best_of(1, lambda: [eval7.evaluate(h) for h in e7])
    ph = [[PH[c] for c in h] for h in sample]
    rates["phevaluator"] = len(sample) / best_of(1, lambda: [ph_evaluate(*h) for h in ph])
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cap", type=int, default=300_000, help="boards per peer loop")
    parser.add_argument("--three-flop", action="store_true", help="also run ?? ?? ?? on a flop")
    parser.add_argument("--ompeval-only", action="store_true",
                        help="run only the table against OMPEval")
    parser.add_argument("--ompeval-src", type=Path, default=os.environ.get("OMPEVAL_SRC"),
                        help="OMPEval's sources (default $OMPEVAL_SRC): build it and run it side by "
                             "side; without, its kept figures")
    parser.add_argument("--base", type=Path, metavar="DIR",
                        help="another cpoly checkout (e.g. main) timed beside this one on OMPEval's "
                             "questions, alternately in fresh processes")
    parser.add_argument("--rounds", type=int, default=3, help="alternations with --base (default 3)")
    parser.add_argument("--cli", action="store_true", help="run only the command-line table")
    args = parser.parse_args()
    console = Console()
    if args.cli:
        console.print(cli_table(args.cap))
        return
    with tempfile.TemporaryDirectory() as folder:
        binary = build_ompeval(Path(args.ompeval_src), Path(folder)) if args.ompeval_src else None
        if args.ompeval_only:
            console.print(ompeval_table(binary, args.base, args.rounds))
            return
        peers_and_ompeval(args, console, binary)


def peers_and_ompeval(args: argparse.Namespace, console: Console, binary: Path | None) -> None:
    """Every table but the command line's (``--three-flop`` adds its line)."""
    table = Table(title="Hold'em: cpoly vs peers (seconds; ratio = peer / cpoly)")
    for column in ("task", "cpoly", "eval7 loop", "ratio", "phevaluator loop", "ratio"):
        table.add_column(column, justify="left" if column == "task" else "right")
    for name, hands in MATCHUPS.items():
        equity(hands, exact=True)  # warm the caches
        ours = best_of(5, partial(equity, hands, exact=True))
        e7, e7_cut, _ = peer_loop(hands, "eval7", args.cap)
        ph, ph_cut, _ = peer_loop(hands, "phevaluator", args.cap)
        table.add_row(f"exact preflop {name}", f"{ours:.4f}", f"{e7:.2f}{'*' if e7_cut else ''}",
                      f"{e7 / ours:,.0f}x", f"{ph:.2f}{'*' if ph_cut else ''}",
                      f"{ph / ours:,.0f}x")
    rates = throughput(args.cap)
    table.add_row("7-card hands / s", f"{rates['cpoly']:,.0f}", f"{rates['eval7']:,.0f}",
                  f"{rates['cpoly'] / rates['eval7']:.2f}x", f"{rates['phevaluator']:,.0f}",
                  f"{rates['cpoly'] / rates['phevaluator']:.2f}x")
    console.print(table)
    console.print("* extrapolated from the first --cap boards of the loop. Throughput ratios are "
                  "cpoly / peer; peers are called per hand from Python.")
    console.print(range_table(args.cap))
    console.print(ompeval_table(binary, args.base, args.rounds))
    console.print(cli_table(args.cap))
    if args.three_flop:
        console.print(three_on_the_flop())


if __name__ == "__main__":
    main()
