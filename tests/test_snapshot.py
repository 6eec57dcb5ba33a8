"""Snapshots of loaded games (cpoly/store/snapshot.py): a game read from its snapshot answers exactly
as the parsed game does (the parsed path is the oracle), its nodes are the interned ones, and
a changed, damaged or stale snapshot is never trusted."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from cpoly import api
from cpoly.api import deal_table, load_game
from cpoly.cli.main import main
from cpoly.count.compiledgame import Game
from cpoly.dag.expr import Const, Delta, Product, Sum, operand_order, postorder
from cpoly.dag.rewrite import add, mul
from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.lower import Lowerer
from cpoly.store import snapshot
from tests.conftest import DEFINITIONS, FIXTURES, ROOT

JACKS = DEFINITIONS / "jacks_or_better.cp"
SMALL = FIXTURES / "small_poker.cp"
OPTIONS = {"kind": "game", "symbolic": [], "overrides": [], "check_order": True}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache directory for one test."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths :func:`load_game` parsed (a load from a snapshot parses nothing)."""
    seen: list[str] = []
    real = api.load_module

    def counting(path: str | Path) -> object:
        seen.append(str(path))
        return real(path)

    monkeypatch.setattr(api, "load_module", counting)
    yield seen


def from_snapshot(path: Path, parses: list[str], **options: object) -> Game:
    """The game at ``path`` loaded twice: the second load must come from the snapshot."""
    load_game(path, **options)  # type: ignore[arg-type]
    before = len(parses)
    game = load_game(path, **options)  # type: ignore[arg-type]
    assert len(parses) == before, "the second load parsed the file again"
    return game


def test_a_snapshot_game_counts_and_analyses_as_the_parsed_one(cache: Path, parses: list[str]) -> None:
    game = from_snapshot(SMALL, parses)
    parsed = load_game(SMALL, use_cache=False)
    assert game is not parsed and deal_table(game) == deal_table(parsed)
    assert game.program.warnings == parsed.program.warnings
    assert game.exclusions() == parsed.exclusions()
    ours = VideoPoker.from_game(game).analyze("flat", use_cache=False)
    oracle = VideoPoker.from_game(parsed).analyze("flat", use_cache=False)
    assert isinstance(ours.expected_return, Fraction)
    assert ours.expected_return == oracle.expected_return  # exact
    assert (ours.combinations, ours.deal_counts) == (oracle.combinations, oracle.deal_counts)
    hand = ["Ah", "Kh", "Qh", "Jh", "9c"]
    assert VideoPoker.from_game(game).hold(hand, use_cache=False) == \
        VideoPoker.from_game(parsed).hold(hand, use_cache=False)


def test_a_snapshot_of_jacks_or_better_gives_its_deal_table(cache: Path, parses: list[str]) -> None:
    game = from_snapshot(JACKS, parses)
    table = deal_table(game)
    assert table == deal_table(load_game(JACKS, use_cache=False))
    assert (table.total, table.rows[0].ways, table.rows[-1].paid_ways) == (2598960, 4, 337920)
    assert api.check(game, ["Ah", "Kh", "Qh", "Jh", "Th"]) == "RoyalFlush"


def test_the_nodes_of_a_snapshot_are_the_interned_ones(cache: Path, parses: list[str]) -> None:
    game = from_snapshot(JACKS, parses)
    parsed = load_game(JACKS, use_cache=False)
    assert game.deal is parsed.deal
    assert all(game.categories[n] is parsed.categories[n] for n in game.category_names)
    assert all(game.paid_form(n) is parsed.paid_form(n) for n in game.category_names)
    fresh = Lowerer(game.program)  # lowered again from the snapshot's syntax: the same nodes
    assert all(fresh.definition(n) is game.categories[n] for n in game.category_names)


def test_unpickled_nodes_are_interned_in_a_new_process(cache: Path, parses: list[str]) -> None:
    """In a process that never parsed the game, the snapshot's nodes are canonical: every sum
    and product lists its operands in this process's order and is what the constructors give."""
    from_snapshot(JACKS, parses)
    script = f"""
import sys
from cpoly.api import load_game
from cpoly.dag.expr import Product, Sum, operand_order, postorder
from cpoly.lang.lower import Lowerer
from cpoly.dag.rewrite import add, mul
game = load_game({str(JACKS)!r})
assert "lark" not in sys.modules
nodes = postorder([game.deal, *game.categories.values()])
for node in nodes:
    operands = node.factors if isinstance(node, Product) else node.terms if isinstance(node, Sum) else None
    if operands is not None:
        assert list(operands) == sorted(operands, key=operand_order)
        assert (mul if isinstance(node, Product) else add)(*reversed(operands)) is node
fresh = Lowerer(game.program)
assert all(fresh.definition(n) is game.categories[n] for n in game.category_names)
print(len(nodes))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 100


def test_operands_keep_their_canonical_order(cache: Path, parses: list[str]) -> None:
    game = from_snapshot(JACKS, parses)
    for node in postorder([game.deal, *game.categories.values()]):
        if isinstance(node, (Sum, Product)):
            operands = node.factors if isinstance(node, Product) else node.terms
            assert list(operands) == sorted(operands, key=operand_order)
            assert (mul if isinstance(node, Product) else add)(*operands) is node
        assert isinstance(node, (Const, Delta, Sum, Product))


def test_only_fields_and_the_dags_are_kept(cache: Path, parses: list[str], tiny: Path) -> None:
    """Cached values that may hold memos keyed by node uid (the counting plan, anything added
    later) are made again in the loading process, never read from a snapshot."""
    game = load_game(tiny, use_cache=False)
    _ = game.plan
    vars(game)["memo_by_uid"] = {game.deal.uid: 1}
    snapshot.keep(tiny, OPTIONS, game, game.program.module.sources)
    loaded = snapshot.recall_loaded(tiny, OPTIONS, Game)
    assert loaded is not None and loaded.deal is game.deal
    assert set(vars(loaded)) == set(vars(game)) - {"plan", "memo_by_uid"}
    assert loaded.plan is not game.plan and pairs(loaded) == pairs(game)


# ---- invalidation ---------------------------------------------------------------------------
TINY_LIB = """Faces = 4
Suits = 2
F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])
Pair = any(i<j in 1..5) δF[i],F[j]
"""
TINY_GAME = 'import "tiny_lib.cp"\ngame "Tiny"\ncards F S\ndeal Hand\ncategories Pair\n'


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    (tmp_path / "tiny_lib.cp").write_text(TINY_LIB)
    path = tmp_path / "tiny.cp"
    path.write_text(TINY_GAME)
    return path


def pairs(game: Game) -> object:
    return deal_table(game).rows[0].ways


def test_an_edited_import_is_parsed_again(cache: Path, parses: list[str], tiny: Path) -> None:
    before = pairs(from_snapshot(tiny, parses))
    (tiny.parent / "tiny_lib.cp").write_text(TINY_LIB.replace("δF[i],F[j]\n", "δF[i],F[j]{0}\n"))
    count = len(parses)
    edited = load_game(tiny)
    assert len(parses) == count + 1
    assert pairs(edited) == pairs(load_game(tiny, use_cache=False)) != before
    assert pairs(from_snapshot(tiny, parses)) == pairs(edited)  # and the new snapshot is used


def test_other_options_have_their_own_snapshot(cache: Path, parses: list[str], tiny: Path) -> None:
    assert snapshot.snapshot_path(tiny, OPTIONS) != snapshot.snapshot_path(
        tiny, {**OPTIONS, "overrides": [("Suits", 3)]})
    two_suits = pairs(from_snapshot(tiny, parses))
    three_suits = from_snapshot(tiny, parses, overrides={"Suits": 3})
    assert pairs(three_suits) == pairs(load_game(tiny, overrides={"Suits": 3}, use_cache=False)) != two_suits
    assert pairs(from_snapshot(tiny, parses)) == two_suits
    symbolic = from_snapshot(tiny, parses, symbolic=["Suits"])
    assert str(pairs(symbolic)) == str(pairs(load_game(tiny, symbolic=["Suits"], use_cache=False)))
    assert not isinstance(pairs(symbolic), int)


def test_a_program_has_its_own_snapshot(cache: Path, parses: list[str], tiny: Path) -> None:
    """``load_program`` (``cpoly count FILE NAME``) keeps and reads its program like a game."""
    load_game(tiny)
    programs = [api.load_program(tiny) for _ in range(2)]
    assert len(parses) == 2  # the game, then the program once
    parsed = api.load_program(tiny, use_cache=False)
    brute = sum(len(set(faces)) < 5 for faces in product(range(4), repeat=5)) * 2**5  # suits free
    assert api.count(programs[1], "Pair") == api.count(parsed, "Pair") == brute
    assert programs[1].expressions == parsed.expressions and programs[1].order == parsed.order
    before = len(parses)
    assert main(["count", str(tiny), "Pair", "--json"]) == 0 and len(parses) == before


def damage_all(cache: Path, how: str) -> None:
    files = list(cache.glob("game-*.snapshot"))
    assert files
    for path in files:
        data = path.read_bytes()
        if how == "truncate":
            path.write_bytes(data[: len(data) // 2])
        elif how == "flip":
            path.write_bytes(data[:-10] + bytes([data[-10] ^ 1]) + data[-9:])
        else:
            path.write_bytes(b"not a snapshot")


@pytest.mark.parametrize("how", ["truncate", "flip", "garbage"])
def test_a_damaged_snapshot_is_ignored_and_rewritten(cache: Path, parses: list[str], tiny: Path,
                                                     how: str) -> None:
    expected = pairs(from_snapshot(tiny, parses))
    damage_all(cache, how)
    assert snapshot.recall_loaded(tiny, OPTIONS, Game) is None
    count = len(parses)
    assert pairs(load_game(tiny)) == expected
    assert len(parses) == count + 1
    assert snapshot.recall_loaded(tiny, OPTIONS, Game) is not None  # rewritten


def test_a_snapshot_of_other_code_is_ignored(cache: Path, parses: list[str], tiny: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from_snapshot(tiny, parses)
    monkeypatch.setattr(snapshot, "code_digest", lambda: "another version of cpoly")
    assert snapshot.recall_loaded(tiny, OPTIONS, Game) is None


def test_the_code_digest_covers_cpolys_sources() -> None:
    digest = snapshot.code_digest()
    assert len(digest) == 64
    snapshot.code_digest.cache_clear()
    assert snapshot.code_digest() == digest


def test_an_unwritable_cache_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             tiny: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(blocker / "cache"))  # below a file: cannot exist
    assert pairs(load_game(tiny)) == pairs(load_game(tiny, use_cache=False))


def test_a_definition_too_deep_to_pickle_still_loads(cache: Path, parses: list[str], tiny: Path) -> None:
    """A hand-written sum of 3,000 terms parses to a chain deeper than pickle goes: no snapshot
    is kept, and every load parses."""
    (tiny.parent / "tiny_lib.cp").write_text(TINY_LIB + "Long = " + " + ".join(["δF[1]{0}"] * 3000) + "\n")
    games = [load_game(tiny) for _ in range(2)]
    assert len(parses) == 2
    assert pairs(games[1]) == pairs(load_game(tiny, use_cache=False))
    assert games[1].lowerer.definition("Long") is load_game(tiny, use_cache=False).lowerer.definition("Long")


# ---- errors are never masked ---------------------------------------------------------------
@pytest.mark.parametrize("edit, column, message", [
    ("δF[i],F[j] $", 36, "unexpected character '$'"),     # a syntax error
    ("δF[i],G[j]", 31, "unknown name 'G'"),               # a name error
])
def test_a_mistake_made_after_a_snapshot_is_reported_at_its_place(
        cache: Path, parses: list[str], tiny: Path, capsys: pytest.CaptureFixture[str],
        edit: str, column: int, message: str) -> None:
    from_snapshot(tiny, parses)
    pair = "Pair = any(i<j in 1..5) "
    (tiny.parent / "tiny_lib.cp").write_text(TINY_LIB.replace(pair + "δF[i],F[j]", pair + edit))
    with pytest.raises(CpolyError) as error:
        load_game(tiny)
    assert error.value.span is not None and message in error.value.message
    assert (error.value.span.line, error.value.span.column) == (8, column)
    assert main(["count", str(tiny)]) == 2
    shown = capsys.readouterr().err
    assert f"tiny_lib.cp:8:{column}: error: {message}" in shown
    line, caret = shown.splitlines()[1:3]
    assert line.strip().startswith("Pair") and caret.index("^") == column - 1 + line.index("Pair")


def test_a_removed_file_is_an_error_not_a_snapshot(cache: Path, parses: list[str], tiny: Path) -> None:
    from_snapshot(tiny, parses)
    tiny.unlink()
    with pytest.raises(CpolyError, match="no such file"):
        load_game(tiny)


def test_a_game_refused_at_load_is_refused_every_time(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "ordered.cp"
    path.write_text(TINY_LIB + "First = δF[1]{0}\ngame \"Order\"\ncards F S\ndeal Hand\n"
                    "categories First\n")
    for _ in range(2):
        with pytest.raises(CpolyError, match="depends on the order of the cards"):
            load_game(path)
    assert not list(cache.glob("game-*.snapshot"))


# ---- the command line ----------------------------------------------------------------------
def test_a_warm_analyze_does_not_import_the_parser(tmp_path: Path) -> None:
    """A new process analysing a game loaded before imports neither lark nor cpoly.lang.parse (and
    the first one does: the check can fail)."""
    env = {**os.environ, "CPOLY_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-X", "importtime", "-m", "cpoly", "analyze", str(SMALL), "--json"]
    runs = [subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    imported = [{line.split("|")[-1].strip() for line in run.stderr.splitlines() if "|" in line}
                for run in runs]
    assert {"lark", "cpoly.lang.parse"} <= imported[0]
    assert not {"lark", "cpoly.lang.parse"} & imported[1]
