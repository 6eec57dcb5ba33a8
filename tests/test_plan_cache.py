"""Counting plans kept in the store (issue 33): a second process plans nothing and counts the same.

Oracles: the deal table by checking every deal (:func:`deal_table_by_checking`, no plan at
all) and the table of a process that planned everything itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest

from cpoly.api import deal_table, deal_table_by_checking, load_game
from cpoly.count.patterncount import CANONICAL
from cpoly.count.plancache import SUFFIX
from cpoly.dag import memo
from cpoly.store.container import open_store
from cpoly.store.snapshot import dag_unpickled
from cpoly.store.sources import cache_disabled

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "definitions" / "deuces_wild.cp"
SMALL = ROOT / "tests" / "fixtures" / "small_poker.cp"

# In a process of its own: the deal table of a game, its plans kept in the store.
KEEP = """
import sys
from cpoly.api import deal_table, load_game
deal_table(load_game(sys.argv[1], use_cache=False))
"""


def _kept(cache: Path) -> list[Path]:
    return sorted(cache.glob(f"plans-*{SUFFIX}"))


def _rows(table: object) -> list[tuple[str, object, object]]:
    return [(row.name, row.ways, row.paid_ways) for row in table.rows]  # type: ignore[attr-defined]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def forgotten() -> Iterator[None]:
    """Every memo emptied before the test (this process's canonical keys and what holds them,
    the priced terms and piece keys, forgotten) and after it (it gives some keys wrong counts).
    The key counter must not move down: keys held by earlier counts would be handed out again."""
    before = next(CANONICAL._ids)
    memo.clear()
    yield
    memo.clear()
    assert next(CANONICAL._ids) > before, "the canonical key counter moved down"


def test_plans_kept_by_another_process_count_as_checking_every_deal(cache: Path, forgotten: None) -> None:
    """The plans come from another process, whose canonical keys are its own.  Here the keys
    known are forgotten, each of the other process's keys is given a wrong count (as if this
    process had handed it to another term, whose count it found), and the keys handed out next
    lie above them: a key not taken again here finds the wrong count."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", KEEP, str(GAME)], env=env, check=True, cwd=ROOT)
    (kept,) = _kept(cache)
    opened = open_store(kept)
    assert opened is not None
    theirs = {key for _, pinned in dag_unpickled(opened.raw("payload"))  # type: ignore[attr-defined]
              if not isinstance(pinned.patterns, str) for _, _, cost in pinned.patterns.parts for key in cost.keys}
    CANONICAL.counts.update(dict.fromkeys(theirs, 10**12))
    # Keys handed out next lie above theirs, and the counter never moves down: a key this
    # process handed out before (held by a memo or a plan of an earlier count) is never handed
    # out again to another term, which would find that term's count in later tests.
    CANONICAL._ids = count(max(max(theirs) + 1, next(CANONICAL._ids)))
    game = load_game(GAME, use_cache=False)
    planned_at_load = game.plan._unkept
    table = deal_table(game)
    assert game.plan._unkept == planned_at_load == 0  # every plan recalled, none made
    assert _rows(table) == _rows(deal_table_by_checking(load_game(GAME, use_cache=False)))


def test_a_damaged_plan_file_is_planned_again(cache: Path) -> None:
    first = _rows(deal_table(load_game(SMALL, use_cache=False)))
    (kept,) = _kept(cache)
    data = bytearray(kept.read_bytes())
    data[-10] ^= 0xFF  # inside the payload: the container's check fails
    kept.write_bytes(bytes(data))
    game = load_game(SMALL, use_cache=False)
    assert _rows(deal_table(game)) == first
    assert game.plan._unkept == 0  # planned again, and kept again
    assert _kept(cache) == [kept] and kept.read_bytes() != bytes(data)


def test_no_cache_keeps_no_plan(cache: Path) -> None:
    """Nothing is written with the cache off, and the plans are still to keep once it is on."""
    game = load_game(SMALL, use_cache=False)
    with cache_disabled():
        deal_table(game)
    assert _kept(cache) == []
    game.plan.keep_plans()
    assert len(_kept(cache)) == 1


def test_a_resized_game_keeps_plans_of_its_own(cache: Path) -> None:
    """``--set`` changes the game's version: its plans are kept apart, and neither game reads
    the other's."""
    deal_table(load_game(SMALL, use_cache=False))
    deal_table(load_game(SMALL, use_cache=False, overrides={"Suits": 4}))
    assert len(_kept(cache)) == 2
    game = load_game(SMALL, use_cache=False, overrides={"Suits": 4})
    assert _rows(deal_table(game)) == _rows(deal_table_by_checking(load_game(SMALL, use_cache=False,
                                                                             overrides={"Suits": 4})))
    assert game.plan._unkept == 0


def test_the_command_answers_the_same_from_kept_plans(cache: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CPOLY_CACHE_DIR": str(cache)}
    runs = [subprocess.run([sys.executable, "-m", "cpoly", "count", str(GAME), "--json", *flag], env=env,
                           capture_output=True, text=True, check=True, cwd=ROOT).stdout
            for flag in ([], [], ["--no-cache"])]
    assert len(_kept(cache)) == 1
    assert runs[0] == runs[1] == runs[2] and json.loads(runs[0])
