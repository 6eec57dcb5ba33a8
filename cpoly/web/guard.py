"""What every request passes before the app sees it: its ``Host``, its ``Origin``, its body's
size and the time it takes to arrive (an ASGI middleware), and the time its head takes
(:func:`timed_protocol`, uvicorn's HTTP/1.1 protocol with a deadline).

* ``Host`` must name the server as it was started: ``127.0.0.1``, ``localhost``, ``[::1]`` or
  the ``--host`` given, with its port.  Anything else is refused (421): after a DNS rebinding
  a page of ``attacker.example`` reaches 127.0.0.1 with ``Host: attacker.example``.
* ``Origin``, when a browser sends one (it does on every POST and DELETE, and on cross-site
  reads), must be ``http://`` one of those hosts: else 403.
* A body may hold at most ``body_limit`` bytes (413: ``Content-Length`` is checked first, then
  the bytes as they arrive, so no more than the limit is ever held) and must arrive within
  ``read_timeout`` seconds (else 408); the request's head too (else the connection is closed).

* A request with two ``Host`` headers, or a ``Content-Length`` that is not a whole number
  (``-1``), is malformed (400).

Every refusal is the API's JSON error, ``{"error": {"message", "field": "request"}}``, and
closes the connection.  Under uvicorn, h11 refuses a malformed request (two ``Host`` or
``Content-Length`` headers, a negative ``Content-Length``, a bad request line, a head over
h11's size limit) before the app sees it: :func:`timed_protocol` makes that answer the same
JSON error (400) instead of uvicorn's plain text.  A WebSocket upgrade is never served.

>>> sorted(allowed_hosts("127.0.0.1", 8765))
['127.0.0.1:8765', '[::1]:8765', 'localhost:8765']
>>> sorted(allowed_hosts("::1", 80))
['127.0.0.1', '127.0.0.1:80', '[::1]', '[::1]:80', 'localhost', 'localhost:80']
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["ASGIApp", "DEFAULT_BODY_LIMIT", "DEFAULT_READ_TIMEOUT", "Guard", "LOOPBACK", "Message",
           "Receive", "Scope", "Send", "TooLarge", "allowed_hosts", "error_body", "refuse",
           "timed_protocol"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
DEFAULT_BODY_LIMIT = 4 << 20
DEFAULT_READ_TIMEOUT = 15.0
_WITH_BODY = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _bracketed(host: str) -> str:
    """An IPv6 address as a ``Host`` header spells it."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    """The ``Host`` values that name this server (lower case), without the port for port 80."""
    names = {_bracketed(name.lower()) for name in (*LOOPBACK, host)}
    hosts = {f"{name}:{port}" for name in names}
    return frozenset(hosts | (names if port == 80 else set()))


def error_body(message: str) -> bytes:
    return json.dumps({"error": {"message": message, "field": "request"}}).encode()


async def refuse(send: Send, status: int, message: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """Answer with the API's JSON error and close the connection."""
    body = error_body(message)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class TooLarge(Exception):
    """The body is larger than the limit."""


class Guard:
    """The ASGI middleware of the server (see the module's documentation)."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], body_limit: int = DEFAULT_BODY_LIMIT,
                 read_timeout: float = DEFAULT_READ_TIMEOUT) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = frozenset(f"http://{host}" for host in hosts)
        self.body_limit = body_limit
        self.read_timeout = read_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        problem = _malformed(scope["headers"])
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        problem = problem or self._refusal(headers)
        if problem is not None:
            await refuse(send, *problem)
            return
        if scope["method"] not in _WITH_BODY:
            await self.app(scope, receive, send)
            return
        try:
            body = await asyncio.wait_for(self._read_body(receive), self.read_timeout)
        except TooLarge:
            await refuse(send, 413, f"the request body is larger than the server's limit of "
                                    f"{self.body_limit:,} bytes (cpoly serve --body-limit)")
            return
        except asyncio.TimeoutError:
            await refuse(send, 408, f"the request body did not arrive within {self.read_timeout:g} s "
                                    "(cpoly serve --read-timeout)")
            return
        if body is None:
            return  # the client went away
        await self.app(scope, _replay(body, receive), send)

    def _refusal(self, headers: dict[str, str]) -> tuple[int, str] | None:
        """The status and message refusing a request with these headers, if it is refused."""
        host = headers.get("host", "").strip().lower()
        if host not in self.hosts:
            return 421, (f"this server does not answer for the host {host[:100]!r}: use "
                         f"http://{min(self.hosts)}/")
        origin = headers.get("origin")
        if origin is not None and origin.strip().lower() not in self.origins:
            return 403, f"requests from the page {origin[:100]!r} are refused: use the page of this server"
        length = headers.get("content-length", "0").strip()
        if length.isdigit() and int(length) > self.body_limit:
            return 413, (f"the request body is larger than the server's limit of {self.body_limit:,} "
                         "bytes (cpoly serve --body-limit)")
        return None

    async def _read_body(self, receive: Receive) -> bytes | None:
        """The whole body, at most ``body_limit`` bytes (:class:`TooLarge` beyond), or None if
        the client disconnected."""
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.body_limit:
                raise TooLarge
            chunks.append(chunk)
            more = message.get("more_body", False)
        return b"".join(chunks)


def _malformed(headers: list[tuple[bytes, bytes]]) -> tuple[int, str] | None:
    """400 and why, for headers no well-formed request has (uvicorn's h11 refuses these first).

    >>> _malformed([(b"host", b"a"), (b"Host", b"b")])
    (400, 'the request has 2 Host headers; a request has one')
    >>> _malformed([(b"content-length", b"-1")])
    (400, "the request's Content-Length is not a whole number: '-1'")
    >>> _malformed([(b"host", b"a"), (b"content-length", b"12")])
    """
    names = [name.lower() for name, _ in headers]
    for unique in (b"host", b"content-length"):
        if names.count(unique) > 1:
            return 400, f"the request has {names.count(unique)} {unique.decode().title()} headers; a request has one"
    for name, value in headers:
        if name.lower() == b"content-length" and not value.strip().isdigit():
            return 400, f"the request's Content-Length is not a whole number: {value.decode('latin-1')[:40]!r}"
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` in one message, then what the client sends next."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()
    return replayed


def timed_protocol(seconds: float) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request head (request line and
    headers) is not complete ``seconds`` after the connection opened or the last answer."""

    class TimedH11Protocol(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._wait_for_head()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._head_received()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._wait_for_head()
                self._head_received()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_head_timer()
            super().connection_lost(exc)

        def _wait_for_head(self) -> None:
            self._cancel_head_timer()
            self.head_timer = self.loop.call_later(seconds, self._head_timed_out)

        def _head_received(self) -> None:
            if self.conn.their_state is not h11.IDLE:
                self._cancel_head_timer()

        def _cancel_head_timer(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def send_400_response(self, msg: str) -> None:
            """h11 found the request malformed: the API's JSON error, then close."""
            body = error_body("the request is not well-formed HTTP/1.1 (a bad request line, a header "
                              "given twice, a Content-Length that is not a whole number, or a head too "
                              "large); it was not read")
            for event in (h11.Response(status_code=400, headers=[(b"content-type", b"application/json"),
                                                                  (b"content-length", str(len(body)).encode()),
                                                                  (b"connection", b"close")]),
                          h11.Data(data=body), h11.EndOfMessage()):
                self.transport.write(self.conn.send(event) or b"")
            self.transport.close()

        def _head_timed_out(self) -> None:
            self.head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return TimedH11Protocol
