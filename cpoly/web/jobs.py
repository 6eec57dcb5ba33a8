"""Jobs: one CLI run each, started by an API request, watched (elapsed time, state) and cancellable.

A job owns a temporary folder (the game file it runs on) removed when it ends.  At most
``workers`` jobs run at once; the others wait in state ``queued``.
"""

from __future__ import annotations

import asyncio
import itertools
import tempfile
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cpoly.web.commands import BUILDERS, Command, field_of
from cpoly.web.games import FieldError
from cpoly.web.runner import Limits, Outcome, run_cli

KEEP_FINISHED = 200


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

    def __init__(self, folder: Path, limits: Limits, workers: int = 2) -> None:
        self.folder = folder
        self.limits = limits
        self.slots = asyncio.Semaphore(workers)
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.ids = itertools.count(1)

    def start(self, command: str, body: dict[str, Any]) -> Job:
        """Check the request, then run it in the background (raises :class:`FieldError`)."""
        builder = BUILDERS.get(command)
        if builder is None:
            raise FieldError("command", f"unknown command {command!r}; one of {', '.join(BUILDERS)}")
        workdir = tempfile.TemporaryDirectory(prefix="cpoly-web-")
        try:
            prepared = builder(body, self.folder, Path(workdir.name))
        except BaseException:
            workdir.cleanup()
            raise
        job = Job(id=str(next(self.ids)), command=command)
        job.task = asyncio.create_task(self._run(job, prepared, workdir.name, workdir.cleanup))
        self.jobs[job.id] = job
        self._forget_old()
        return job

    async def _run(self, job: Job, command: Command, workdir: str, cleanup: Callable[[], None]) -> None:
        try:
            async with self.slots:
                job.state = "running"
                job.started = time.monotonic()
                outcome = await run_cli(command.args, workdir, self.limits, command.module, command.env)
            if outcome.state == "error":
                outcome.error["field"] = field_of(outcome.error, command.fields, command.default_field)
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
            cleanup()
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

    async def cancel_all(self) -> None:
        """Kill every job still running (the server is stopping)."""
        for job_id in list(self.jobs):
            self.cancel(job_id)
        await asyncio.gather(*(job.done.wait() for job in self.jobs.values()))
