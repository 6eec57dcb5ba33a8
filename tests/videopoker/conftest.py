"""Every video-poker test uses a private cache directory (never the user's ~/.cache).

A module that sets ``SHARED_CACHE = True`` gets one cache for all its tests instead (each game
is prepared once per module, not once per test).

The feature oracles' brute force on the 18-card test game (``tests/fixtures/small_poker.cp``):
``small_game`` loads it and ``small_outcomes`` holds every hold's final categories of every deal
(computed once per test session: tens of seconds).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cpoly.games.videopoker.game import VideoPoker
from cpoly.store.sources import CACHE_ENV
from tests.conftest import ROOT
from tests.videopoker.vp_oracle import every_deal_outcomes, poker_categories


@pytest.fixture(scope="module")
def module_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache directory for a whole test module."""
    return tmp_path_factory.mktemp("cpoly-module-cache")


@pytest.fixture(autouse=True)
def private_cache(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shared = getattr(request.module, "SHARED_CACHE", False)
    directory: Path = request.getfixturevalue("module_cache") if shared else tmp_path / "cpoly-cache"
    monkeypatch.setenv(CACHE_ENV, str(directory))
    return directory


@pytest.fixture(scope="session")
def small_outcomes() -> np.ndarray:
    """``(deals, 32, 10)`` final-category counts of every hold of every deal of the 18-card
    test game, by the oracle's own classifier (6 faces x 3 suits, pairs from the third face)."""
    return every_deal_outcomes(poker_categories(6, 3, high_pair_from=2))


@pytest.fixture(scope="module")
def small_game() -> VideoPoker:
    """The 18-card test game, loaded by the engine."""
    return VideoPoker.load(str(ROOT / "tests" / "fixtures" / "small_poker.cp"))
