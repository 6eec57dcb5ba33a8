"""Hold'em games read from .cp files: short deck and Omaha exact equity against their goals and
against a brute-force loop over the same boards, side by side in one run.

Run with ``python3 benchmarks/bench_holdem_games.py`` (``--cap N``: boards per peer loop, which
is timed on its first N boards and extrapolated, marked ``*``).  cpoly times are the best CPU
seconds (``time.process_time``) of in-process calls of ``equity(..., exact=True)`` after one warm
call; the loop evaluates every board with pokerkit's lookups (short deck: its best five of seven;
Omaha: its best of the 60 fives with two hole cards) in Python, or with cpoly's own vectorised
evaluator over every board (``vectorised loop``; Omaha: its rank-table path), which shows what the board-suit combinatorics
save.  Prints one table with the ratios and the issue's goals.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from itertools import combinations, islice
from pathlib import Path

import numpy as np
from pokerkit import Card
from pokerkit.lookups import ShortDeckHoldemLookup, StandardLookup
from rich.console import Console
from rich.table import Table

from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import allowed_fives, evaluate_holdings
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.intcards import format_card, parse_cards
from cpoly.games.holdem.omaha_exact import omaha_strengths
from cpoly.games.holdem.rules import GameRules

ROOT = Path(__file__).resolve().parents[1]
#: (question, game file, hands, board, goal in seconds)
QUESTIONS = [
    ("short deck AsAh vs KsKh preflop", "short_deck.cp", ["AsAh", "KsKh"], "", 1.0),
    ("short deck AcKc/9h9d/7s6s preflop", "short_deck.cp", ["AcKc", "9h9d", "7s6s"], "", None),
    ("Omaha AsAhKsKh vs QdJdTc9c preflop", "omaha.cp", ["AsAhKsKh", "QdJdTc9c"], "", 10.0),
    ("Omaha AsAhKsKh vs QdJdTc9c flop", "omaha.cp", ["AsAhKsKh", "QdJdTc9c"], "2c 7d 9h", 0.1),
    ("Omaha 3 players flop", "omaha.cp", ["AsAhKsKh", "QdJdTc9c", "8h8d7c6c"], "2c 7d 9h", 0.1),
]


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """Best CPU time of ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def _pokerkit_loop(rules: GameRules, holes: list[tuple[int, ...]], board: tuple[int, ...],
                   cap: int) -> tuple[float, bool]:
    """Seconds for pokerkit to evaluate every board (first ``cap``, extrapolated)."""
    lookup = ShortDeckHoldemLookup() if len(rules.deck) == 36 else StandardLookup()
    pk = {c: next(iter(Card.parse(format_card(c)))) for c in rules.deck}
    used = {c for h in holes for c in h} | set(board)
    live = [c for c in rules.deck if c not in used]
    k = 5 - len(board)
    total = len(list(combinations(range(len(live)), k))) if len(live) < 40 else None
    fives = allowed_fives(rules.hole_cards, 5, rules.hole_used)
    start = time.process_time()
    done = 0
    for extra in islice(combinations(live, k), cap):
        full = board + extra
        for hole in holes:
            cards = hole + full
            max(lookup.get_entry([pk[cards[i]] for i in five]).index for five in fives)
        done += 1
    elapsed = time.process_time() - start
    if total is None:
        from math import comb
        total = comb(len(live), k)
    return elapsed * total / done, done < total


def _vectorised_loop(rules: GameRules, holes: list[tuple[int, ...]], board: tuple[int, ...]) -> float:
    used = {c for h in holes for c in h} | set(board)
    live = [c for c in rules.deck if c not in used]
    start = time.process_time()
    for chunk_start in range(0, 10**9, 200_000):
        boards = np.array(list(islice(combinations(live, 5 - len(board)), chunk_start, chunk_start + 200_000)))
        if len(boards) == 0:
            break
        full = np.concatenate([np.broadcast_to(np.array(board, dtype=np.int64), (len(boards), len(board))),
                               boards], axis=1)
        for hole in holes:
            held = np.broadcast_to(np.array(hole), (len(full), len(hole)))
            if rules.hole_used is None:
                evaluate_holdings(held, full, rules)
            else:
                omaha_strengths(np.ascontiguousarray(held), full, rules)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cap", type=int, default=20_000, help="boards per pokerkit loop")
    parser.add_argument("--skip-vectorised", action="store_true", help="skip the vectorised loop")
    args = parser.parse_args()
    table = Table(title="Hold'em games from .cp files: exact equity (CPU seconds)")
    for column in ("question", "boards", "cpoly", "goal", "pokerkit loop", "vectorised loop", "loop / cpoly"):
        table.add_column(column, justify="left" if column == "question" else "right")
    for question, game, hands, board, goal in QUESTIONS:
        path = ROOT / "definitions" / game
        if not path.exists():
            continue
        rules = rules_of(path)
        result = equity(hands, board, exact=True, game=rules)
        seconds = best_of(3 if goal is None or goal < 5 else 1,
                          partial(equity, hands, board, exact=True, game=rules))
        holes = [parse_cards(h) for h in hands]
        loop, extrapolated = _pokerkit_loop(rules, holes, parse_cards(board) if board else (), args.cap)
        vector = (float("nan") if args.skip_vectorised
                  else _vectorised_loop(rules, holes, parse_cards(board) if board else ()))
        table.add_row(question, f"{result.boards:,}", f"{seconds:.3f}",
                      "" if goal is None else f"<= {goal:g}",
                      f"{loop:.1f}{'*' if extrapolated else ''}", f"{vector:.2f}", f"{loop / seconds:,.0f}x")
    Console(width=160).print(table)


if __name__ == "__main__":
    main()
