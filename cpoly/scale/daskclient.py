"""The Dask client every chunked command runs on: a quiet ``LocalCluster``, or a scheduler checked
before it is trusted.

* **Ctrl-C.**  A terminal sends SIGINT to the whole process group, worker processes included,
  and each used to die with its own traceback (about 60 lines before ``cpoly: interrupted``).
  The local cluster's processes are started with SIGINT ignored (an ignored signal stays
  ignored across ``exec``), so only this process sees Ctrl-C; it closes the cluster, whose
  workers exit without a word.  A Ctrl-C during the second or two the workers take to start
  is ignored with them (press it again).
* **A bad** ``--scheduler``.  Dask reads the first eight bytes a server sends as a message
  length: an HTTP server's ``HTTP/1.0`` is 3.5e18 bytes (\"out of memory\"), a server that
  says nothing hangs the client.  :func:`check_scheduler` connects first, sends a Dask
  client's handshake and reads the scheduler's, within :data:`PROBE_SECONDS`: nothing
  listening, nothing said or something else said is a :class:`~cpoly.errors.CpolyError`
  naming the address.

>>> check_scheduler("tcp://127.0.0.1:1")
Traceback (most recent call last):
cpoly.errors.CpolyError: cannot reach the Dask scheduler at tcp://127.0.0.1:1: nothing listens there (connection refused)
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cpoly.errors import CpolyError

__all__ = ["PROBE_SECONDS", "check_scheduler", "dask_client", "parse_greeting"]

#: Seconds to connect to a scheduler and receive its greeting (both, together).
PROBE_SECONDS = 5.0
#: The largest greeting a scheduler sends (its handshake is a few hundred bytes).
_GREETING_MOST = 1 << 20
_MOST_FRAMES = 64


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: on ``scheduler`` (``tcp://host:port``, checked by :func:`check_scheduler`)
    or on a new ``LocalCluster`` with one single-threaded worker process per core (or
    ``workers``) that ignore Ctrl-C; CpolyError when the scheduler does not answer as one."""
    if scheduler is None:
        with _local_client(workers) as client:
            yield client
        return
    from distributed import Client

    check_scheduler(scheduler)
    try:
        client = Client(scheduler, timeout=f"{PROBE_SECONDS:g}s")  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TypeError) as error:
        raise CpolyError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from error
    with client:
        yield client


@contextmanager
def _local_client(workers: int | None) -> Iterator[Any]:
    import dask
    from distributed import Client, LocalCluster

    count = workers or os.cpu_count() or 1
    # glibc's default malloc trim threshold, not Dask's 65536 (which maps every large NumPy temporary afresh)
    environ = {name: value for name, value in dask.config.get("distributed.nanny.pre-spawn-environ", {}).items()
               if name != "MALLOC_TRIM_THRESHOLD_"}
    environ.setdefault("CPOLY_THREADS", os.environ.get("CPOLY_THREADS", "1"))  # one thread per worker, as Dask's
    with dask.config.set({"distributed.nanny.pre-spawn-environ": environ}):
        with _sigint_ignored():
            # CRITICAL: a worker's heartbeat racing the scheduler's shutdown logs a traceback at ERROR
            # (seen at the end of a full search under load); a task's error reaches the client anyway
            cluster = LocalCluster(n_workers=count, threads_per_worker=1,  # type: ignore[no-untyped-call]
                                   processes=True, dashboard_address=":0", silence_logs=logging.CRITICAL)
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored inside the block (so by the processes started there), as before after it;
    nothing changes off the main thread, where Python cannot set a handler."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def check_scheduler(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Raise a CpolyError naming ``address`` unless a Dask scheduler greets a TCP connection
    there within ``seconds`` (other protocols, ``tls://`` and the like, are left to Dask)."""
    scheme, _, location = address.rpartition("://")
    if scheme not in ("", "tcp"):
        return
    host, _, port = location.rpartition(":")
    if not host or not port.isdigit():
        raise CpolyError(f"cannot reach the Dask scheduler at {address}: not a host:port address "
                         "(e.g. tcp://10.0.0.5:8786)")
    try:
        greeting = _greeting(host.strip("[]"), int(port), seconds)
    except ConnectionRefusedError:
        raise CpolyError(f"cannot reach the Dask scheduler at {address}: nothing listens there "
                         "(connection refused)") from None
    except OSError as error:
        why = "no answer" if isinstance(error, TimeoutError) else error.strerror or str(error)
        raise CpolyError(f"cannot reach the Dask scheduler at {address}: {why} "
                         f"within {seconds:g} s") from None
    problem = f"it said nothing within {seconds:g} s" if not greeting else parse_greeting(greeting)
    if problem is not None:
        raise CpolyError(f"the server at {address} is not a Dask scheduler: {problem}")


def _greeting(host: str, port: int, seconds: float) -> bytes:
    """What a server at ``host:port`` answers to a Dask client's handshake within ``seconds``: a
    scheduler's own handshake (its length word and body), else what it sent before it stopped,
    closed or the time ran out (nothing, or an HTTP server's ``400 Bad Request``)."""
    deadline = time.monotonic() + seconds
    with socket.create_connection((host, port), timeout=seconds) as connection:
        connection.sendall(_handshake())
        head = _receive(connection, 8, deadline)
        if len(head) < 8:
            return head
        (length,) = struct.unpack("<Q", head)
        return head + (_receive(connection, length, deadline) if length <= _GREETING_MOST else b"")


def _handshake() -> bytes:
    """The first message a Dask client sends (distributed's TCP framing of its handshake: the
    compression, Python version and pickle protocol it speaks)."""
    import pickle
    import sys

    import msgpack  # type: ignore[import-untyped]  # (distributed's own wire format)

    frame: bytes = msgpack.packb({"compression": None, "python": tuple(sys.version_info[:3]),
                                  "pickle-protocol": pickle.HIGHEST_PROTOCOL})
    body = struct.pack("<QQ", 1, len(frame)) + frame
    return struct.pack("<Q", len(body)) + body


def _receive(connection: socket.socket, wanted: int, deadline: float) -> bytes:
    received = b""
    while len(received) < wanted:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        connection.settimeout(left)
        try:
            piece = connection.recv(wanted - len(received))
        except TimeoutError:
            break
        if not piece:
            break
        received += piece
    return received


def parse_greeting(greeting: bytes) -> str | None:
    """Why ``greeting`` is not a Dask scheduler's first message (distributed's TCP framing: a
    length word, a frame count, the frames' lengths), or None when it is one.

    >>> parse_greeting(b"HTTP/1.0 400 Bad request")
    "it answered b'HTTP/1.0' (an HTTP server?)"
    >>> body = struct.pack("<QQ", 1, 3) + b"abc"
    >>> parse_greeting(struct.pack("<Q", len(body)) + body) is None
    True
    """
    if len(greeting) < 8:
        return f"it answered {greeting!r} and stopped"
    (length,) = struct.unpack("<Q", greeting[:8])
    if length > _GREETING_MOST or len(greeting) != 8 + length or not _framed(greeting[8:]):
        hint = " (an HTTP server?)" if greeting.startswith(b"HTTP/") else ""
        return f"it answered {greeting[:8]!r}{hint}"
    return None


def _framed(body: bytes) -> bool:
    """Whether ``body`` is a frame count, that many frame lengths and the frames."""
    frames: int = struct.unpack("<Q", body[:8])[0] if len(body) >= 8 else 0
    prelude = 8 * (frames + 1)
    if not 0 < frames <= _MOST_FRAMES or len(body) < prelude:
        return False
    sizes: tuple[int, ...] = struct.unpack(f"<{frames}Q", body[8:prelude])
    return prelude + sum(sizes) == len(body)
