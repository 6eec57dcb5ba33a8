"""Jobs: one CLI run each, started by an API request, watched (elapsed time, state) and cancellable.

At most ``workers`` jobs run at once; the others wait in state ``queued``, at most
``queue_limit`` of them (beyond, :class:`Busy`).  A job's folder, its game's entry of the
server's cache (:mod:`cpoly.web.cachefolder`), is opened when the job starts and released when it
ends.  A job's id is 128 random bits (:func:`new_id`): no other client, nor any local process,
can guess one to read or cancel the job.  :meth:`Jobs.stop` (the server is stopping) refuses new jobs and cancels every job.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpoly.web.cachefolder import NO_GAME, Store, default_root
from cpoly.web.commands import BUILDERS, Command, field_of
from cpoly.web.games import FieldError
from cpoly.web.runner import Limits, Outcome, run_cli

__all__ = ["Busy", "DEFAULT_QUEUE_LIMIT", "Job", "Jobs", "KEEP_FINISHED", "new_id"]

KEEP_FINISHED = 200
DEFAULT_QUEUE_LIMIT = 32


def new_id() -> str:
    """A job's id: 128 random bits in hex.

    >>> len(new_id()), new_id() == new_id()
    (32, False)
    """
    return secrets.token_hex(16)


class Busy(Exception):
    """No job can be queued now (the queue is full, or the server is stopping): try again after
    ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


@dataclass
class Job:
    """A CLI run and what the page may ask about it."""

    id: str
    command: str
    state: str = "queued"
    started: float = field(default_factory=time.monotonic)
    ended: float | None = None
    outcome: Outcome | None = None
    task: asyncio.Task[None] | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def elapsed(self) -> float:
        return (self.ended or time.monotonic()) - self.started

    def status(self) -> dict[str, Any]:
        """The job as the API shows it; ``result`` is the CLI's ``--json`` untouched."""
        data: dict[str, Any] = {"id": self.id, "command": self.command, "state": self.state,
                                "elapsed": round(self.elapsed(), 2)}
        if self.outcome is not None:
            if self.outcome.state == "done":
                data["result"] = self.outcome.result
            else:
                data["error"] = self.outcome.error
        return data


class Jobs:
    """The server's jobs, newest last; finished ones are forgotten after ``KEEP_FINISHED``."""

    def __init__(self, folder: Path, limits: Limits, workers: int = 2, store: Store | None = None,
                 queue_limit: int = DEFAULT_QUEUE_LIMIT) -> None:
        self.folder = folder
        self.limits = limits
        self.workers = workers
        self.slots = asyncio.Semaphore(workers)
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.store = store or Store(default_root())
        self.queue_limit = queue_limit
        self.stopping = False
        self.recent: list[float] = []  # how long the last jobs ran, for Retry-After

    def queued(self) -> int:
        return sum(job.state == "queued" for job in self.jobs.values())

    def retry_after(self) -> int:
        """Seconds until a place in the queue is likely free (1 to 60): the queue's length times
        the mean time of the last jobs, over the workers."""
        mean = sum(self.recent) / len(self.recent) if self.recent else 1.0
        return max(1, min(60, math.ceil(mean * (self.queued() + 1) / self.workers)))

    def start(self, command: str, body: dict[str, Any]) -> Job:
        """Check the request, then run it in the background (raises :class:`FieldError`, and
        :class:`Busy` when the queue is full or the server is stopping)."""
        builder = BUILDERS.get(command)
        if builder is None:
            raise FieldError("command", f"unknown command {command!r}; one of {', '.join(BUILDERS)}")
        prepared = builder(body, self.folder)
        if self.stopping:
            raise Busy("the server is stopping", 5)
        if self.queued() >= self.queue_limit:
            raise Busy(f"the server is busy: {self.queue_limit} jobs are already waiting "
                       "(cpoly serve --queue-limit); try again later", self.retry_after())
        job = Job(id=new_id(), command=command)
        job.task = asyncio.create_task(self._run(job, prepared))
        self.jobs[job.id] = job
        self._forget_old()
        return job

    async def _run(self, job: Job, command: Command) -> None:
        key = None
        try:
            async with self.slots:
                job.state = "running"
                job.started = time.monotonic()
                game = command.game
                opened = game.key() if game else NO_GAME
                cwd, cache_env = (self.store.open(opened, game.path, game.text) if game
                                  else self.store.open(opened))
                key = opened
                outcome = await run_cli(command.args, str(cwd), self.limits, command.module,
                                        {**command.env, **cache_env})
            if outcome.state == "done" and command.link and isinstance(outcome.result, dict):
                outcome.result = {**outcome.result, "url": command.link}  # where the app serves the report
            if outcome.state == "error":
                outcome.error = game.located(outcome.error) if game else outcome.error
                outcome.error["field"] = field_of(outcome.error, command.fields, command.default_field,
                                                   command.options)
            job.outcome = outcome
            job.state = outcome.state
        except asyncio.CancelledError:
            job.outcome = Outcome("cancelled", error={"message": "cancelled"})
            job.state = "cancelled"
        except Exception as error:  # a bug of the server, not the user's input: never stuck running
            job.outcome = Outcome("failed", error={"message": f"the server could not run cpoly: "
                                                              f"{type(error).__name__}: {error}"})
            job.state = "failed"
        finally:
            job.ended = time.monotonic()
            if key is not None:
                self.store.close(key)
                self.recent = [*self.recent[-19:], job.elapsed()]
            job.done.set()

    def cancel(self, job_id: str) -> bool:
        """Kill a job's process (True if it was still queued or running)."""
        job = self.jobs.get(job_id)
        if job is None or job.task is None or job.done.is_set():
            return False
        job.task.cancel()
        return True

    def _forget_old(self) -> None:
        finished = [key for key, job in self.jobs.items() if job.done.is_set()]
        for key in finished[: max(0, len(finished) - KEEP_FINISHED)]:
            del self.jobs[key]

    def stop(self) -> None:
        """Refuse new jobs and cancel every queued or running job (killing its process)."""
        self.stopping = True
        for job_id in list(self.jobs):
            self.cancel(job_id)

    async def cancel_all(self) -> None:
        """Stop, and wait until every job has ended (the server is stopping)."""
        self.stop()
        await asyncio.gather(*(job.done.wait() for job in self.jobs.values()))

