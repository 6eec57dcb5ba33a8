"""Snapshots of loaded games: a warm run reads the game it loaded before instead of parsing,
resolving, lowering and checking its ``.cp`` files again.

:func:`cpoly.api.load_game` and :func:`cpoly.api.load_program` keep what they load in the
cache directory (:func:`cpoly.store.sources.cache_dir`), one file per ``.cp`` file and way of loading
it (what is loaded, the path as given, the working directory, ``--set`` values, symbolic names,
the order check), in cpoly's one container (:mod:`cpoly.store.container`).  A later load reads it back
when the game's definitions are unchanged (:func:`cpoly.store.sources.recall`, without parsing) and so
is cpoly (:func:`~cpoly.store.sources.code_digest`: its sources and the Python version), the payload
checked against its CRC before it is unpickled.  Any other snapshot (damaged, stale, unreadable,
failing to unpickle) is ignored: the game is parsed again and the snapshot rewritten.  Failing
to write one (a read-only cache, a definition too deep to pickle) changes nothing else.

The expression DAG is interned (:mod:`cpoly.dag.expr`): its nodes travel as a flat table in
creation order (:func:`~cpoly.dag.expr.dag_table`) and are interned again on loading, so a node
of a loaded game is the node the constructors give for its structure.  Of a game's cached
values only its DAGs are kept (:data:`CACHED_KEPT`): the counting plan (memos keyed by node
uids) is made again when first used.  Unpickling imports the modules of the objects it meets
(:mod:`cpoly.lang.syntax`, but not lark, which loads only when a file is parsed).

Like every cache, the directory must be writable only by its user: pickle runs what the file
says, and the checksum guards against damage, not against an attacker.
"""

from __future__ import annotations

import copy
import copyreg
import hashlib
import io
import json
import os
import pickle
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any, TypeVar

from cpoly.dag.expr import Const, Delta, Expr, Product, Sum, dag_table, from_dag_table
from cpoly.store import container as store
from cpoly.store.sources import Sources, cache_dir, cache_enabled, code_digest, recall, remember

__all__ = ["dag_pickled", "dag_unpickled", "keep", "recall_loaded", "snapshot_path"]

_SUFFIX = ".snapshot"
#: Cached values kept besides a dataclass's fields (a game's DAGs); any other (what may hold memos
#: keyed by node uid, which differ from process to process) is made again after loading.
CACHED_KEPT = frozenset({"deal", "categories", "universe", "copies_weight"})
Options = Mapping[str, object]
Loaded = TypeVar("Loaded")


def snapshot_path(path: str | Path, options: Options) -> Path:
    """Where the snapshot of the game at ``path`` loaded with ``options`` is kept."""
    where = json.dumps([str(path), os.getcwd(), dict(sorted(options.items()))], default=str)
    return cache_dir() / f"game-{hashlib.sha256(where.encode()).hexdigest()}{_SUFFIX}"


def recall_loaded(path: str | Path, options: Options, kind: type[Loaded]) -> Loaded | None:
    """The ``kind`` of object (a game, a program) kept for ``path`` and ``options`` when its
    sources and cpoly are unchanged and the snapshot is sound, else ``None``."""
    key = recall(Path(path))
    if key is None:
        return None
    opened = store.open_store(snapshot_path(path, options))
    if opened is None or opened.meta != _meta(key):
        return None
    try:
        loaded = dag_unpickled(opened.raw("payload"))
    except Exception:  # damaged, or written by other code: never trusted
        return None
    return loaded if isinstance(loaded, kind) else None


def keep(path: str | Path, options: Options, loaded: object, sources: Sources | None) -> None:
    """Remember the ``sources`` of what was just loaded from ``path`` with ``options`` and keep
    a snapshot of it; skipped silently when it cannot be written."""
    if sources is None or not cache_enabled():
        return
    remember(Path(path), sources)
    try:
        payload = _pickled(loaded)
    except (pickle.PicklingError, RecursionError, TypeError, AttributeError):
        return  # something unpicklable, or syntax nested too deep for pickle: no snapshot
    store.write(snapshot_path(path, options), {"payload": ("|u1", (len(payload),), payload)}, _meta(sources.key()))


def _meta(key: str) -> dict[str, object]:
    return {"code": code_digest(), "sources": key}


class _Pickler(pickle.Pickler):
    """Pickles everything but the DAG's nodes, which it lists by uid: a node is pickled as a
    call of :func:`_node_by_uid` (through the dispatch table, consulted only for the node
    classes: a persistent id would cost a Python call for every object pickled)."""

    def __init__(self, out: io.BytesIO) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.nodes: dict[int, Expr] = {}
        self.dispatch_table = {**copyreg.dispatch_table,
                               **{kind: self._by_uid for kind in (Const, Delta, Sum, Product)}}

    def _by_uid(self, node: Any) -> tuple[Callable[[int], Expr], tuple[int]]:
        self.nodes[node.uid] = node
        return _node_by_uid, (node.uid,)


def _node_by_uid(uid: int) -> Expr:
    """The name a snapshot's nodes are pickled under; :class:`_Unpickler` reads it as its
    own table of nodes (nothing else may call it)."""
    raise RuntimeError(f"node {uid} outside a snapshot")


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, nodes: Mapping[int, Expr]) -> None:
        super().__init__(io.BytesIO(data))
        self.nodes = nodes

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == (__name__, _node_by_uid.__name__):
            return self.nodes.__getitem__
        return super().find_class(module, name)


def _pickled(loaded: object) -> bytes:
    """What was loaded, its fields and the cached values of :data:`CACHED_KEPT` only, with its
    DAG as a table."""
    kept = copy.copy(loaded)
    if is_dataclass(kept):
        names = {f.name for f in fields(kept)} | CACHED_KEPT
        for name in set(vars(kept)) - names:
            del vars(kept)[name]
    return dag_pickled(kept)


def dag_pickled(value: object) -> bytes:
    """``value`` pickled with the DAG nodes it holds as one flat table (any depth): what
    :func:`dag_unpickled` reads back, the nodes interned again in the reading process."""
    out = io.BytesIO()
    pickler = _Pickler(out)
    pickler.dump(value)
    return pickle.dumps((dag_table(pickler.nodes.values()), out.getvalue()), protocol=pickle.HIGHEST_PROTOCOL)


def dag_unpickled(payload: bytes | memoryview) -> object:
    """What :func:`dag_pickled` pickled (pickle runs what the payload says: read only files of
    the cache, checked against their CRC)."""
    rows, data = pickle.loads(payload)
    return _Unpickler(data, from_dag_table(rows)).load()
