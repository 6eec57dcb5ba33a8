"""Run one ``cpoly ... --json`` command in a subprocess and read its outcome.

The web app never computes anything itself: every request runs the CLI, so the API returns
exactly the CLI's ``--json`` by construction.  The subprocess gets a memory limit
(``RLIMIT_AS``), a time limit (it is killed and the request refused with the reason), its own
process group (cancelling kills the group), and a working directory of its own.

The CLI reports bad input with exit code 2: either a JSON object ``{"error": {...}}`` (on
stdout or stderr) or one paragraph of text on stderr; both become an :class:`Outcome` with
``error`` set.

>>> error_from_text("g.cp:3:7: error: unknown name 'Tenn'\\n  X = Tenn\\n      ^")["line"]
3
>>> error_from_text("error: bad card '7x'")["message"]
"bad card '7x'"
>>> error_from_text("usage: cpoly [-h] COMMAND ...\\ncpoly: error: invalid choice: 'x'")["message"]
"invalid choice: 'x'"
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import signal
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cpoly

__all__ = ["Limits", "Outcome", "USER_ERROR_EXIT", "cli_argv", "error_from_text", "memory_limit_problem",
           "read_outcome", "run_cli"]

_LOCATED = re.compile(r"^(?P<file>[^\n:]+):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$",
                      re.DOTALL)
_OUT_OF_MEMORY = re.compile(r"MemoryError|[Mm]emory allocation|Cannot allocate memory|bad_alloc|out of memory")
USER_ERROR_EXIT = 2


@dataclass(frozen=True)
class Limits:
    """What one CLI run may use: seconds of wall time and bytes of address space."""

    seconds: float = 300.0
    memory_bytes: int = 4 << 30


@dataclass
class Outcome:
    """The end of a run: ``state`` is ``done`` (with ``result``), ``error`` (bad input, with
    ``error``), ``refused`` (a limit was reached, ``error`` says which), ``cancelled`` or
    ``failed`` (the CLI crashed: a bug, not the user's input)."""

    state: str
    result: Any = None
    error: dict[str, Any] = field(default_factory=dict)


def cli_argv(args: Sequence[str], module: str = "cpoly") -> list[str]:
    """The command line that runs ``python -m MODULE ARGS`` with this interpreter."""
    return [sys.executable, "-m", module, *args]


def error_from_text(stderr: str) -> dict[str, Any]:
    """The error object of a CLI error paragraph (``file``/``line``/``column`` when located).

    The message keeps the source line and caret of a located error, as the CLI prints them.
    """
    text = stderr.strip()
    if text.startswith("usage:"):  # argparse: keep its last line, "cpoly: error: ..."
        text = text.splitlines()[-1].partition(": ")[2]
    located = _LOCATED.match(text)
    if located:
        return {"message": located["message"], "file": located["file"],
                "line": int(located["line"]), "column": int(located["column"])}
    return {"message": text.removeprefix("error: ")}


def _json_error(text: str) -> dict[str, Any] | None:
    """The ``error`` object if ``text`` is the CLI's JSON error document."""
    try:
        document = json.loads(text)
    except ValueError:
        return None
    if isinstance(document, dict) and isinstance(document.get("error"), dict):
        error: dict[str, Any] = document["error"]
        return error
    return None


def read_outcome(code: int, stdout: str, stderr: str, limits: Limits) -> Outcome:
    """Interpret a finished run's exit code and output."""
    if code == 0:
        try:
            return Outcome("done", result=json.loads(stdout))
        except ValueError:
            return Outcome("failed", error={"message": "cpoly printed no JSON: " + stdout[:200]})
    if _OUT_OF_MEMORY.search(stderr + stdout) or code == -signal.SIGKILL:
        return Outcome("refused", error={"message": f"refused: the computation needs more than the "
                                         f"server's memory limit of {_size(limits.memory_bytes)} "
                                         "(cpoly serve --memory-limit)"})
    if code == USER_ERROR_EXIT:
        found = _json_error(stdout) or _json_error(stderr)
        return Outcome("error", error=found if found is not None else error_from_text(stderr))
    last = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit code {code}"
    return Outcome("failed", error={"message": f"cpoly failed: {last}"})


def _package_root() -> str:
    """The folder holding the ``cpoly`` package this server runs, first on the child's path, so
    the CLI it runs is the same code."""
    root = str(Path(cpoly.__file__).resolve().parent.parent)
    return os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])])


def _size(count: int) -> str:
    """Bytes for a person.

    >>> _size(4 << 30), _size(200 << 20)
    ('4 GiB', '200 MiB')
    """
    return f"{count / (1 << 30):g} GiB" if count >= 1 << 30 else f"{count / (1 << 20):g} MiB"


def memory_limit_problem(memory_bytes: int) -> str | None:
    """Why ``memory_bytes`` cannot be the address-space limit of a computation, or None: the
    kernel takes at most this process's hard limit (``ulimit -Hv``), and a 63-bit number.

    >>> memory_limit_problem(4 << 30) is None
    True
    >>> print(memory_limit_problem(10**40))
    --memory-limit 9.31323e+30 GiB is more than an address-space limit can be (at most 8.58993e+09 GiB)
    """
    largest = (1 << 63) - 1
    given = f"--memory-limit {memory_bytes / (1 << 30):g} GiB"
    if memory_bytes > largest:
        return f"{given} is more than an address-space limit can be (at most {largest / (1 << 30):g} GiB)"
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard != resource.RLIM_INFINITY and memory_bytes > hard:
        return (f"{given} is more than this process may use: its hard limit is {_size(hard)} "
                "(ulimit -Hv)")
    return None


def _limit_memory(memory_bytes: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    return apply


def _kill_group(process: asyncio.subprocess.Process) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


async def run_cli(args: Sequence[str], cwd: str, limits: Limits, module: str = "cpoly",
                  extra_env: Mapping[str, str] | None = None) -> Outcome:
    """Run ``python -m MODULE ARGS`` (the ``cpoly`` CLI by default) in ``cwd`` under ``limits``,
    with ``extra_env`` added to the environment; cancelling the task kills the process."""
    env = {"OPENBLAS_NUM_THREADS": "1", **os.environ, **(extra_env or {}), "PYTHONPATH": _package_root()}
    process = await asyncio.create_subprocess_exec(
        *cli_argv(args, module), cwd=cwd, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        start_new_session=True, preexec_fn=_limit_memory(limits.memory_bytes))
    try:
        stdout, stderr = await asyncio.wait_for(process.communicate(), limits.seconds)
    except asyncio.TimeoutError:
        _kill_group(process)
        await process.wait()
        return Outcome("refused", error={"message": f"refused: still running after the server's time "
                                         f"limit of {limits.seconds:g} s (cpoly serve --time-limit)"})
    except asyncio.CancelledError:
        _kill_group(process)
        await process.wait()
        raise
    code = process.returncode if process.returncode is not None else -1
    return read_outcome(code, stdout.decode(errors="replace"), stderr.decode(errors="replace"), limits)
