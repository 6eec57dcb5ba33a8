"""Omaha known hands against ``??`` or a range: the wide method against the listed method.

Run with ``python3 benchmarks/bench_omaha_wide.py`` (``--cap N``: joint holdings the listed
method is timed on, then extrapolated to every holding, marked ``*``).  Both are exact; the
listed method evaluates every (holding, runout) pair directly, the wide method values each pair
of hole cards once per board and gathers the holdings' strengths from them.  Times are CPU
seconds (``time.process_time``) after one warm call.  Prints one table with the ratios, the
wide method's predicted time and the goal (well under a minute on a flop).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from cpoly.games.holdem.deal import Deal, make_deal
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.omaha import holding_rows
from cpoly.games.holdem.omaha_exact import listed_tally
from cpoly.games.holdem.omaha_gather import predicted_seconds
from cpoly.games.holdem.registry import exact_tally

ROOT = Path(__file__).resolve().parents[1]
#: (question, hands, board)
QUESTIONS = [
    ("AsAhKsKh vs ?? flop 2c7d9h", ["AsAhKsKh", "??"], "2c 7d 9h"),
    ("AsAhKsKh vs AAxx,KKxx flop 2c7d9h", ["AsAhKsKh", "AAxx,KKxx"], "2c 7d 9h"),
    ("AsAhKsKh vs QdJdTc9c vs ?? flop", ["AsAhKsKh", "QdJdTc9c", "??"], "2c 7d 9h"),
    ("AsAhKsKh vs ?? turn 2c7d9h3s", ["AsAhKsKh", "??"], "2c 7d 9h 3s"),
    ("AsAhKsKh vs ?? river 2c7d9h3s8c", ["AsAhKsKh", "??"], "2c 7d 9h 3s 8c"),
]


def _listed_seconds(deal: Deal, cap: int) -> tuple[float, bool]:
    """CPU seconds of the listed method over every joint holding (first ``cap``, extrapolated)."""
    holdings = holding_rows(deal, 10_000_000)
    assert holdings is not None
    part = holdings[:cap]
    start = time.process_time()
    listed_tally(part, np.ones(len(part), np.int64), deal.board, deal.dead, deal.rules)
    seconds = time.process_time() - start
    return seconds * len(holdings) / len(part), len(part) < len(holdings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cap", type=int, default=2_000, help="joint holdings the listed method is timed on")
    args = parser.parse_args()
    rules = rules_of(ROOT / "definitions" / "omaha.cp")
    exact_tally(make_deal(["AsAhKsKh", "??"], "2c 7d 9h 3s 8c", rules=rules), "wide")
    table = Table(title="Omaha, one wide hand: exact equity (CPU seconds)")
    for column in ("question", "boards", "wide", "predicted", "goal", "listed", "listed / wide"):
        table.add_column(column, justify="left" if column == "question" else "right")
    for question, hands, board in QUESTIONS:
        deal = make_deal(hands, board, rules=rules)
        wide = next(p for p, r in enumerate(deal.combos) if len(r) > 1)
        start = time.process_time()
        tally, _ = exact_tally(deal, "wide")
        seconds = time.process_time() - start
        listed, extrapolated = _listed_seconds(deal, args.cap)
        table.add_row(question, f"{tally.boards:,}", f"{seconds:.2f}",
                      f"{predicted_seconds(deal, wide):.2f}", "< 60" if len(deal.board) == 3 else "",
                      f"{listed:.1f}{'*' if extrapolated else ''}", f"{listed / seconds:,.1f}x")
    Console(width=160).print(table)


if __name__ == "__main__":
    main()
