"""``cpoly serve``: the local web app (video-poker analyzer and trainer, Hold'em equity)."""

from __future__ import annotations

import argparse
import math
import signal
import socket
import threading
import webbrowser
from pathlib import Path
from types import FrameType
from typing import Any

from cpoly.errors import CpolyInputError


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand."""
    from cpoly.web.games import DEFAULT_DEFINITIONS
    serve = subparsers.add_parser(
        "serve", help="the local web app: video poker analyzer and trainer, Hold'em equity",
        description="Serve the web app on 127.0.0.1; every page calls the CLI's --json commands.")
    serve.add_argument("--port", type=int, default=8765, help="port (default: %(default)s)")
    serve.add_argument("--open", action="store_true", help="open the page in a web browser")
    serve.add_argument("--definitions", type=Path, default=DEFAULT_DEFINITIONS,
                       help="folder of the .cp games offered (default: the repository's definitions/)")
    serve.add_argument("--time-limit", type=float, default=300.0, metavar="SECONDS",
                       help="refuse a request still running after this long (default: %(default)s)")
    serve.add_argument("--memory-limit", type=float, default=4.0, metavar="GIB",
                       help="address-space limit of each computation (default: %(default)s)")
    serve.add_argument("--workers", type=int, default=2,
                       help="computations run at once; others wait (default: %(default)s)")
    serve.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns the exit code."""
    from cpoly.web.app import create_app
    from cpoly.web.runner import Limits

    if not args.definitions.is_dir():
        raise CpolyInputError(f"--definitions {args.definitions} is not a folder")
    limits_given = (args.time_limit, args.memory_limit)
    if not all(math.isfinite(x) and x > 0 for x in limits_given) or args.workers < 1:
        raise CpolyInputError("--time-limit, --memory-limit and --workers must be positive")
    limits = Limits(seconds=args.time_limit, memory_bytes=int(args.memory_limit * (1 << 30)))
    app = create_app(args.definitions, limits, args.workers)
    listening = listen(args.port)
    url = f"http://127.0.0.1:{args.port}/"
    print(f"cpoly web app on {url} (Ctrl-C stops it)")
    if args.open:
        threading.Timer(1.0, webbrowser.open, [url]).start()
    if _serve_until_stopped(app, listening):
        raise KeyboardInterrupt  # the CLI's Ctrl-C: one line, exit code 130
    return 0


def _serve_until_stopped(app: Any, listening: socket.socket) -> bool:
    """Serve ``app`` on ``listening`` until stopped; whether a Ctrl-C (SIGINT) stopped it.

    uvicorn handles SIGINT itself (a graceful shutdown) and then returns normally, so its
    server is told to remember the signal, and the exit code can say it was interrupted.
    """
    import uvicorn

    class Server(uvicorn.Server):
        interrupted = False

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            self.interrupted = self.interrupted or sig == signal.SIGINT
            super().handle_exit(sig, frame)

    server = Server(uvicorn.Config(app, log_level="warning"))
    server.run(sockets=[listening])
    return server.interrupted


def listen(port: int) -> socket.socket:
    """A socket bound to ``127.0.0.1:port`` for the server (bound here, so a port in use is one
    clear error before the address is announced).

    >>> listen(0)
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: --port must be 1 to 65535, got 0
    """
    if not 1 <= port <= 65535:
        raise CpolyInputError(f"--port must be 1 to 65535, got {port}")
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
    try:
        listening.bind(("127.0.0.1", port))
    except OSError as error:
        listening.close()
        raise CpolyInputError(f"cannot serve on 127.0.0.1:{port}: {error.strerror or error} "
                              "(choose another --port)") from None
    return listening
