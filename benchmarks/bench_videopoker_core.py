"""Time the video-poker full-game machinery on the 52-card deck (plain script).

    python3 benchmarks/bench_videopoker_core.py [--repeat N]

The category array comes from a fake, straightforward Jacks-or-Better classifier written here (it
is input to the machinery, not timed).  Timed, each in a fresh empty cache directory:

* cold: tables + deal classes + all holds (9/6 pay table), nothing cached
* warm: a second pay table (8/5) with the cache filled by the cold run
* stage by stage: deal classes, subset tables, the hold pass alone
* one ``hold_outcomes`` call with tables built
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpoly.deck import hands as hand_enumeration
from cpoly.deck.subsets import all_hands
from cpoly.deck.symmetry import deal_classes
from cpoly.games.videopoker.play.plain import PlainPlay, analyze_game, hold_outcomes
from cpoly.games.videopoker.play.variant import analyze
from cpoly.games.videopoker.prepare.prepared import prepare_game
from cpoly.games.videopoker.prepare.tables import build_tables
from cpoly.lang.paytable import PayTable
from cpoly.store.sources import CACHE_ENV

T = TypeVar("T")
FACES = np.repeat(np.arange(13), 4)
SUITS = np.tile(np.arange(4), 13)
NINE_SIX = PayTable("9/6", (800, 50, 25, 9, 6, 4, 3, 2, 1))
EIGHT_FIVE = PayTable("8/5", (800, 50, 25, 8, 5, 4, 3, 2, 1))


def fake_categories() -> np.ndarray:
    """Jacks-or-Better categories of every hand (card = 4 * face + suit), vectorised."""
    hands = all_hands(52, 5).astype(np.int64)
    faces, suits = hands // 4, hands % 4
    ordered = np.sort(faces, axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = (np.diff(ordered, axis=1) != 0).all(axis=1)
    run = ordered[:, 4] - ordered[:, 0] == 4
    straight = distinct & (run | ((ordered[:, 4] == 12) & (ordered[:, 3] == 3)))
    counts = np.zeros((len(hands), 13), dtype=np.int8)
    np.add.at(counts, (np.arange(len(hands))[:, None], faces), 1)
    top = np.sort(counts, axis=1)[:, ::-1]
    rules = [
        flush & distinct & run & (ordered[:, 0] == 8),
        flush & straight,
        top[:, 0] == 4,
        (top[:, 0] == 3) & (top[:, 1] == 2),
        flush,
        straight,
        top[:, 0] == 3,
        (top[:, 0] == 2) & (top[:, 1] == 2),
        (counts[:, 9:] >= 2).any(axis=1),
    ]
    categories = np.full(len(hands), 9, dtype=np.int64)
    for category in reversed(range(len(rules))):
        categories[rules[category]] = category
    return categories


def timed(action: Callable[[], T], repeat: int) -> tuple[float, T]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result  # type: ignore[return-value]


def fresh_cache(root: str) -> None:
    os.environ[CACHE_ENV] = tempfile.mkdtemp(prefix="cache-", dir=root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of N (default 3)")
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory(prefix="cpoly-bench-") as root:
        run(repeat, root)


def run(repeat: int, root: str) -> None:
    categories = fake_categories()
    hand_enumeration._all_hands_cached.cache_clear()  # cold means cold: hands built inside too

    def cold() -> object:
        fresh_cache(root)
        hand_enumeration._all_hands_cached.cache_clear()
        return analyze_game(categories, FACES, SUITS, NINE_SIX)

    cold_time, first = timed(cold, repeat)
    other_game = np.where(categories == 8, 9, categories)  # the same deck, another category array
    new_game_time, _ = timed(lambda: analyze_game(other_game, FACES, SUITS, PayTable("x", NINE_SIX.pays)), 1)
    warm_time, second = timed(lambda: analyze_game(categories, FACES, SUITS, EIGHT_FIVE), repeat)
    classes_time, _ = timed(lambda: deal_classes(FACES, SUITS), repeat)
    tables_time, tables = timed(lambda: build_tables(categories, 52, 10), repeat)
    prepared = prepare_game(categories, FACES, SUITS, 10, use_cache=False)
    holds_time, _ = timed(lambda: analyze(PlainPlay(prepared), NINE_SIX), repeat)
    one_time, _ = timed(lambda: hold_outcomes([51, 47, 43, 39, 2], tables), 20 * repeat)

    print(f"52 cards, {first.deal_classes:,} deal classes, best of {repeat}")  # type: ignore[attr-defined]
    print(f"  cold  analyze_game 9/6 (nothing cached)  {cold_time:7.3f} s   return {float(first.expected_return):.6f}")  # type: ignore[attr-defined]
    print(f"  new game, same deck (deal classes cached) {new_game_time:6.3f} s")
    print(f"  warm  analyze_game 8/5 (cache filled)    {warm_time:7.3f} s   return {float(second.expected_return):.6f}")  # type: ignore[attr-defined]
    print(f"  stage deal classes                       {classes_time:7.3f} s")
    print(f"  stage subset tables                      {tables_time:7.3f} s")
    print(f"  stage all holds, 32 per class            {holds_time:7.3f} s")
    print(f"  one hold_outcomes call                   {one_time * 1e3:7.3f} ms")
    print(f"  cold / warm                              {cold_time / warm_time:7.2f} x")


if __name__ == "__main__":
    main()
