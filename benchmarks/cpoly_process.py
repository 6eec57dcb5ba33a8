"""One cpoly command in a fresh process, timed: shared by the benchmarks that measure whole
commands (``from cpoly_process import run``; a benchmark runs as ``python3 benchmarks/x.py``,
so this folder is on ``sys.path``)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], cache: str, root: Path = ROOT) -> tuple[float, float, str]:
    """Wall seconds, child CPU seconds and stdout of ``python -m cpoly ARGS`` with its cache in
    ``cache`` (the code of the checkout ``root``: this one, or a base to compare with)."""
    env = {**os.environ, "CPOLY_CACHE_DIR": cache, "PYTHONPATH": str(root)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpoly", *args], check=True, capture_output=True,
                          env=env, text=True, cwd=root)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def cold_seconds(args: list[str]) -> float:
    """Wall seconds of ``python -m cpoly ARGS`` with an empty cache (a cold run)."""
    with tempfile.TemporaryDirectory() as cache:
        return run(args, cache)[0]
