"""Chunks of work on a thread pool, one thread per core this process may use.

The video-poker passes (classifying hands, orbit keys, subset tables, hold EVs) are NumPy
gathers, reductions and element-wise operations on large arrays, which release the GIL, so
threads use both cores without copying the arrays into other processes.

>>> map_chunks(lambda start, stop: stop - start, 10, 4)
[4, 4, 2]
>>> list(imap_chunks(lambda start, stop: start, 10, 4))
[0, 4, 8]
>>> beside(lambda: "pool", lambda: "caller")
('pool', 'caller')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["THREADS_ENV", "beside", "imap_chunks", "map_chunks", "workers"]

T = TypeVar("T")
U = TypeVar("U")
#: Environment variable overriding the number of threads (``1``: run in the calling thread).
THREADS_ENV = "CPOLY_THREADS"


def workers() -> int:
    """Threads to use: ``$CPOLY_THREADS``, else the cores this process may run on."""
    configured = os.environ.get(THREADS_ENV, "")
    if configured.isdigit() and int(configured) > 0:
        return int(configured)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def map_chunks(function: Callable[[int, int], T], total: int, chunk: int) -> list[T]:
    """``[function(start, stop) for each chunk of range(total)]``, in order, on the pool."""
    bounds = [(start, min(start + chunk, total)) for start in range(0, total, max(1, chunk))]
    threads = min(workers(), len(bounds))
    if threads <= 1:
        return [function(start, stop) for start, stop in bounds]
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(lambda bound: function(*bound), bounds))


def imap_chunks(function: Callable[[int, int], T], total: int, chunk: int) -> Iterator[T]:
    """The results of :func:`map_chunks` one by one, in order, with at most two chunks per
    thread computed ahead (so that memory stays bounded when the caller consumes slowly)."""
    bounds = [(start, min(start + chunk, total)) for start in range(0, total, max(1, chunk))]
    threads = min(workers(), len(bounds))
    if threads <= 1:
        yield from (function(start, stop) for start, stop in bounds)
        return
    with ThreadPoolExecutor(max_workers=threads) as pool:
        pending = [pool.submit(function, *bound) for bound in bounds[: 2 * threads]]
        for following in bounds[2 * threads:] + [None] * min(len(bounds), 2 * threads):
            result = pending.pop(0).result()
            if following is not None:
                pending.append(pool.submit(function, *following))
            yield result


def beside(first: Callable[[], T], second: Callable[[], U]) -> tuple[T, U]:
    """``(first(), second())``, ``first`` on a pool thread while ``second`` runs in the calling
    thread (one after the other with one worker); an exception of either is raised here."""
    if workers() <= 1:
        return first(), second()
    with ThreadPoolExecutor(max_workers=1) as pool:
        pending = pool.submit(first)
        try:
            other = second()
        except BaseException:
            pending.cancel()
            raise
        return pending.result(), other
