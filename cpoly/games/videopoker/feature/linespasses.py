"""The two heavy passes of the multi-line Ultimate X solver, each over a range of deal classes:
the improvement (every hold priced against the current relative values, then the greedy holds
at every total) and the exact next-total distribution of a policy, packed in one integer.

Each class's result reads only that class's rows, so a range's result is the same wherever it
is computed; :class:`InProcess` runs the ranges here, one after the other, and
:mod:`.linesdask` the same functions on Dask workers.  Summing the packed integers of the ranges
gives the whole deck's distribution exactly.

>>> class_ranges(20000)
[(0, 8192), (8192, 16384), (16384, 20000)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import numpy as np

from cpoly.games.videopoker.feature.lattices import RELATIVE_TOLERANCE
from cpoly.games.videopoker.feature.linesmodel import LinesModel
from cpoly.games.videopoker.feature.packing import total_distribution, unique_rows, unpack

__all__ = ["CHUNK", "InProcess", "Passes", "class_ranges", "improve_classes", "packed_transitions"]

#: Deal classes priced together (one task on Dask).
CHUNK = 8192
Progress = Callable[[int, int], None]


def class_ranges(classes: int, size: int = CHUNK) -> list[tuple[int, int]]:
    """``[start, stop)`` ranges of ``size`` classes covering ``classes``."""
    return [(start, min(start + size, classes)) for start in range(0, classes, size)]


class Passes(Protocol):
    """Where the heavy passes run: here (:class:`InProcess`) or on Dask (:mod:`.linesdask`)."""

    def improve(self, model: LinesModel, relative: list[Fraction], totals: list[Fraction],
                policy: list[np.ndarray], progress: Progress | None) -> list[np.ndarray]:
        """The greedy holds at every total (``policy[i]``'s hold kept where still maximal)."""
        ...

    def transitions(self, model: LinesModel, distinct: list[np.ndarray]) -> list[int]:
        """Each policy's packed next-total distribution (:func:`packed_transitions`) over all classes."""
        ...


@dataclass(frozen=True)
class InProcess:
    """The passes in this process, range after range of ``chunk`` classes."""

    chunk: int = CHUNK

    def improve(self, model: LinesModel, relative: list[Fraction], totals: list[Fraction],
                policy: list[np.ndarray], progress: Progress | None) -> list[np.ndarray]:
        ranges = class_ranges(model.classes, self.chunk)
        parts = []
        for done, (start, stop) in enumerate(ranges, 1):
            old = np.stack([best[start:stop] for best in policy])
            parts.append(improve_classes(model, start, stop, relative, totals, old))
            if progress is not None:
                progress(done, len(ranges))
        return list(np.concatenate(parts, axis=1))

    def transitions(self, model: LinesModel, distinct: list[np.ndarray]) -> list[int]:
        return [sum(packed_transitions(model, start, stop, best[start:stop])
                    for start, stop in class_ranges(model.classes, self.chunk)) for best in distinct]


# ---- improvement: floats find the candidates, fractions decide ------------------------------
def improve_classes(model: LinesModel, start: int, stop: int, relative: Sequence[Fraction],
                    totals: Sequence[Fraction], old: np.ndarray) -> np.ndarray:
    """``(totals, stop - start)`` int64: the greedy hold of classes ``start .. stop - 1`` at each
    total, ``old[i]``'s hold where it is still maximal at total ``i``."""
    future = _future_values(model, start, stop, relative, totals)
    found = [_improve(model, start, total, future, relative, totals, held) for total, held in zip(totals, old)]
    return np.stack(found).astype(np.int64)


def _future_values(model: LinesModel, start: int, stop: int, relative: Sequence[Fraction],
                   totals: Sequence[Fraction]) -> np.ndarray:
    """``(stop - start, 32)`` float: ``E_h[H(next total)]`` for every hold that can be best at
    some total, ``-inf`` for the others (:func:`_candidates`); line by line backwards:
    ``ψ_j(t) = Σ_v q(v) ψ_{j+1}(t + v)`` over the sums ``t`` of ``j`` lines, ``ψ_n = H``."""
    levels = [model.sums(j) for j in range(model.lines + 1)]
    steps = [np.array([[levels[j + 1].index(t + v) for v in model.values] for t in levels[j]])
             for j in range(model.lines)]
    last = np.array([float(relative[totals.index(t)]) for t in levels[-1]])
    pairs = slice(start * 32, stop * 32)
    rows = np.flatnonzero(_candidates(model, pairs, relative, totals))
    chances = model.chances[pairs][rows]
    psi = chances @ last[steps[-1]].T
    for step in reversed(steps[:-1]):
        psi = np.einsum("rv,rtv->rt", chances, psi[:, step])
    future = np.full((stop - start) * 32, -np.inf)
    future[rows] = psi[:, 0]
    return future.reshape(-1, 32)


def _candidates(model: LinesModel, pairs: slice, relative: Sequence[Fraction], totals: Sequence[Fraction]
                ) -> np.ndarray:
    """``(pairs,)`` bool: the holds within reach of their class's best at some total.

    With ``H(M) = α + β M + e(M)``, ``|e| <= δ`` (a least-squares line), a hold's future value
    is ``α + β n E_h[v] + e`` with ``|e| <= δ``: a hold whose score by the line is more than
    ``2 δ`` below its class's best cannot be best."""
    at = np.array([float(t) for t in totals])
    values = np.array([float(h) for h in relative])
    beta, alpha = np.polyfit(at, values, 1)
    slack = 2 * float(np.abs(values - alpha - beta * at).max()) + 1e-6 * max(1.0, float(np.abs(values).max()))
    line = (model.chances[pairs] @ np.array([float(v) for v in model.values])) * (beta * model.lines)
    lattices = model.lattices
    pays = lattices.pays.reshape(-1)[pairs] / (lattices.lcm_weight * lattices.denominator)
    found = np.zeros(len(line), dtype=bool)
    for total in totals:
        score = (pays * float(total) + line).reshape(-1, 32)
        found |= (score >= score.max(axis=1, keepdims=True) - slack).reshape(-1)
    return found


def _maximal(model: LinesModel, start: int, total: Fraction, future: np.ndarray, relative: Sequence[Fraction],
             totals: Sequence[Fraction]) -> np.ndarray:
    """``(len(future), 32)`` bool: the holds of classes ``start ..`` reaching their class's
    maximum at this total, exactly."""
    lattices = model.lattices
    rows = slice(start, start + len(future))
    approximate = lattices.pays[rows] * (float(total) / (lattices.lcm_weight * lattices.denominator)) + future
    top = approximate.max(axis=1, keepdims=True)
    maximal: np.ndarray = approximate >= top - RELATIVE_TOLERANCE * np.maximum(np.abs(top), 1.0)
    ids = model.signatures[rows]
    lowest = np.where(maximal, ids, np.iinfo(np.int64).max).min(axis=1)
    highest = np.where(maximal, ids, -1).max(axis=1)
    for row in np.flatnonzero(lowest != highest).tolist():  # holds of the same pays and chances tie exactly
        holds = np.flatnonzero(maximal[row])
        exact = [_exact_score(model, total, start + row, int(h), relative, totals) for h in holds.tolist()]
        maximal[row, holds] = [v == max(exact) for v in exact]
    return maximal


def _exact_score(model: LinesModel, total: Fraction, row: int, hold: int, relative: Sequence[Fraction],
                 totals: Sequence[Fraction]) -> Fraction:
    lattices = model.lattices
    counts = model.counts(np.array([row]), np.array([hold]))[0].tolist()
    packed = total_distribution(counts, model.exponents(model.values), model.lines, model.bits)
    found = unpack(packed, model.exponents(totals), model.bits)
    future = sum((c * h for c, h in zip(found, relative)), Fraction(0)) / int(lattices.lcm_weight**model.lines)
    return total * Fraction(int(lattices.pays[row, hold]), lattices.lcm_weight * lattices.denominator) + future


def _improve(model: LinesModel, start: int, total: Fraction, future: np.ndarray, relative: Sequence[Fraction],
             totals: Sequence[Fraction], old: np.ndarray) -> np.ndarray:
    """The greedy holds at one total; ``old``'s hold where it is still maximal."""
    maximal = _maximal(model, start, total, future, relative, totals)
    kept = maximal[np.arange(len(old)), old]
    return old if bool(kept.all()) else np.where(kept, old, np.argmax(maximal, axis=1))


# ---- evaluation: one policy's exact next-total distribution ---------------------------------
def packed_transitions(model: LinesModel, start: int, stop: int, best: np.ndarray) -> int:
    """``Σ_class size * (Σ_v counts_v x^v) ** lines`` over classes ``start .. stop - 1`` held by
    ``best``, packed (:func:`~.linesmodel.total_distribution`): the classes with the same
    per-line chances summed first, then one power each."""
    counts = model.counts(np.arange(start, stop), best)
    unique, inverse = unique_rows(counts)
    weights = np.bincount(inverse, weights=model.lattices.prepared.sizes[start:stop], minlength=len(unique))
    exponents = model.exponents(model.values)
    return sum((total_distribution(row, exponents, model.lines, model.bits, int(w))
                for row, w in zip(unique.tolist(), np.rint(weights).astype(np.int64).tolist())), 0)
