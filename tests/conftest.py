"""Shared fixtures: paths of the shipped definitions and test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEFINITIONS = ROOT / "definitions"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: Five cards from 4 faces x 2 suits (8 cards): small enough to try every ordered hand in Python.
#: ``Distinct`` says the five cards differ; a game adds ``cards F S`` and ``deal Distinct``.
DECK_4X2 = """Faces = 4
Suits = 2
F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits
Distinct = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])
"""


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test writes its on-disk cache to a private directory."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
