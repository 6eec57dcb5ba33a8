"""The multi-line Ultimate X solver's heavy passes on Dask: one task per range of deal classes
(:mod:`.linespasses`), on :func:`cpoly.scale.chunks.run_chunks` (a bounded window in flight,
progress per task).

A worker never receives the prepared game: a task carries a :class:`WorkerJob`, whose ``load``
(a picklable callable, e.g. the game file's path read through the cache) gives the worker the
prepared game from the project's cache; the worker builds the lines model once and keeps it for
the next tasks of that job, refusing a game that is not the one of the job's ``key`` (the deal
classes' sizes and representatives, the pay table and the feature).  A task's arguments are
small: its range, the relative values, the policy's holds of its classes; its results are
arrays (holds as int8, a packed distribution as its little-endian bytes), joined exactly.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from cpoly.games.videopoker.feature.linesmodel import LinesModel, lines_model
from cpoly.games.videopoker.feature.linespasses import (
    CHUNK,
    Progress,
    class_ranges,
    improve_classes,
    packed_transitions,
)
from cpoly.games.videopoker.prepare.prepared import PreparedGame
from cpoly.lang.features import UltimateX
from cpoly.lang.paytable import PayTable
from cpoly.scale.chunks import Arrays, Chunk, content_key, run_chunks

__all__ = ["LinesOnDask", "WorkerJob", "improve_task", "job_key", "transitions_task"]

#: The lines model a worker built last, by its job's key (one at a time: a model is large).
_BUILT: dict[str, LinesModel] = {}


@dataclass(frozen=True)
class WorkerJob:
    """What a worker needs to build the lines model: ``load()`` the prepared game (from the
    cache), the pay table, the feature, and the ``key`` the loaded game must have."""

    load: Callable[[], PreparedGame]
    paytable: PayTable
    feature: UltimateX
    key: str


def job_key(prepared: PreparedGame, paytable: PayTable, feature: UltimateX) -> str:
    """What names a job: the deal classes (sizes, representatives), the pay table, the feature."""
    return content_key(prepared.sizes, prepared.representatives, repr(paytable), repr(feature))


def _model(job: WorkerJob) -> LinesModel:
    """The job's model, built on the first task a worker runs of it."""
    if job.key not in _BUILT:
        _BUILT.clear()
        prepared = job.load()
        if job_key(prepared, job.paytable, job.feature) != job.key:
            raise RuntimeError("the worker loaded another game than the one being solved (was the game file "
                               "changed, or is the worker's cache another's?)")
        _BUILT[job.key] = lines_model(prepared, job.paytable, job.feature)
    return _BUILT[job.key]


def improve_task(job: WorkerJob, start: int, stop: int, relative: tuple[Fraction, ...], old: np.ndarray) -> Arrays:
    """:func:`~.linespasses.improve_classes` on a worker: the holds as int8."""
    model = _model(job)
    found = improve_classes(model, start, stop, list(relative), model.sums(model.lines), old.astype(np.int64))
    return {"holds": found.astype(np.int8)}


def transitions_task(job: WorkerJob, start: int, stop: int, distinct: np.ndarray) -> Arrays:
    """:func:`~.linespasses.packed_transitions` of each policy (a row of ``distinct``) on a worker."""
    model = _model(job)
    return {f"policy{k}": _as_bytes(packed_transitions(model, start, stop, best.astype(np.int64)))
            for k, best in enumerate(distinct)}


def _as_bytes(value: int) -> np.ndarray:
    """A non-negative integer's little-endian bytes.

    >>> int.from_bytes(_as_bytes(2**70 + 5).tobytes(), "little") == 2**70 + 5
    True
    """
    return np.frombuffer(value.to_bytes(max(1, (value.bit_length() + 7) // 8), "little"), dtype=np.uint8)


def _fractions_key(values: list[Fraction]) -> str:
    """A digest of exact fractions of any size (their ``repr`` is refused past 4,300 digits).

    >>> _fractions_key([Fraction(1, 3)]) == _fractions_key([Fraction(2, 6)]) != _fractions_key([Fraction(1, 2)])
    True
    """
    digest = hashlib.sha256()
    for value in values:
        for part in (value.numerator, value.denominator):
            data = part.to_bytes((part.bit_length() + 8) // 8, "little", signed=True)
            digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()


@dataclass(frozen=True)
class LinesOnDask:
    """The passes (:class:`~.linespasses.Passes`) on a Dask ``client``, ``chunk`` classes a task."""

    client: Any
    job: WorkerJob
    chunk: int = CHUNK

    def improve(self, model: LinesModel, relative: list[Fraction], totals: list[Fraction],
                policy: list[np.ndarray], progress: Progress | None) -> list[np.ndarray]:
        held = np.stack(policy).astype(np.int8)
        values = _fractions_key(relative)
        chunks = (Chunk(f"improve-{start}", improve_task, (self.job, start, stop, tuple(relative), held[:, start:stop]),
                        content_key(self.job.key, values, start, held[:, start:stop]))
                  for start, stop in class_ranges(model.classes, self.chunk))
        parts = self._run("improve", chunks, model, progress)
        return list(np.concatenate([part["holds"] for part in parts], axis=1).astype(np.int64))

    def transitions(self, model: LinesModel, distinct: list[np.ndarray]) -> list[int]:
        held = np.stack(distinct).astype(np.int8)
        chunks = (Chunk(f"transitions-{start}", transitions_task, (self.job, start, stop, held[:, start:stop]))
                  for start, stop in class_ranges(model.classes, self.chunk))
        parts = self._run("transitions", chunks, model, None)
        return [sum(int.from_bytes(part[f"policy{k}"].tobytes(), "little") for part in parts)
                for k in range(len(distinct))]

    def _run(self, name: str, chunks: Iterator[Chunk], model: LinesModel, progress: Progress | None) -> list[Arrays]:
        """Every chunk's arrays in the order of the ranges (checkpoints in a folder of this pass only)."""
        total = len(class_ranges(model.classes, self.chunk))
        with tempfile.TemporaryDirectory(prefix="cpoly-lines-") as folder:
            found = dict(run_chunks(self.client, Path(folder) / name, chunks, {"job": self.job.key},
                                    total=total, progress=progress))
        return [found[key] for key in sorted(found, key=lambda key: int(key.rpartition("-")[2]))]
