"""Hold'em benchmark: cpoly's exact equity and evaluator against phevaluator and eval7.

Run with ``python3 benchmarks/bench_holdem.py``.  Peers enumerate every board in a Python loop
around their evaluator; loops over more than ``--cap`` boards are timed on the first ``--cap``
boards and extrapolated (marked ``*``).  Prints one table with ratios (peer time / cpoly time).

A third table times the issue's exact questions against OMPEval's figures (kept: it cannot be
installed here).  A second table times exact questions over many holdings (ranges, ``??``) against a brute-force
phevaluator loop over the same question (every joint holding x every runout; ratio = cpoly /
loop, with the issue's goal).  Times are CPU seconds of this process (``time.process_time``), so
that a busy shared machine distorts both sides alike.  ``--three-flop`` also runs ``?? ?? ??`` on
a flop exactly and reports its time and peak memory.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations, islice

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
#: The issue's yardstick: OMPEval (C++, one thread, g++ -O3 -march=native) on this machine, in
#: seconds; it cannot be installed here, so its figures are kept (question, hands, board, seconds).
OMPEVAL_ROWS = [
    ("AsAh vs KsKh", ["AsAh", "KsKh"], "", 2.6e-3),
    ("AcKc vs AdKd vs Td4c", ["AcKc", "AdKd", "Td4c"], "", 4.8e-3),
    ("AK vs QQ (ranges)", ["AK", "QQ"], "", 37e-3),
    ("A2s+ vs KQ vs ?? on 2c 7d 9h Js 3s", ["A2s+", "KQ", "??"], "2c 7d 9h Js 3s", 13e-3),
    ("QQ+,AK vs ?? on 2c 7d 9h", ["QQ+,AK", "??"], "2c 7d 9h", 69e-3),
    ("AsAh vs ??", ["AsAh", "??"], "", 1.48),
]
#: Goal: cpoly within this factor of OMPEval's figure on every row.
OMPEVAL_GOAL = 3.0
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


def ompeval_table() -> Table:
    """cpoly's exact time (best CPU s after a warm call) against OMPEval's kept figures."""
    table = Table(title=f"Exact equity against OMPEval (kept figures); goal cpoly / OMPEval <= "
                        f"{OMPEVAL_GOAL:.0f}x")
    for column in ("question", "OMPEval", "cpoly", "cpoly / OMPEval", "goal"):
        table.add_column(column, justify="left" if column == "question" else "right")
    for name, hands, board, figure in OMPEVAL_ROWS:
        equity(hands, board, exact=True)
        ours = best_of(1 if figure > 1 else 5, partial(equity, hands, board, exact=True))
        ratio = ours / figure
        table.add_row(name, f"{figure * 1e3:,.1f} ms", f"{ours * 1e3:,.1f} ms", f"{ratio:.1f}x",
                      "ok" if ratio <= OMPEVAL_GOAL else "MISSED")
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
                        help="run only the table against OMPEval's kept figures")
    args = parser.parse_args()
    console = Console()
    if args.ompeval_only:
        console.print(ompeval_table())
        return
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
    console.print(ompeval_table())
    if args.three_flop:
        console.print(three_on_the_flop())


if __name__ == "__main__":
    main()
