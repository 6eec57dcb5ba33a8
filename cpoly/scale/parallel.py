"""Chunks of work on threads, one per core this process may use.

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
import threading
from collections.abc import Callable, Iterator
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
    bounds = _bounds(total, chunk)
    return list(_in_order(function, bounds, len(bounds)))


def imap_chunks(function: Callable[[int, int], T], total: int, chunk: int, threads: int | None = None) -> Iterator[T]:
    """The results of :func:`map_chunks` one by one, in order, with at most two chunks per
    thread computed ahead (so that memory stays bounded when the caller consumes slowly);
    on at most ``threads`` threads when given (1: in the calling thread)."""
    return _in_order(function, _bounds(total, chunk), 2 * workers(), threads)


def _bounds(total: int, chunk: int) -> list[tuple[int, int]]:
    return [(start, min(start + chunk, total)) for start in range(0, total, max(1, chunk))]


def _in_order(function: Callable[[int, int], T], bounds: list[tuple[int, int]], ahead: int,
              most: int | None = None) -> Iterator[T]:
    """``function(*bound)`` for every bound, in order; on threads (at most ``most``) when
    there are several chunks and workers (:func:`_ahead`), else in the calling thread."""
    threads = min(workers(), len(bounds), most or len(bounds))
    if threads <= 1:
        return (function(start, stop) for start, stop in bounds)
    return _ahead(function, bounds, threads, max(ahead, threads))


def _ahead(function: Callable[[int, int], T], bounds: list[tuple[int, int]], threads: int, ahead: int) -> Iterator[T]:
    """Threads computing ``function(*bound)`` for the bounds in order, at most ``ahead``
    results (in progress or done) before the one the caller waits for; yields them in order
    and raises the first error there.  When iteration ends, early or not, the threads finish
    the call they are in and stop: none outlives the iteration.

    (Plain threads, not :mod:`concurrent.futures`, whose import with :mod:`logging` costs a
    warm command milliseconds.)
    """
    results: list[T | None] = [None] * len(bounds)
    errors: list[BaseException | None] = [None] * len(bounds)
    done = [threading.Event() for _ in bounds]
    claims = iter(range(len(bounds)))
    stopped = threading.Event()
    lock = threading.Lock()
    room = threading.Semaphore(ahead)

    def work() -> None:
        while True:
            room.acquire()
            with lock:
                index = None if stopped.is_set() else next(claims, None)
                if index is None:
                    room.release()  # the next waiting thread sees the end too
                    return
            try:
                results[index] = function(*bounds[index])
            except BaseException as error:  # noqa: BLE001 -- raised again where the results are read
                errors[index] = error
            done[index].set()

    # daemons: an iteration abandoned without being closed never keeps the interpreter alive
    pool = [threading.Thread(target=work, name=f"cpoly-chunks-{i}", daemon=True) for i in range(threads)]
    for thread in pool:
        thread.start()
    try:
        for index in range(len(bounds)):
            done[index].wait()
            error = errors[index]
            if error is not None:
                raise error
            result = results[index]
            results[index] = None
            room.release()
            yield result  # type: ignore[misc]  # set by the call that did not raise
    finally:
        stopped.set()
        room.release()
        for thread in pool:
            thread.join()


def beside(first: Callable[[], T], second: Callable[[], U]) -> tuple[T, U]:
    """``(first(), second())``, ``first`` on another thread while ``second`` runs in the
    calling thread (one after the other with one worker); an exception of either is raised
    here (``second``'s once ``first`` has finished)."""
    if workers() <= 1:
        return first(), second()
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(first())
        except BaseException as error:  # noqa: BLE001 -- raised again in the calling thread
            failure.append(error)

    thread = threading.Thread(target=run, name="cpoly-beside")
    thread.start()
    try:
        other = second()
    finally:
        thread.join()
    if failure:
        raise failure[0]
    return outcome[0], other
