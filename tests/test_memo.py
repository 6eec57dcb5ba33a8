"""Every engine memo is registered and bounded, and emptying memos never changes a count."""

from __future__ import annotations

import sys

import pytest

from cpoly.api import deal_table, load_game
from cpoly.count.counting import count_node
from cpoly.count.evaluate import count_dense
from cpoly.dag import memo
from cpoly.dag.rewrite import delta, mul, one_minus
from cpoly.lang.resolve import Sort

SORTS = {v: Sort("F", 6) for v in range(1, 5)} | {v: Sort("S", 3) for v in range(5, 9)}
UNIVERSE = frozenset(SORTS)


def distinct_node(k: int):
    """The k-th of many different expressions (each its own value sets and vertex pairs)."""
    a, b = 1 + k % 4, 1 + (k // 4) % 4
    return mul(delta((a,), {k % 6, (k // 6) % 6}), one_minus(delta((a, b))), delta((5 + k % 4, 5 + (k // 3) % 4)),
               one_minus(delta((1 + (k // 2) % 4,), {(k // 36) % 6})))


def _engine_containers() -> dict[tuple[str, str], int]:
    """The sizes of the module-level dicts, lists and sets of the engine's modules (not memos)."""
    found = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("cpoly.") or name.startswith(("cpoly.games", "cpoly.cli", "cpoly.web")):
            continue
        for attribute, value in vars(module).items():
            if isinstance(value, (dict, list, set)) and not attribute.startswith("__"):
                found[(name, attribute)] = len(value)
    return found


def test_a_long_loop_of_distinct_counts_keeps_every_memo_within_its_bound(monkeypatch):
    for registered in memo.registered():
        monkeypatch.setattr(registered, "bound", 50)
        if isinstance(registered, memo.MemoOfMemos):
            monkeypatch.setattr(registered, "inner", 50)
    memo.clear()  # what earlier tests in this process left
    before = _engine_containers()
    largest: dict[str, int] = {}
    for k in range(400):
        node = distinct_node(k)
        if k % 40 == 0:
            assert count_node(node, SORTS, UNIVERSE) == count_dense(node, SORTS, sorted(UNIVERSE))
        else:
            count_node(node, SORTS, UNIVERSE)
        for registered in memo.registered():
            largest[registered.name] = max(largest.get(registered.name, 0), len(registered))
    slack = 200  # what one traversal may add (the DAGs here are small)
    tables = {m.name: 50 * 50 if isinstance(m, memo.MemoOfMemos) else 50 for m in memo.registered()}
    assert not {name: size for name, size in largest.items() if size > tables[name] + slack}
    assert max(largest.values()) >= 50  # the bounds were reached: the loop can fail this test
    grown = {key: size for key, size in _engine_containers().items() if size > before.get(key, 0) + 50
             and key != ("cpoly.dag.expr", "_TABLE")}  # the intern table, never emptied (cpoly.dag.memo)
    assert not grown, f"module-level containers that grow with the counts, not registered memos: {grown}"


def test_emptying_every_memo_gives_identical_counts(monkeypatch):
    game = load_game("definitions/jacks_or_better.cp", use_cache=False)
    first = deal_table(game)
    memo.clear()
    assert deal_table(load_game("definitions/jacks_or_better.cp", use_cache=False)) == first
    for registered in memo.registered():
        monkeypatch.setattr(registered, "bound", 1)  # emptied at every insert and traversal
    nodes = [distinct_node(k) for k in range(30)]
    assert [count_node(n, SORTS, UNIVERSE) for n in nodes] == [count_dense(n, SORTS, sorted(UNIVERSE)) for n in nodes]


def test_a_memo_name_is_registered_once():
    with pytest.raises(ValueError, match="registered already"):
        memo.Memo[int, int]("rewrite.products", 1)
