"""The ASGI app of ``cpoly serve``: two HTML pages (one layout, cpoly.web.pages) and a small JSON API over the CLI.

API (every result is the CLI's ``--json`` output, untouched):

* ``GET /api/games``: the games of the definitions folder (id, title, file).
* ``POST /api/jobs/{command}`` with a JSON body: start a job (202, ``{"id", "state"}``), or 400
  with ``{"error": {"message", "field"}}`` for a request the server can reject at once.
* ``GET /api/jobs/{id}``: its state (``queued``, ``running``, ``done``, ``error``, ``refused``,
  ``cancelled``, ``failed``), elapsed seconds, and ``result`` or ``error``.
* ``GET /api/jobs/{id}/events``: the same as Server-Sent Events (``progress`` every quarter
  second, then ``end``); closing the stream cancels the job.
* ``DELETE /api/jobs/{id}``: cancel (kills the CLI process).
* ``GET /reports/{key}/{table}/{file}``: a file (index.html, PNGs) of a report a ``report`` job wrote.
* ``POST /api/{command}``: run and wait; 200 with the CLI's JSON, 400 with the error (bad
  input), 422 when refused (time or memory limit), 500 only if the CLI itself crashed.
* Any other address is 404, a method a route does not take 405, a crash of the server itself
  500: every error, the framework's too, is the API's JSON ``{"error": {"message", "field"}}``.
* Starting a job when ``queue_limit`` jobs already wait is 429 with ``Retry-After``; while the
  server stops, 503.  Every request first passes :class:`cpoly.web.guard.Guard` (Host, Origin,
  body size and time: 421, 403, 413, 408).

Commands: hold, analyze (with ``plays``, ``pay``), sweep, report, strategy, paytables, deck, equity, eval (see :mod:`cpoly.web.commands`).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cpoly.web.cachefolder import DEFAULT_CAP_BYTES, Store, default_root
from cpoly.web.commands import REPORTS, check_shape, check_strings
from cpoly.web.games import DEFAULT_DEFINITIONS, FieldError, list_games
from cpoly.web.guard import DEFAULT_BODY_LIMIT, DEFAULT_READ_TIMEOUT, Guard, allowed_hosts, error_body
from cpoly.web.jobs import DEFAULT_QUEUE_LIMIT, Busy, Job, Jobs
from cpoly.web.pages import SITE, render_page
from cpoly.web.runner import Limits

__all__ = ["STATIC", "STATUS", "Settings", "TICK", "cancel_job", "create_app", "framework_error", "games",
           "job_events", "job_status", "report_file", "run_command", "server_error", "start_job"]

STATIC = Path(__file__).parent / "static"
STATUS = {"done": 200, "error": 400, "refused": 422, "cancelled": 409, "failed": 500}
TICK = 0.25
#: The parts of a report's address: a cache entry's key, a table's digest, a file the report writes.
_REPORT_PARTS = (re.compile(r"[0-9a-f]{64}"), re.compile(r"[0-9a-f]{16}"), re.compile(r"[a-z_]+\.(html|png)"))


@dataclass(frozen=True)
class Settings:
    """How the server faces its clients: the host and port it answers for (:mod:`cpoly.web.guard`),
    the body limit and read timeout, the jobs that may wait, and its cache folder and cap
    (:mod:`cpoly.web.cachefolder`; ``None``: :func:`~cpoly.web.cachefolder.default_root`)."""

    host: str = "127.0.0.1"
    port: int = 8765
    body_limit: int = DEFAULT_BODY_LIMIT
    read_timeout: float = DEFAULT_READ_TIMEOUT
    queue_limit: int = DEFAULT_QUEUE_LIMIT
    cache_dir: Path | None = field(default=None)
    cache_bytes: int = DEFAULT_CAP_BYTES


def _jobs(request: Request) -> Jobs:
    jobs: Jobs = request.app.state.jobs
    return jobs


def _field_error(error: FieldError) -> JSONResponse:
    return JSONResponse({"error": {"message": error.message, "field": error.field}}, status_code=400)


async def _body(request: Request) -> dict[str, Any]:
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":  # a cross-site form or text/plain post needs no preflight
        raise FieldError("request", "send the request body as JSON (Content-Type: application/json)")
    try:
        body = json.loads(await request.body() or b"{}")
    except ValueError as bad:
        raise FieldError("request", f"the request body is not JSON: {bad}") from None
    except RecursionError:
        raise FieldError("request", "the request body is nested too deeply") from None
    if not isinstance(body, dict):
        raise FieldError("request", "the request body must be a JSON object")
    check_shape(body)
    check_strings(body)
    return body


async def _start(request: Request) -> Job:
    return _jobs(request).start(request.path_params["command"], await _body(request))


def _busy(busy: Busy, jobs: Jobs) -> JSONResponse:
    return JSONResponse({"error": {"message": busy.message, "field": "request"}},
                        status_code=503 if jobs.stopping else 429,
                        headers={"Retry-After": str(busy.retry_after)})


async def start_job(request: Request) -> Response:
    try:
        job = await _start(request)
    except FieldError as error:
        return _field_error(error)
    except Busy as busy:
        return _busy(busy, _jobs(request))
    return JSONResponse(job.status(), status_code=202)


async def run_command(request: Request) -> Response:
    try:
        job = await _start(request)
    except FieldError as error:
        return _field_error(error)
    except Busy as busy:
        return _busy(busy, _jobs(request))
    await job.done.wait()
    assert job.outcome is not None
    if job.outcome.state == "done":
        return JSONResponse(job.outcome.result)
    return JSONResponse({"error": job.outcome.error}, status_code=STATUS[job.outcome.state])


def _job(request: Request) -> Job | None:
    return _jobs(request).jobs.get(request.path_params["job_id"])


def _unknown_job(request: Request) -> JSONResponse:
    return JSONResponse({"error": {"message": f"no job {request.path_params['job_id'][:40]!r} (a job's id "
                                              "is the one its start answered; finished jobs are forgotten)",
                                   "field": "request"}}, status_code=404)


_FRAMEWORK_MESSAGES = {404: "no such address: {path}", 405: "{method} is not a method of {path}"}


async def framework_error(request: Request, error: Exception) -> Response:
    """An error Starlette raises itself (no route: 404, a method a route does not take: 405) as
    the API's JSON error."""
    status = error.status_code if isinstance(error, HTTPException) else 500
    template = _FRAMEWORK_MESSAGES.get(status, "the request cannot be answered ({detail})")
    message = template.format(path=request.url.path[:100], method=request.method[:20],
                              detail=getattr(error, "detail", status))
    headers = getattr(error, "headers", None)
    return Response(error_body(message), status_code=status, headers=headers, media_type="application/json")


async def server_error(request: Request, error: Exception) -> Response:
    """A bug of the server (never the client's fault): 500 with the API's JSON error."""
    return Response(error_body(f"the server failed: {type(error).__name__}; please report it"),
                    status_code=500, media_type="application/json")


async def job_status(request: Request) -> Response:
    job = _job(request)
    return _unknown_job(request) if job is None else JSONResponse(job.status())


async def cancel_job(request: Request) -> Response:
    job = _job(request)
    if job is None:
        return _unknown_job(request)
    _jobs(request).cancel(job.id)
    await job.done.wait()
    return JSONResponse(job.status())


async def _events(jobs: Jobs, job: Job) -> AsyncIterator[str]:
    try:
        while not job.done.is_set():
            yield f"event: progress\ndata: {json.dumps(job.status())}\n\n"
            try:
                await asyncio.wait_for(job.done.wait(), TICK)
            except asyncio.TimeoutError:
                pass
        yield f"event: end\ndata: {json.dumps(job.status())}\n\n"
    finally:
        jobs.cancel(job.id)  # the page went away (or the job ended: then this does nothing)


async def job_events(request: Request) -> Response:
    job = _job(request)
    if job is None:
        return _unknown_job(request)
    return StreamingResponse(_events(_jobs(request), job), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store"})


async def games(request: Request) -> Response:
    return JSONResponse(list_games(request.app.state.definitions))


async def report_file(request: Request) -> Response:
    """A file of a report written by a ``report`` job: only ``index.html`` and the PNGs directly
    in ``CACHE/KEY/reports/TABLE``, each part of the address checked before any path is made."""
    parts = [request.path_params[name] for name in ("key", "table", "name")]
    missing = JSONResponse({"error": {"message": "no such report file (run the report again)",
                                      "field": "request"}}, status_code=404)
    if not all(pattern.fullmatch(part) for pattern, part in zip(_REPORT_PARTS, parts)):
        return missing
    root = _jobs(request).store.root.resolve()
    folder = root / parts[0] / REPORTS / parts[1]
    path = folder / parts[2]
    try:
        if path.resolve().parent != folder.resolve() or not folder.resolve().is_relative_to(root) or not path.is_file():
            return missing
    except OSError:
        return missing
    return FileResponse(path, headers={"Cache-Control": "no-store"})


def _page(path: str) -> Any:
    async def page(request: Request) -> Response:
        return HTMLResponse(render_page(path), headers={"Cache-Control": "no-store"})
    return page


def create_app(definitions: Path = DEFAULT_DEFINITIONS, limits: Limits | None = None,
               workers: int = 2, settings: Settings | None = None) -> Starlette:
    """The web app over the games in ``definitions``, each CLI run under ``limits``, facing
    its clients as ``settings`` say."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.cache_dir or default_root(), settings.cache_bytes)
        app.state.jobs = Jobs(definitions, limits or Limits(), workers, store, settings.queue_limit)
        yield
        await app.state.jobs.cancel_all()

    routes = [
        *(Route(page.path, _page(page.path)) for page in SITE),
        Route("/api/games", games),
        Route("/api/jobs/{command}", start_job, methods=["POST"]),
        Route("/api/jobs/{job_id}", job_status, methods=["GET"]),
        Route("/api/jobs/{job_id}", cancel_job, methods=["DELETE"]),
        Route("/api/jobs/{job_id}/events", job_events),
        Route("/api/{command}", run_command, methods=["POST"]),
        Route(f"/{REPORTS}/{{key}}/{{table}}/{{name}}", report_file),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    guard = Middleware(Guard, hosts=allowed_hosts(settings.host, settings.port),
                       body_limit=settings.body_limit, read_timeout=settings.read_timeout)
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[guard],
                    exception_handlers={HTTPException: framework_error, Exception: server_error})
    app.state.definitions = definitions
    return app
