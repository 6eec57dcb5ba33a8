"""The hold-major pricing of the suit-class analysis (scalar.py, subsetrows.held_subset_rows,
classprep, suitclasses.four_subsets, parallel.beside), each against an independent oracle.

Oracles: brute-force video-poker analysis of a small deck (vp_oracle, every draw listed), the
subset rows of every deal by colex rank (subsetrows.subset_indices), the per-category counts of
every hold (subsetrows.hold_counts + choose_holds), the class of every 4-card hand canonicalised on its own
(SuitBlocks.class_index), Python's exact integer products, and the engine's categories checked
without the deal.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.deck.suitclasses import SuitBlocks, suit_levels
from cpoly.games.videopoker.hold.holdchoice import draw_weights
from cpoly.games.videopoker.hold.lattice import HOLDS
from cpoly.games.videopoker.play import plain
from cpoly.games.videopoker.play.choice import choose_holds, hold_pay_matrix, hold_weights
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.scalar import exact_dot
from cpoly.games.videopoker.play.variant import analyze
from cpoly.games.videopoker.prepare.cache import load_entry, store_entry
from cpoly.games.videopoker.prepare.classify import classify_rows
from cpoly.games.videopoker.prepare.subsetrows import hold_counts
from cpoly.games.videopoker.warm.preparedfile import prepare_from_file
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import TieRule
from cpoly.scale import parallel

from .vp_oracle import brute_analysis, poker_categories, standard_deck

PAYS = (50, 25, 9, 6, 4, 3, 2, 1, 1)
RULES = ("first", "fewest-cards", "most-cards", "lowest-variance", "highest-variance", "rank-order")


def _prepared(n_faces: int = 5, n_suits: int = 3):  # type: ignore[no-untyped-def]
    faces, suits = standard_deck(n_faces, n_suits)
    categories = poker_categories(n_faces, n_suits)
    prepared = prepare_from_file(lambda deals: categories[colex_rank(deals)], SuitBlocks.of(faces, suits, []),
                               faces, 10, "unused", use_cache=False)
    return prepared, categories, faces


def test_exact_dot_equals_python_integers() -> None:
    rng = np.random.default_rng(7)
    for bits in (3, 20, 40, 61):
        vector = rng.integers(-(2**62), 2**62, 300)
        rows = rng.integers(0, 2**bits, (300, 4))
        expected = [int(v) for v in vector.astype(object) @ rows.astype(object)]
        assert exact_dot(vector, rows) == expected, bits  # 61 bits: the object fallback
    assert exact_dot(np.array([-1, -1]), np.array([[5], [7]])) == [-12]


def test_held_rows_are_the_subset_rows_of_every_class() -> None:
    prepared, _, _ = _prepared()
    n_classes = len(prepared.sizes)
    index = prepared.subsets(np.arange(n_classes))
    assert np.array_equal(prepared.held_rows(0, n_classes), index[:, : HOLDS - 1].T)
    assert np.array_equal(prepared.held_rows(3, 11), index[3:11, : HOLDS - 1].T)


@pytest.mark.parametrize("deck", [(5, 3), (4, 4), (6, 2)])
def test_four_subsets_are_the_classes_of_each_deal_minus_one_card(deck: tuple[int, int]) -> None:
    faces, suits = standard_deck(*deck)
    blocks = SuitBlocks.of(faces, suits, [])
    levels = suit_levels(blocks)
    deals = levels.cards(5)
    fours = levels.four_subsets(deals)
    for i in range(5):
        assert np.array_equal(fours[:, i], blocks.class_index(levels.keys[4], np.delete(deals, i, axis=1)))


def test_hold_values_are_the_counts_times_the_pays() -> None:
    """The EV numerators handed to ``hold_values`` (price_holds: contracted rows through the
    inclusion-exclusion) equal those of every hold's per-category counts (choose_holds)."""
    prepared, _, _ = _prepared()
    table = PayTable("small", PAYS)
    seen = np.zeros((len(prepared.sizes), HOLDS), dtype=np.int64)

    def keep(rows: np.ndarray, values: np.ndarray) -> None:
        seen[rows] = values

    analyze(PlainPlay(prepared, keep), table)
    counts = hold_counts(prepared.subset_rows(0, len(prepared.sizes)), prepared.stacked)
    _, weights = draw_weights(prepared.n)
    values, _ = choose_holds(counts, hold_pay_matrix(table.scaled()), hold_weights(weights), TieRule.FIRST,
                             prepared.deals)
    assert np.array_equal(seen, values)


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("tie_batch", [3, 512])
def test_small_chunks_on_two_threads_analyse_as_brute_force(monkeypatch: pytest.MonkeyPatch, rule: str,
                                                           tie_batch: int) -> None:
    """Chunks of 7 classes on two threads: many plain sums added up; ties decided on the pool
    (chunks with at least ``tie_batch`` of them, in slices) or gathered over several chunks."""
    prepared, categories, faces = _prepared()
    monkeypatch.setenv(parallel.THREADS_ENV, "2")
    monkeypatch.setattr(plain, "CHUNK_CLASSES", 7)
    monkeypatch.setattr(plain, "TIE_BATCH", tie_batch)
    result = analyze(PlainPlay(prepared), PayTable("small", PAYS), rule)
    pays = [Fraction(p) for p in (*PAYS, 0)]
    combinations, dealt = brute_analysis(categories, 15, pays, pays, faces)[rule]
    assert list(result.combinations) == combinations and list(result.dealt_combinations) == dealt
    assert result.tied_deals > 0  # the batches of ties were exercised


def test_held_rows_round_trip_through_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cached preparation reads the held rows it stored (memory-mapped), and analyses alike."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    faces, suits = standard_deck(5, 3)
    categories = poker_categories(5, 3)
    blocks = SuitBlocks.of(faces, suits, [])

    def prepare():  # type: ignore[no-untyped-def]
        return prepare_from_file(lambda deals: categories[colex_rank(deals)], blocks, faces, 10, "k")

    built, read = prepare(), prepare()
    assert not built.from_cache and read.from_cache
    n_classes = len(built.sizes)
    assert np.array_equal(built.held_rows(0, n_classes), read.held_rows(0, n_classes))
    table = PayTable("small", PAYS)
    assert analyze(PlainPlay(built), table) == replace(analyze(PlainPlay(read), table), from_cache=False)


def test_streamed_entry_reads_back_every_array(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    arrays = {"big": np.arange(400_000, dtype=np.int32).reshape(2, -1), "odd": np.arange(7, dtype=np.int8),
              "empty": np.zeros(0, dtype=np.int64)}
    store_entry("test", "key", arrays)
    layout = {name: (a.dtype, a.shape) for name, a in arrays.items()}
    loaded = load_entry("test", "key", layout)
    assert loaded is not None and all(np.array_equal(loaded[name], a) for name, a in arrays.items())


def test_beside_raises_the_error_of_either_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(parallel.THREADS_ENV, "2")

    def fail() -> int:
        raise KeyError("pool")

    with pytest.raises(KeyError, match="pool"):
        parallel.beside(fail, lambda: 1)
    with pytest.raises(ValueError, match="caller"):
        parallel.beside(lambda: 1, lambda: (_ for _ in ()).throw(ValueError("caller")))
    assert parallel.beside(lambda: 2, lambda: 3) == (2, 3)


def test_classify_rows_keeps_the_categories_of_rejected_rows(tmp_path: Path) -> None:
    """One pass with the deal: the rows the deal rejects are flagged (as the deal's own value
    says) and still get the category the engine gives them without the deal; every hand of the
    small deck against the test-only classifier."""
    from cpoly.api import load_game

    text = (Path(__file__).parent.parent / "fixtures" / "small_poker.cp").read_text(encoding="utf-8")
    path = tmp_path / "no_flush.cp"
    path.write_text(text.replace("deal Hand\n", "deal Hand * (1 - Flush)\n"), encoding="utf-8")
    game = load_game(str(path))
    faces, suits = standard_deck(6, 3)
    hands = all_hands(18, 5)
    categories, rejected, _ = classify_rows(game, hands, faces, suits)
    stacked = np.stack([faces[hands], suits[hands]], axis=2)
    assert np.array_equal(categories, poker_categories(6, 3))
    assert np.array_equal(rejected, game.deal_values(stacked) == 0)
    assert int(rejected.sum()) == 3 * 6  # the flushes: 3 suits x C(6, 5)


def test_entry_written_later_is_waited_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A background write happens on another thread and is read back by the same process
    (load_entry waits for it); a writer's error is raised to the thread that waits, not
    printed, except running out of memory, which leaves the entry missing."""
    import threading

    from cpoly.games.videopoker.prepare import cache

    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    layout = {"a": (np.dtype(np.int64), (10,))}
    arrays = {"a": np.arange(10, dtype=np.int64)}
    writers: list[str] = []
    store_at = cache._store_at

    def recorded(*args: Any) -> Any:
        writers.append(threading.current_thread().name)
        return store_at(*args)

    monkeypatch.setattr(cache, "_store_at", recorded)
    cache.store_entry_later("later", "key", arrays)
    loaded = cache.load_entry("later", "key", layout)
    assert loaded is not None and np.array_equal(loaded["a"], arrays["a"])
    assert writers and writers[0] != threading.current_thread().name

    def failing(error: BaseException) -> Any:
        def store(*_: object) -> None:
            raise error
        return store

    monkeypatch.setattr(cache, "_store_at", failing(RuntimeError("disk on fire")))
    cache.store_entry_later("later", "other", arrays)
    with pytest.raises(RuntimeError, match="disk on fire"):
        cache.load_entry("later", "other", layout)
    monkeypatch.setattr(cache, "_store_at", failing(MemoryError()))
    cache.store_entry_later("later", "third", arrays)
    assert cache.load_entry("later", "third", layout) is None


def test_a_damaged_entry_of_the_right_size_is_never_trusted(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Every byte of every array is checked: one changed byte deep inside a large array (where
    a sampled check would not look) makes the entry missing, and it is deleted."""
    from cpoly.games.videopoker.prepare import cache

    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    big = np.arange(3 << 20, dtype=np.int32)  # 12 MiB
    path = cache.store_entry("big", "key", {"a": big})
    assert path is not None
    with open(path, "r+b") as stream:
        stream.seek(path.stat().st_size - 5_000_000)
        byte = stream.read(1)
        stream.seek(-1, 1)
        stream.write(bytes([byte[0] ^ 1]))
    assert cache.load_entry("big", "key", {"a": (np.dtype(np.int32), (None,))}) is None
    assert not path.exists()


@pytest.mark.parametrize("top_pay", [50, 10**6])
def test_narrow_and_wide_inclusion_exclusion_analyse_as_brute_force(top_pay: int) -> None:
    """int32 contracted rows when C(n, 5) times the largest pay fits (15 cards: 3,003 hands),
    int64 past it (a pay of a million); both against brute force."""
    from cpoly.games.videopoker.play.scalar import Pricing

    prepared, categories, faces = _prepared()
    pays = (top_pay, *PAYS[1:])
    table = PayTable("small", pays)
    _, weights = draw_weights(prepared.n)
    pricing = Pricing.of(prepared.stacked, hold_pay_matrix(table.scaled()), hold_weights(weights))
    assert pricing.contracted.dtype == (np.int32 if top_pay == 50 else np.int64)
    result = analyze(PlainPlay(prepared), table, "rank-order")
    exact = [Fraction(p) for p in (*pays, 0)]
    assert list(result.combinations) == brute_analysis(categories, 15, exact, exact, faces)["rank-order"][0]
