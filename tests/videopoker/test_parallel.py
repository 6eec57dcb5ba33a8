"""The threaded, chunked passes give exactly what one thread over one chunk gives, and the
engine's classification of every hand agrees with a direct poker classifier."""

from __future__ import annotations

import numpy as np
import pytest

from cpoly.api import load_game
from cpoly.count.evaluate import _dense_distinct
from cpoly.deck import symmetry
from cpoly.deck.subsets import all_hands
from cpoly.deck.symmetry import deal_classes
from cpoly.games.videopoker.play.plain import analyze_game
from cpoly.games.videopoker.prepare import classify, tables
from cpoly.lang.paytable import PayTable
from cpoly.scale import parallel

from .vp_oracle import poker_categories, standard_deck

PAYS = (3, 3, 3, 2, 1, 1, 1, 1, 1)


def small_chunks(monkeypatch: pytest.MonkeyPatch, threads: int) -> None:
    """Many small chunks on ``threads`` threads."""
    monkeypatch.setenv(parallel.THREADS_ENV, str(threads))
    monkeypatch.setattr(classify, "CHUNK_HANDS", 97)
    monkeypatch.setattr(symmetry, "CLASS_CHUNK", 101)
    monkeypatch.setattr(tables, "TABLE_CHUNK", 89)


def test_chunked_threads_change_no_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    faces, suits = standard_deck(6, 3)
    categories = poker_categories(6, 3)
    monkeypatch.setenv(parallel.THREADS_ENV, "1")
    single = analyze_game(categories, faces, suits, PayTable("p", PAYS), use_cache=False)
    reference = deal_classes(faces, suits)
    small_chunks(monkeypatch, 2)
    monkeypatch.setattr("cpoly.games.videopoker.play.plain.CHUNK_CLASSES", 7)
    monkeypatch.setattr("cpoly.games.videopoker.play.plain.PARALLEL_CLASSES", 0)  # the hold pricing on threads too
    threaded = analyze_game(categories, faces, suits, PayTable("p", PAYS), use_cache=False)
    assert threaded == single
    classes = deal_classes(faces, suits)
    assert np.array_equal(classes.representatives, reference.representatives)
    assert np.array_equal(classes.class_of, reference.class_of)


def test_engine_categories_in_chunks_match_a_direct_classifier(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every 37th hand of the 52-card deck through the Jacks-or-Better definitions, in chunks of
    97 on two threads, against the direct classifier and against one unchunked engine call."""
    small_chunks(monkeypatch, 2)
    game = load_game("definitions/jacks_or_better.cp")
    faces, suits = standard_deck(13, 4)
    hands = all_hands(52, 5)[::37]
    engine, rejected, odd = classify.classify_rows(game, hands, faces, suits)
    assert engine.dtype == np.int16 and not rejected.any() and not odd
    assert np.array_equal(engine, poker_categories(13, 4)[::37])
    whole = np.stack([faces[hands], suits[hands]], axis=2)
    assert np.array_equal(engine, game.classify(whole, check_deal=False))


@pytest.mark.parametrize("base, width", [(2, 3), (13, 5), (4, 2)])
def test_dense_distinct_is_unique(base: int, width: int) -> None:
    codes = np.random.default_rng(base).integers(0, base ** width, size=5000)
    rows, inverse = _dense_distinct(codes, base, width)
    distinct, expected_inverse = np.unique(codes, return_inverse=True)
    assert np.array_equal(inverse, expected_inverse.reshape(-1))
    assert np.array_equal(rows @ (base ** np.arange(width)), distinct)
