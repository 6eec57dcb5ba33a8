"""The preflop strength table kept in the store: read back by a later process instead of built,
equal to the table built in memory, rebuilt when its file is damaged, never read with the cache
off; and the rank multisets it is indexed by, in itertools' order.

Oracles: the table built afresh (``_built_strengths``, itself checked against rank counts in
test_board_tables), ``itertools.combinations_with_replacement`` for the multisets, and a child
process whose builder raises (so it can only have read the file).
"""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations_with_replacement
from pathlib import Path

import numpy as np
import pytest

from cpoly.deck.ranks import rank_multisets
from cpoly.games.holdem import boards
from cpoly.games.holdem.evaluator import game_rules
from cpoly.games.holdem.tablestore import kept_table, table_path
from tests.conftest import ROOT

PREFLOP = ((0,) * 13, 5)


@pytest.mark.parametrize(("size", "ranks", "copies"), [(0, 13, 4), (2, 13, 4), (5, 13, 4), (5, 9, 4),
                                                       (4, 3, 1), (7, 13, 4)])
def test_rank_multisets_in_itertools_order(size: int, ranks: int, copies: int) -> None:
    rows = [np.bincount(np.array(c, dtype=np.int64), minlength=ranks)
            for c in combinations_with_replacement(range(ranks), size)]
    expected = np.array(rows, dtype=np.int64).reshape(-1, ranks)
    expected = expected[(expected <= copies).all(axis=1)]
    assert rank_multisets(size, ranks, copies).tolist() == expected.tolist()


def _fresh(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(folder))
    boards.strength_table.cache_clear()


def test_kept_table_equals_the_built_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    rules = game_rules(None)
    first = boards.strength_table(rules, *PREFLOP)
    files = list(tmp_path.glob("holdem-strengths-*.hst"))
    assert len(files) == 1 and not first.flags.writeable
    boards.strength_table.cache_clear()
    again = boards.strength_table(rules, *PREFLOP)
    assert again.base is not None  # a view of the file (a table built afresh owns its memory)
    built = boards._built_strengths(rules, *PREFLOP)
    assert again.dtype == np.int32 and (again == built).all() and (first == built).all()


def test_a_damaged_file_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    built = kept_table("demo", ("damaged",), lambda: np.arange(1000, dtype=np.int32))
    path = table_path("demo", ("damaged",))
    data = bytearray(path.read_bytes())
    data[-8] ^= 0xFF  # a byte of the array: its CRC fails
    path.write_bytes(bytes(data))
    calls = []
    again = kept_table("demo", ("damaged",), lambda: calls.append(1) or np.arange(1000, dtype=np.int32))
    assert calls == [1] and (again == built).all()
    assert kept_table("demo", ("damaged",), lambda: np.zeros(1000, dtype=np.int32)).tolist() == built.tolist()


def test_the_cache_off_reads_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh(monkeypatch, tmp_path)
    kept_table("demo", ("off",), lambda: np.ones(3, dtype=np.int32))
    monkeypatch.setenv("CPOLY_NO_CACHE", "1")
    assert kept_table("demo", ("off",), lambda: np.zeros(3, dtype=np.int32)).tolist() == [0, 0, 0]
    assert kept_table("demo", ("other",), lambda: np.zeros(3, dtype=np.int32)).tolist() == [0, 0, 0]
    assert len(list(tmp_path.glob("holdem-demo-*.hst"))) == 1


def test_a_later_process_reads_the_table_instead_of_building_it(tmp_path: Path) -> None:
    child = ("import sys\n"
             "from cpoly.games.holdem import boards\n"
             "from cpoly.games.holdem.equity import equity\n"
             "if sys.argv[1] == 'read':\n"
             "    def refuse(*args):\n"
             "        raise AssertionError('built again')\n"
             "    boards._built_strengths = refuse\n"
             "print(equity(['AsAh', 'KsKh']).players[0].equity_exact)\n")
    env = {**os.environ, "CPOLY_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    env.pop("CPOLY_NO_CACHE", None)
    outputs = [subprocess.run([sys.executable, "-c", child, mode], env=env, capture_output=True,
                              text=True, check=True, cwd=ROOT).stdout for mode in ("build", "read")]
    assert outputs == ["707495/856152\n"] * 2
