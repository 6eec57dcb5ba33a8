"""Chunked work on Dask with a checkpoint directory: the one scale-out layer of cpoly.

Work is a stream of :class:`Chunk` s, each a top-level function and small arguments (chunk ids,
never big arrays: workers build or load their own tables).  :func:`run_chunks` skips every chunk
already on disk, keeps at most ``window`` chunks in flight, and streams results back with
``as_completed``; each result is written to ``<name>.npz`` under a temporary name and renamed, so
a half-written file is never trusted (an unreadable file is recomputed).  Exact integer results
do not depend on the order in which chunks ran.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     chunks = (Chunk(f"square-{i}", _square, (i,)) for i in range(3))
...     [(name, int(out["value"][0])) for name, out in run_chunks(None, Path(tmp), chunks)]
[('square-0', 0), ('square-1', 1), ('square-2', 4)]
"""

from __future__ import annotations

import logging
import os
import uuid
import zipfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyError

Arrays = dict[str, npt.NDArray[Any]]
Progress = Callable[[int, int], None]
#: Attempts of a chunk after a worker fails or is lost.
RETRIES = 3


@dataclass(frozen=True)
class Chunk:
    """One piece of work: ``function(*args)`` returns a dict of arrays, saved as ``name``."""

    name: str
    function: Callable[..., Arrays]
    args: tuple[Any, ...]


def _square(value: int) -> Arrays:
    return {"value": np.array([value * value])}


def load_chunk(path: Path) -> Arrays | None:
    """The arrays saved at ``path``, or None when the file is missing or unreadable."""
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            return {key: data[key] for key in data.files}
    except (OSError, ValueError, EOFError, KeyError, zipfile.BadZipFile):
        return None


def save_chunk(path: Path, arrays: Arrays) -> None:
    """Write ``arrays`` to ``path`` atomically (temporary name in the same directory, rename)."""
    temporary = path.with_name(f".{path.stem}.{uuid.uuid4().hex}.tmp.npz")
    try:
        np.savez(temporary, **arrays)  # type: ignore[arg-type]
        os.replace(temporary, path)
    except BaseException:  # a full disk or Ctrl-C: leave no half-written file behind
        temporary.unlink(missing_ok=True)
        raise


def run_chunks(client: Any, directory: Path, chunks: Iterable[Chunk], *, total: int = 0,
               window: int = 0, progress: Progress | None = None) -> Iterator[tuple[str, Arrays]]:
    """Results ``(name, arrays)`` of every chunk, from ``directory`` when already done.

    ``client`` is a ``dask.distributed.Client`` or None (run in this process).  The chunk
    iterable is advanced lazily, so a caller may refine later chunks from earlier results.
    ``window`` bounds the chunks in flight (default: twice the workers).
    """
    directory.mkdir(parents=True, exist_ok=True)
    done = 0

    def finished(name: str, arrays: Arrays) -> tuple[str, Arrays]:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, max(total, done))
        return name, arrays

    if client is None:
        for chunk in chunks:
            path = directory / f"{chunk.name}.npz"
            arrays = load_chunk(path)
            if arrays is None:
                arrays = chunk.function(*chunk.args)
                save_chunk(path, arrays)
            yield finished(chunk.name, arrays)
        return
    yield from (finished(*item) for item in _run_on_dask(client, directory, chunks, window))


def _run_on_dask(client: Any, directory: Path, chunks: Iterable[Chunk],
                 window: int) -> Iterator[tuple[str, Arrays]]:
    from distributed import as_completed

    limit = window or 2 * max(1, len(client.scheduler_info().get("workers", {})))
    stream = as_completed()  # type: ignore[no-untyped-call]
    names: dict[Any, str] = {}

    def collect(future: Any) -> tuple[str, Arrays]:
        name = names.pop(future)
        try:
            arrays = future.result()
        except Exception as error:  # a chunk that failed RETRIES times
            raise CpolyError(f"chunk {name} failed on the Dask cluster: {error}") from error
        save_chunk(directory / f"{name}.npz", arrays)
        return name, arrays

    for chunk in chunks:
        arrays = load_chunk(directory / f"{chunk.name}.npz")
        if arrays is not None:
            yield chunk.name, arrays
            continue
        while len(names) >= limit:
            yield collect(next(stream))
        future = client.submit(chunk.function, *chunk.args, key=f"{chunk.name}-{uuid.uuid4().hex}",
                               retries=RETRIES, pure=False)
        names[future] = chunk.name
        stream.add(future)  # type: ignore[no-untyped-call]
    for future in stream:
        yield collect(future)


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: on ``scheduler`` (``tcp://host:port``) or on a new ``LocalCluster`` with
    one single-threaded worker process per core (or ``workers``).

    Raises
    ------
    CpolyError
        When the scheduler cannot be reached.
    """
    from distributed import Client, LocalCluster

    if scheduler is None:
        count = workers or os.cpu_count() or 1
        with LocalCluster(n_workers=count, threads_per_worker=1,  # type: ignore[no-untyped-call]
                          processes=True, dashboard_address=":0",
                          silence_logs=logging.ERROR) as cluster:
            with Client(cluster) as client:  # type: ignore[no-untyped-call]
                yield client
        return
    try:
        client = Client(scheduler, timeout="5s")  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:
        raise CpolyError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from error
    with client:
        yield client
