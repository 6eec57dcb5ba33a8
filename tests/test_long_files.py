"""Long files load in work linear in their size (issue 21, section 4): counted, never timed
(the times are in benchmarks/bench_loading.py)."""

from __future__ import annotations

from cpoly.api import deal_table, load_game
from cpoly.lang.lower import Lowerer
from cpoly.lang.resolve import Program, resolve
from cpoly.lang.syntax import read_module

CHAIN = 3_000


def _chain(n: int) -> str:
    lines = ['import "poker.cp"', 'game "Chain"', "A0 = Flush"]
    lines += [f"A{k} = (1 - A{k - 1})" for k in range(1, n + 1)]
    return "\n".join(lines + [f"categories A{n}, A{n - 1}"]) + "\n"


class _CountingList(list[str]):
    """A list that counts how many of its items are read."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _CountingList.reads += 1
        return super().__getitem__(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        for item in super().__iter__():
            _CountingList.reads += 1
            yield item


def test_lowering_a_chain_reads_each_definition_a_bounded_number_of_times():
    """It read ``program.order`` from the start for every name: n²/2 reads."""
    head = ["F = σ1-σ2", "domain F: 3", "A0 = δF[1],F[2]"]
    program = resolve(read_module("\n".join(head + [f"A{k} = (1 - A{k - 1})" for k in range(1, CHAIN)])))
    assert len(program.expressions) == CHAIN
    program.order = _CountingList(program.order)
    _CountingList.reads = 0
    lowerer = Lowerer(program)
    lowerer.check_all()
    lowerer.definition(f"A{CHAIN - 1}")
    assert _CountingList.reads <= 3 * len(program.order) + 10, _CountingList.reads


def test_a_long_chain_counts_right(tmp_path, monkeypatch):
    """3,000 definitions, each the complement of the one before: A3000 is a flush, A2999 not."""
    path = tmp_path / "chain.cp"
    path.write_text(_chain(CHAIN), encoding="utf-8")
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path / "cache"))
    for _ in range(2):  # cold (parsed, snapshot written), then warm (read from the snapshot)
        rows = deal_table(load_game(path)).rows
        assert [(r.name, r.ways) for r in rows] == [(f"A{CHAIN}", 5_148), (f"A{CHAIN - 1}", 2_598_960 - 5_148)]


def test_loading_never_lists_every_name(tmp_path, monkeypatch):
    """Each index of an indexed form was checked against a set of all names built anew:
    names x indexed forms.  A load that finds no mistake never builds that set."""
    calls = []
    original = Program.all_names
    monkeypatch.setattr(Program, "all_names", lambda self: calls.append(1) or original(self))
    lines = ['import "poker.cp"', 'game "Many"']
    lines += [f"C{k} = any(i<j in 1..5) δF[i],F[j]{{{k % 13}}} * δS[1],S[2],S[3],S[4],S[5]{{{k // 13}}}"
              for k in range(52)]
    path = tmp_path / "many.cp"
    path.write_text("\n".join(lines + ["categories " + ", ".join(f"C{k}" for k in range(52))]) + "\n")
    game = load_game(path, use_cache=False)
    assert calls == [] and len(game.category_names) == 52
