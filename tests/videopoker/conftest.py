"""Every video-poker test uses a private cache directory (never the user's ~/.cache).

A module that sets ``SHARED_CACHE = True`` gets one cache for all its tests instead (each game
is prepared once per module, not once per test).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cpoly.store.sources import CACHE_ENV


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
