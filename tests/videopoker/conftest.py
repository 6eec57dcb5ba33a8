"""Every video-poker test uses a private cache directory (never the user's ~/.cache)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpoly.games.videopoker.cache import CACHE_ENV


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cpoly-cache"
    monkeypatch.setenv(CACHE_ENV, str(directory))
    return directory
