"""Counting plans kept in the store: a game's counts are planned once per version of the game
and of cpoly, not once per process.

A :class:`~cpoly.count.counting.CountingPlan` over a game's deals asks, before its first plan,
for the plans an earlier process kept for the same deal space, and a deal table keeps them
when it planned any the store did not have (:meth:`~cpoly.count.counting.CountingPlan.keep_plans`).
They are kept in the cache directory (:func:`cpoly.store.sources.cache_dir`) as one file of
cpoly's container format (:mod:`cpoly.store.container`: checksummed, written atomically) per
deal space, named ``plans-<sha256 key>.cpplan``.  The key covers cpoly's code
(:func:`~cpoly.store.sources.code_digest`) and the deal space's structure
(:attr:`~cpoly.count.counting.DealSpace.digest`), so another version of cpoly, another game
or the same game resized by ``--set`` never reads it.

The payload is the list of the counts' targets (``deal·node``) and their plans, its DAG as one
table (:func:`cpoly.store.snapshot.dag_pickled`): the nodes are interned again on reading, so
a target built in the reading process finds the plan of an equal one, and only that.  A file
that cannot be read, fails its check or does not unpickle is ignored (planned again and
written again).  With the cache off (``--no-cache``) nothing is read or written.

>>> import os, tempfile
>>> from cpoly.dag.rewrite import delta
>>> before = os.environ.get("CPOLY_CACHE_DIR")
>>> with tempfile.TemporaryDirectory() as folder:
...     os.environ["CPOLY_CACHE_DIR"] = folder
...     kept = keep_plans("demo", [(delta((0, 1)), "a plan")])
...     kept, recall_plans("demo"), recall_plans("other")
(True, [(Delta(uid=..., vertices=(0, 1), values=None), 'a plan')], [])
>>> _ = os.environ.pop("CPOLY_CACHE_DIR") if before is None else os.environ.update(CPOLY_CACHE_DIR=before)
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from cpoly.dag.expr import Expr
from cpoly.store.container import open_store, write
from cpoly.store.snapshot import dag_pickled, dag_unpickled
from cpoly.store.sources import cache_dir, cache_enabled, code_digest

__all__ = ["FORMAT_VERSION", "SUFFIX", "Kept", "keep_plans", "plans_path", "recall_plans"]

#: Bump when the meaning or layout of the kept plans changes: old files become unreachable.
FORMAT_VERSION = 1
SUFFIX = ".cpplan"
Kept = list[tuple[Expr, object]]  # (target, its plan)


def plans_path(digest: str) -> Path:
    """Where the plans of the deal space of ``digest`` are kept."""
    key = hashlib.sha256(f"cpoly-plans-v{FORMAT_VERSION}:{code_digest()}:{digest}".encode())
    return cache_dir() / f"plans-{key.hexdigest()}{SUFFIX}"


def recall_plans(digest: str) -> Kept:
    """The plans kept for the deal space of ``digest`` (none when the cache is off, the file
    missing, damaged or unreadable; a damaged file is deleted)."""
    if not cache_enabled():
        return []
    path = plans_path(digest)
    opened = open_store(path)
    if opened is None:
        return []
    try:
        found = dag_unpickled(opened.raw("payload"))
    except Exception:  # damaged, or written by other code: never trusted
        with suppress(OSError):
            path.unlink()
        return []
    return found if isinstance(found, list) else []


def keep_plans(digest: str, planned: Sequence[tuple[Expr, object]]) -> bool:
    """Keep ``planned`` (targets and their plans) for the deal space of ``digest``; whether they
    were written (not when the cache is off or cannot be written)."""
    if not cache_enabled():
        return False
    try:
        payload = dag_pickled(list(planned))
    except (pickle.PicklingError, RecursionError, TypeError, AttributeError):
        return False
    with suppress(OSError):
        return write(plans_path(digest), {"payload": ("|u1", (len(payload),), payload)}, {"kind": "plans"})
    return False
