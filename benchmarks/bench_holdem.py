"""Hold'em benchmark: cpoly's exact equity and evaluator against phevaluator and eval7.

Run with ``python3 benchmarks/bench_holdem.py``.  Peers enumerate every board in a Python loop
around their evaluator; loops over more than ``--cap`` boards are timed on the first ``--cap``
boards and extrapolated (marked ``*``).  Prints one table with ratios (peer time / cpoly time).
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

from cpoly.games.holdem.cards import format_card, parse_cards
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import evaluate

MATCHUPS = {"AsAh vs KsKh": ["AsAh", "KsKh"], "AcKc/AdKd/Td4c": ["AcKc", "AdKd", "Td4c"]}
E7 = [eval7.Card(format_card(c)) for c in range(52)]
PH = [PhCard(format_card(c)).id_ for c in range(52)]  # phevaluator's integer card ids


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """Best wall time of ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def peer_loop(hands: list[str], peer: str, cap: int) -> tuple[float, bool, list[float]]:
    """Time a Python enumeration of every board with a peer evaluator (extrapolated past cap)."""
    holes = [parse_cards(h) for h in hands]
    used = {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    total = sum(1 for _ in combinations(range(len(deck)), 5))
    shares = [0.0] * len(holes)
    start = time.perf_counter()
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
    elapsed = time.perf_counter() - start
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
    args = parser.parse_args()
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
    console = Console()
    console.print(table)
    console.print("* extrapolated from the first --cap boards of the loop. Throughput ratios are "
                  "cpoly / peer; peers are called per hand from Python.")


if __name__ == "__main__":
    main()
