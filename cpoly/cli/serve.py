"""``cpoly serve``: the local web app (video-poker analyzer and trainer, Hold'em equity)."""

from __future__ import annotations

import argparse
import asyncio
import math
import signal
import socket
import threading
import webbrowser
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from cpoly.errors import CpolyInputError

if TYPE_CHECKING:
    from cpoly.web.app import Settings
    from cpoly.web.runner import Limits

__all__ = ["STOP_SECONDS", "listen", "register", "run_serve"]

#: Seconds the server waits for open requests once stopping (its jobs are cancelled at once).
STOP_SECONDS = 3


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand."""
    from cpoly.web.games import DEFAULT_DEFINITIONS
    serve = subparsers.add_parser(
        "serve", help="the local web app: video poker analyzer and trainer, Hold'em equity",
        description="Serve the web app on 127.0.0.1; every page calls the CLI's --json commands.")
    serve.add_argument("--port", type=int, default=8765, help="port (default: %(default)s)")
    serve.add_argument("--open", action="store_true", help="open the page in a web browser")
    serve.add_argument("--definitions", type=Path, default=DEFAULT_DEFINITIONS,
                       help="folder of the .cp games offered (default: the games shipped with cpoly, linked as definitions/)")
    serve.add_argument("--time-limit", type=float, default=300.0, metavar="SECONDS",
                       help="refuse a request still running after this long (default: %(default)s)")
    serve.add_argument("--memory-limit", type=float, default=4.0, metavar="GIB",
                       help="address-space limit of each computation (default: %(default)s)")
    serve.add_argument("--workers", type=int, default=2,
                       help="computations run at once; others wait (default: %(default)s)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to serve on; the only host name answered besides 127.0.0.1, "
                            "localhost and [::1] (default: %(default)s)")
    serve.add_argument("--queue-limit", type=int, default=32, metavar="JOBS",
                       help="computations that may wait; beyond, 429 (default: %(default)s)")
    serve.add_argument("--body-limit", type=float, default=4.0, metavar="MIB",
                       help="largest request body; beyond, 413 (default: %(default)s)")
    serve.add_argument("--read-timeout", type=float, default=15.0, metavar="SECONDS",
                       help="time a client has to send a request's head, then its body (default: %(default)s)")
    serve.add_argument("--cache-dir", type=Path, default=None, metavar="DIR",
                       help="the server's own cache folder (default: serve/ in the cache directory)")
    serve.add_argument("--cache-size", type=float, default=1.0, metavar="GIB",
                       help="size cap of the cache folder, least recently used games removed first "
                            "(default: %(default)s)")
    serve.set_defaults(func=run_serve)


def _positive(args: argparse.Namespace) -> None:
    """Refuse a limit that is not a positive finite number."""
    for option in ("time_limit", "memory_limit", "body_limit", "read_timeout", "cache_size"):
        value = getattr(args, option)
        if not (math.isfinite(value) and value > 0):
            raise CpolyInputError(f"--{option.replace('_', '-')} must be positive, got {value:g}")
    for option in ("workers", "queue_limit"):
        if getattr(args, option) < 1:
            raise CpolyInputError(f"--{option.replace('_', '-')} must be positive, got {getattr(args, option)}")


def _settings(args: argparse.Namespace) -> tuple[Limits, Settings]:
    """The limits of each computation and the server's settings (refuses impossible values)."""
    from cpoly.web.app import Settings
    from cpoly.web.cachefolder import default_root
    from cpoly.web.runner import Limits, memory_limit_problem

    if not args.definitions.is_dir():
        raise CpolyInputError(f"--definitions {args.definitions} is not a folder")
    _positive(args)
    limits = Limits(seconds=args.time_limit, memory_bytes=int(args.memory_limit * (1 << 30)))
    problem = memory_limit_problem(limits.memory_bytes)
    if problem is not None:
        raise CpolyInputError(problem)
    settings = Settings(host=args.host, port=args.port, body_limit=max(1, int(args.body_limit * (1 << 20))),
                        read_timeout=args.read_timeout, queue_limit=args.queue_limit,
                        cache_dir=(args.cache_dir or default_root()).absolute(),
                        cache_bytes=max(1, int(args.cache_size * (1 << 30))))
    return limits, settings


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns the exit code."""
    from cpoly.web.app import create_app
    from cpoly.web.cachefolder import lock

    limits, settings = _settings(args)
    assert settings.cache_dir is not None
    try:
        held = lock(settings.cache_dir)
    except OSError as error:
        raise CpolyInputError(f"cannot use --cache-dir {settings.cache_dir}: {error.strerror or error}") from None
    if held is None:
        raise CpolyInputError(f"another cpoly serve uses the cache folder {settings.cache_dir} "
                              "(give this one its own --cache-dir)")
    app = create_app(args.definitions, limits, args.workers, settings)
    listening = listen(args.port, args.host)
    url = f"http://{_url_host(args.host)}:{args.port}/"
    print(f"cpoly web app on {url} (Ctrl-C stops it)", flush=True)
    if args.open:
        threading.Timer(1.0, webbrowser.open, [url]).start()
    with held:
        interrupted = _serve_until_stopped(app, listening, settings.read_timeout)
    if interrupted:
        raise KeyboardInterrupt  # the CLI's Ctrl-C: one line, exit code 130
    return 0


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _serve_until_stopped(app: Any, listening: socket.socket, read_timeout: float) -> bool:
    """Serve ``app`` on ``listening`` until stopped; whether a Ctrl-C (SIGINT) stopped it.

    uvicorn handles SIGINT and SIGTERM itself (a graceful shutdown, which waits for the open
    requests) and then returns normally, so its server is told to remember the signal, and the
    exit code can say it was interrupted.  On either signal every queued and running job is
    cancelled at once (its process killed), so the requests waiting for them end, and whatever
    is still open after a few seconds is closed.
    """
    import uvicorn

    from cpoly.web.guard import timed_protocol

    class Server(uvicorn.Server):
        interrupted = False

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.interrupted = self.interrupted or sig == signal.SIGINT
            jobs = getattr(app.state, "jobs", None)
            if jobs is not None:
                asyncio.get_running_loop().call_soon_threadsafe(jobs.stop)
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, log_level="warning", http=timed_protocol(read_timeout),
                            timeout_graceful_shutdown=STOP_SECONDS)
    server = Server(config)
    server.run(sockets=[listening])
    return server.interrupted


def listen(port: int, host: str = "127.0.0.1") -> socket.socket:
    """A socket bound to ``host:port`` for the server (bound here, so a port in use is one
    clear error before the address is announced).

    >>> listen(0)
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: --port must be 1 to 65535, got 0
    """
    if not 1 <= port <= 65535:
        raise CpolyInputError(f"--port must be 1 to 65535, got {port}")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError) as error:
        raise CpolyInputError(f"cannot serve on {host}: {getattr(error, 'strerror', None) or error} "
                              "(give --host an address of this machine)") from None
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
    try:
        listening.bind(address)
    except OSError as error:
        listening.close()
        raise CpolyInputError(f"cannot serve on {_url_host(host)}:{port}: {error.strerror or error} "
                              "(choose another --port)") from None
    return listening
