"""``cpoly search``: the three hands whose preflop equities are most nearly equal (seed 000)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from cpoly.cli.daskoptions import add_dask_options, check_dask_options
from cpoly.cli.output import print_json, print_table
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.search.run import SearchResult, search
from cpoly.games.holdem.search.searchdeck import search_deck
from cpoly.scale.daskclient import dask_client

__all__ = ["register", "run_search"]


def register(subparsers: Any) -> None:
    """Add the ``search`` subcommand."""
    parser = subparsers.add_parser(
        "search", help="the Hold'em hands whose preflop equities are most nearly equal",
        description="Find the tuples of Hold'em starting hands whose preflop all-in equities "
                    "are most nearly equal, and prove the answer best (seed 000's three "
                    "passes: no flushes, flush bounds per suiting, exact equities). Runs on "
                    "Dask: a local cluster by default, or --scheduler.")
    parser.add_argument("--players", type=int, default=3, help="hands per tuple: 2, 3 or 4")
    parser.add_argument("--top", type=int, default=10, metavar="N", help="report the N best")
    parser.add_argument("--out", metavar="DIR",
                        help="keep checkpoints and pass1.csv, pass2.csv, pass3.csv here")
    parser.add_argument("--resume", action="store_true", help="continue a killed run in --out")
    add_dask_options(parser, "worker processes of the local cluster (default: one per core; "
                             "0: no Dask, run in this process)")
    parser.add_argument("--ranks", default="23456789TJQKA",
                        help="a deck of only these ranks in four suits, e.g. 9TJQKA")
    parser.add_argument("--fraction", type=float, default=1.0, metavar="F",
                        help="keep only the most promising fraction F of pass 2 (not proven)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run_search)


@contextmanager
def _progress(enabled: bool) -> Iterator[Callable[[str, int, int], None]]:
    """One progress bar per pass on stderr (terminals only)."""
    if not enabled or not sys.stderr.isatty():
        yield lambda name, done, total: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(),
               TextColumn("{task.completed}/{task.total} chunks"), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True)) as progress:
        tasks: dict[str, Any] = {}

        def update(name: str, done: int, total: int) -> None:
            if name not in tasks or (done == 1 and progress.tasks[tasks[name]].finished):
                tasks[name] = progress.add_task(f"pass: {name}", total=total)
            progress.update(tasks[name], completed=done, total=total)

        yield update


def run_search(args: argparse.Namespace) -> int:
    """Run the search and print the best tuples; returns the exit code."""
    if args.resume and args.out is None:
        raise CpolyInputError("--resume needs --out DIR (the directory of the killed run)")
    check_dask_options(args)
    search_deck(args.ranks, args.players)   # bad --ranks / --players before starting a cluster
    with ExitStack() as stack:
        client = (None if args.workers == 0 else
                  stack.enter_context(dask_client(args.scheduler, args.workers)))
        update = stack.enter_context(_progress(not args.json))
        result = search(args.ranks, args.players, args.top, fraction=args.fraction,
                        directory=args.out, resume=args.resume, client=client, progress=update)
    if args.json:
        print_json(result.to_json())
    else:
        _print(result)
    return 0


def _print(result: SearchResult) -> None:
    rows = [[str(i), " ".join(b.hands), f"{100 * float(b.spread):.7f}",
             " / ".join(f"{100 * float(e):.7f}" for e in b.equities)]
            for i, b in enumerate(result.best, start=1)]
    title = "proven best" if result.proven else "best found (not proven: --fraction < 1)"
    print_table(title, ["#", "hands", "spread %", "equities %"], rows, [True, False, True, False])
    passes = [[p.name, f"{p.seconds:.1f}", str(p.chunks),
               ", ".join(f"{k}={v:,}" if isinstance(v, int) else f"{k}={v:.3g}"
                         for k, v in p.counts.items())] for p in result.passes]
    print_table("passes", ["pass", "seconds", "chunks", "counts"], passes,
                [False, True, True, False])
