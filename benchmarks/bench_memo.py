"""What the engine's memo layer (:mod:`cpoly.dag.memo`) costs a cold count.

Run: python3 benchmarks/bench_memo.py [GAME.cp]   (default definitions/holdem.cp)

The cost is measured as calls times cost per call, both of which the machine's other load
does not change much, rather than as the difference of two noisy whole runs:

* the calls: every call of a :mod:`cpoly.dag.memo` function during ``cpoly count GAME --no-cache``
  (counted with :mod:`cProfile` in a fresh process; the counts do not depend on timing);
* the cost per call, over what the same lookup costs without the layer: ``Memo.get`` against
  ``dict.get``, a :func:`cpoly.dag.memo.cached` hit against a :func:`functools.lru_cache` hit
  (best of several :mod:`timeit` repeats);
* the run itself: the median CPU seconds of three fresh ``cpoly count GAME --no-cache``.

``Memo.get`` is the table's own ``dict.get`` (no Python frame), so cProfile counts no calls of it.

It prints, per function, its calls and its overhead as a ratio of the run's CPU time.
"""

from __future__ import annotations

import functools
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

from cpoly_process import ROOT, run

from cpoly.dag.memo import Memo, cached, forget


def _best_ns(statement: str, names: dict[str, object], number: int = 200_000) -> float:
    return min(timeit.repeat(statement, globals=names, number=number, repeat=7)) / number * 1e9


def per_call_overheads() -> dict[str, float]:
    """Nanoseconds a memo call costs beyond the plain lookup it stands for."""
    memo = Memo[int, int]("bench_memo.table", 1_000_000)
    for k in range(1_000):
        memo.put(k, k)
    plain = dict(memo.table)

    @cached("bench_memo.cached", 4_096)
    def memoised(a: int, b: int) -> int:
        return a + b

    @functools.lru_cache(maxsize=4_096)
    def lru(a: int, b: int) -> int:
        return a + b

    memoised(1, 2)
    lru(1, 2)
    names = {"memo": memo, "plain": plain, "memoised": memoised, "lru": lru}
    overheads = {
        "get": _best_ns("memo.get(500)", names) - _best_ns("plain.get(500)", names),
        "memoised": _best_ns("memoised(1, 2)", names) - _best_ns("lru(1, 2)", names),
        "put": _best_ns("memo.put(500, 500)", names) - _best_ns("plain[500] = 500", names),
    }
    forget("bench_memo.table")
    forget("bench_memo.cached")
    return overheads


def memo_calls(game: str, cache: str) -> dict[str, int]:
    """Calls of each :mod:`cpoly.dag.memo` function during one cold count of ``game``."""
    with tempfile.NamedTemporaryFile(suffix=".prof") as profile:
        subprocess.run([sys.executable, "-m", "cProfile", "-o", profile.name, "-m", "cpoly", "count", game,
                        "--no-cache"], check=True, capture_output=True, cwd=ROOT,
                       env={**os.environ, "CPOLY_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)})
        stats = pstats.Stats(profile.name).stats
    calls: dict[str, int] = {}
    for (path, _, function), row in stats.items():
        if Path(path).name == "memo.py":
            calls[function] = calls.get(function, 0) + row[0]
    return calls


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "definitions/holdem.cp"
    with tempfile.TemporaryDirectory() as cache:
        seconds = statistics.median(run(["count", game, "--no-cache"], cache)[1] for _ in range(3))
        calls = memo_calls(game, cache)
    overheads = per_call_overheads()
    print(f"cpoly count {game} --no-cache: {seconds:.2f} s CPU (median of 3)")
    for function, ns in overheads.items():
        n = calls.get(function, 0)
        print(f"  {function:9} {n:>9,} calls x {ns:6.1f} ns over the plain lookup = "
              f"{n * ns * 1e-9 / seconds:.4f} of the run")


if __name__ == "__main__":
    main()
