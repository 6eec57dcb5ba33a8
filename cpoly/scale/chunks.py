"""Chunked work on Dask with a checkpoint directory: the one scale-out layer of cpoly.

Work is a stream of :class:`Chunk` s, each a top-level function and small arguments (chunk ids,
never big arrays: workers build or load their own tables).  :func:`run_chunks` skips every chunk
already on disk, keeps at most ``window`` chunks in flight, and streams results back with
``as_completed``; each result is written to ``<name>.npz`` under a temporary name and renamed.
Exact integer results do not depend on the order in which chunks ran.

A checkpoint file names what it holds and is checked before it is used (design §5b): besides
the chunk's arrays it carries its **identity** (:func:`chunk_identity`: the format, cpoly's
code digest, the run's parameters given by the caller, the pass folder, the chunk's name and
the key of what its result depends on) and a sha256 **checksum** of that identity and every
array (names, dtypes, shapes, bytes).  A file that is unreadable (truncated, garbage), has no
identity (another program's ``.npz``), fails its checksum or names another chunk, pass, run or
code is never trusted: it is recomputed, and reported in one line (``warn``, stderr by default).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     chunks = (Chunk(f"square-{i}", _square, (i,)) for i in range(3))
...     run = {"example": "squares"}
...     [(name, int(out["value"][0])) for name, out in run_chunks(None, Path(tmp), chunks, run)]
[('square-0', 0), ('square-1', 1), ('square-2', 4)]
"""

from __future__ import annotations

import hashlib
import json
import sys
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyError
from cpoly.store.atomic import replacing_name
from cpoly.store.sources import code_digest

__all__ = ["Arrays", "BadChunk", "Chunk", "FORMAT_VERSION", "Identity", "Progress", "RETRIES", "Warn",
           "chunk_identity", "content_key", "load_chunk", "run_chunks", "save_chunk"]

Arrays = dict[str, npt.NDArray[Any]]
#: What a run or a chunk is of: JSON values (strings, numbers, lists, dicts).
Identity = Mapping[str, Any]
Progress = Callable[[int, int], None]
Warn = Callable[[str], None]
#: Attempts of a chunk after a worker fails or is lost.
RETRIES = 3
#: Bump when the checkpoint layout changes: older files are recomputed.
FORMAT_VERSION = 2
_IDENTITY = "__identity__"
_CHECKSUM = "__checksum__"


class BadChunk(Exception):
    """A checkpoint file that is not the chunk asked for; the message says why."""


def content_key(*parts: Any) -> str:
    """sha256 hex digest of values: arrays by dtype, shape and bytes, sequences item by item,
    anything else by ``repr``.

    >>> content_key(np.arange(3), (1, "a")) == content_key(np.arange(3), [1, "a"])
    True
    >>> content_key(np.arange(3)) == content_key(np.arange(3, dtype=np.int32))
    False
    """
    digest = hashlib.sha256()

    def add(value: Any) -> None:
        if isinstance(value, np.ndarray):
            contiguous = np.ascontiguousarray(value)
            digest.update(f"array:{contiguous.dtype.str}:{contiguous.shape}:".encode())
            digest.update(contiguous.tobytes())
        elif isinstance(value, (tuple, list)):
            digest.update(f"sequence:{len(value)}:".encode())
            for item in value:
                add(item)
        else:
            digest.update(f"value:{value!r}".encode())
        digest.update(b"\0")

    for part in parts:
        add(part)
    return digest.hexdigest()


@dataclass(frozen=True)
class Chunk:
    """One piece of work: ``function(*args)`` returns a dict of arrays, saved as ``name``.

    ``key`` names what the result depends on besides the run's parameters; by default the
    function and its arguments (:func:`content_key`).  A caller whose arguments vary while the
    result stays valid (pass 3 of the search: pruning by a bound that only tightens) gives a
    key of what does not vary.
    """

    name: str
    function: Callable[..., Arrays]
    args: tuple[Any, ...]
    key: str | None = None

    def result_key(self) -> str:
        """``key``, or the digest of the function's qualified name and the arguments."""
        function = f"{self.function.__module__}.{self.function.__qualname__}"
        return content_key(function, self.args) if self.key is None else self.key


def _square(value: int) -> Arrays:
    return {"value": np.array([value * value])}


def chunk_identity(directory: Path, chunk: Chunk, run: Identity) -> dict[str, Any]:
    """What the checkpoint of ``chunk`` in ``directory`` must say it holds."""
    return {"format": FORMAT_VERSION, "code": code_digest(), "run": dict(run),
            "pass": directory.name, "chunk": chunk.name, "key": chunk.result_key()}


def _canonical(identity: Identity) -> bytes:
    return json.dumps(identity, sort_keys=True, separators=(",", ":")).encode()


def _checksum(identity_bytes: bytes, arrays: Arrays) -> str:
    digest = hashlib.sha256(identity_bytes)
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"\0{name}:{array.dtype.str}:{array.shape}:".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def save_chunk(path: Path, arrays: Arrays, identity: Identity) -> None:
    """Write ``arrays`` with their ``identity`` and checksum to ``path`` atomically
    (:func:`cpoly.store.atomic.replacing_name`: a temporary name in the same directory, then a
    rename; nothing left behind on a failure or Ctrl-C)."""
    reserved = sorted({_IDENTITY, _CHECKSUM} & set(arrays))
    if reserved:
        raise ValueError(f"a chunk's arrays may not be named {reserved}")
    encoded = _canonical(identity)
    stored = {**arrays, _IDENTITY: np.frombuffer(encoded, dtype=np.uint8),
              _CHECKSUM: np.frombuffer(_checksum(encoded, arrays).encode(), dtype=np.uint8)}
    with replacing_name(path, ".npz") as temporary:  # (.npz: savez appends it to any other name)
        np.savez(temporary, **stored)  # type: ignore[arg-type]


def load_chunk(path: Path, identity: Identity) -> Arrays | None:
    """The arrays of the checkpoint at ``path``, or None when there is no file; BadChunk when
    the file is unreadable (truncated, garbage), has no identity, fails its checksum or says it
    holds anything but ``identity``."""
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            stored = {key: data[key] for key in data.files}
    except Exception as error:  # noqa: BLE001 -- truncated, garbage, a lone .npy: never trusted
        raise BadChunk(f"not a readable .npz file ({type(error).__name__}: truncated or "
                       f"damaged)") from error
    encoded, checksum = stored.pop(_IDENTITY, None), stored.pop(_CHECKSUM, None)
    if encoded is None or checksum is None or encoded.dtype != np.uint8 or checksum.dtype != np.uint8:
        raise BadChunk("it has no checkpoint identity (not written by this version of cpoly)")
    if checksum.tobytes() != _checksum(encoded.tobytes(), stored).encode():
        raise BadChunk("its checksum does not match (damaged)")
    try:
        found = json.loads(encoded.tobytes())
    except ValueError as error:
        raise BadChunk("its identity is not JSON") from error
    expected = json.loads(_canonical(identity))  # as stored: tuples become lists
    if found != expected:
        raise BadChunk(_difference(found if isinstance(found, dict) else {}, expected))
    return stored


def _difference(found: dict[str, Any], expected: dict[str, Any]) -> str:
    """Why a checkpoint's identity ``found`` is not the one expected, in words."""
    name = expected["chunk"]
    if found.get("chunk") != name:
        return f"it holds {found.get('chunk')!r}, not {name!r} (a misplaced or copied file)"
    if found.get("pass") != expected["pass"]:
        return f"it belongs to pass folder {found.get('pass')!r}, not {expected['pass']!r}"
    if found.get("run") != expected["run"]:
        theirs = found["run"] if isinstance(found.get("run"), dict) else {}
        changed = [f"{field} {theirs.get(field)!r}, not {value!r}"
                   for field, value in expected["run"].items() if theirs.get(field) != value]
        return f"it belongs to another run ({'; '.join(changed) or 'other parameters'})"
    if found.get("code") != expected["code"] or found.get("format") != expected["format"]:
        return "it was written by another version of cpoly"
    return f"it holds other work under the name {name!r} (another key)"


def _warn_on_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _stored(path: Path, identity: Identity, warn: Warn) -> Arrays | None:
    """A chunk's checkpoint when there is a sound one; a bad one is reported and ignored."""
    try:
        return load_chunk(path, identity)
    except BadChunk as bad:
        warn(f"warning: {path}: {bad}; computing the chunk again")
        return None


def run_chunks(client: Any, directory: Path, chunks: Iterable[Chunk], run: Identity, *,
               total: int = 0, window: int = 0, progress: Progress | None = None,
               warn: Warn = _warn_on_stderr) -> Iterator[tuple[str, Arrays]]:
    """Results ``(name, arrays)`` of every chunk, from ``directory`` when already done.

    ``client`` is a ``dask.distributed.Client`` or None (run in this process).  ``run`` is
    the run's parameters (JSON values), part of every checkpoint's identity.  The chunk
    iterable is advanced lazily, so a caller may refine later chunks from earlier results.
    ``window`` bounds the chunks in flight (default: twice the workers).  ``warn`` gets one
    line per checkpoint file found unsound and recomputed.
    """
    directory.mkdir(parents=True, exist_ok=True)
    results = (_run_here(directory, chunks, run, warn) if client is None
               else _run_on_dask(client, directory, chunks, run, window, warn))
    for done, result in enumerate(results, 1):
        if progress is not None:
            progress(done, max(total, done))
        yield result


def _run_here(directory: Path, chunks: Iterable[Chunk], run: Identity, warn: Warn) -> Iterator[tuple[str, Arrays]]:
    for chunk in chunks:
        path, identity = directory / f"{chunk.name}.npz", chunk_identity(directory, chunk, run)
        arrays = _stored(path, identity, warn)
        if arrays is None:
            arrays = chunk.function(*chunk.args)
            save_chunk(path, arrays, identity)
        yield chunk.name, arrays


def _run_on_dask(client: Any, directory: Path, chunks: Iterable[Chunk], run: Identity,
                 window: int, warn: Warn) -> Iterator[tuple[str, Arrays]]:
    from distributed import as_completed

    limit = window or 2 * max(1, len(client.scheduler_info().get("workers", {})))
    stream = as_completed()  # type: ignore[no-untyped-call]
    pending: dict[Any, tuple[str, dict[str, Any]]] = {}

    def collect(future: Any) -> tuple[str, Arrays]:
        name, identity = pending.pop(future)
        try:
            arrays = future.result()
        except Exception as error:  # a chunk that failed RETRIES times
            raise CpolyError(f"chunk {name} failed on the Dask cluster: {error}") from error
        save_chunk(directory / f"{name}.npz", arrays, identity)
        return name, arrays

    for chunk in chunks:
        identity = chunk_identity(directory, chunk, run)
        arrays = _stored(directory / f"{chunk.name}.npz", identity, warn)
        if arrays is not None:
            yield chunk.name, arrays
            continue
        while len(pending) >= limit:
            yield collect(next(stream))
        future = client.submit(chunk.function, *chunk.args, key=f"{chunk.name}-{uuid.uuid4().hex}",
                               retries=RETRIES, pure=False)
        pending[future] = (chunk.name, identity)
        stream.add(future)  # type: ignore[no-untyped-call]
    for future in stream:
        yield collect(future)
