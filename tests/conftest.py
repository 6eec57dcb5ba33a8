"""Shared fixtures: paths of the shipped definitions and test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEFINITIONS = ROOT / "definitions"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test writes its on-disk cache to a private directory."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "cache"))
