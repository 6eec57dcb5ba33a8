"""The behaviour corpus: run every command of tests/corpus/commands.txt and record, or compare
against, its stdout, stderr and exit code (tests/corpus/expected.json).

    python3 tools/corpus.py record              # (re)write tests/corpus/expected.json
    python3 tools/corpus.py compare             # rerun; a unified diff per mismatch, exit 1 if any
    python3 tools/corpus.py compare --jobs 1 --only analyze --env PYTHONHASHSEED=1

Each command runs as ``sys.executable -m cpoly ...`` from the repository root (the root is put
first on PYTHONPATH, so the checkout's own ``cpoly`` package runs, whatever is installed), with
stdin closed, in a fresh, empty ``CPOLY_CACHE_DIR`` (cold), and then, for the commands under
``# @warm on`` (off until the first one), once more in the same cache folder (warm). The environment is
made plain: ``NO_COLOR=1``, ``TERM=dumb``, ``COLUMNS=100``, ``LINES=40``, UTF-8 output, no
rich terminal overrides, no other ``CPOLY_*`` variable (``--env`` sets one on purpose), TMPDIR
and MPLCONFIGDIR inside the run's scratch folder.

``{tmp}`` in a command is an empty scratch folder (emptied again before the warm run). Output is
normalised before it is recorded or compared (:data:`NORMALISE`): the scratch and cache folders
and the repository root become ``{tmp}``, ``{work}`` and ``{root}``, and the only volatile
fields cpoly prints (the report's date and code digest, the search's pass times) become
placeholders. Nothing else is touched: every other byte must match.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
COMMANDS = CORPUS / "commands.txt"
EXPECTED = CORPUS / "expected.json"

#: Seconds one command may take before it is killed (its result then says so, and mismatches).
TIMEOUT = 300.0

#: Environment variables removed from the commands' environment (they change how rich draws).
_DROPPED_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "CLICOLOR", "CLICOLOR_FORCE",
                "PYTHONSAFEPATH", "PYTHONSTARTUP", "PYTHONINSPECT", "PYTHONDEVMODE")

#: The volatile fields cpoly prints, each replaced by a fixed placeholder (applied after the
#: folders are replaced): the PAR report's ``date`` and ``code_digest`` (a digest of cpoly's own
#: source files: it changes with any edit of the code, by design), and the search's pass times.
NORMALISE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r'"date": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?"'), '"date": "{date}"'),
    (re.compile(r'"code_digest": "[0-9a-f]{64}"'), '"code_digest": "{code_digest}"'),
    (re.compile(r'"seconds": -?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?'), '"seconds": "{seconds}"'),
]


@dataclasses.dataclass(frozen=True)
class Case:
    """One line of commands.txt."""

    command: str  # the line as written (the key of its entries in expected.json)
    argv: tuple[str, ...]  # shlex words after "cpoly"
    warm: bool  # also run a second time in the same cache folder
    line: int


@dataclasses.dataclass
class Outcome:
    """One run of one case (cold or warm): normalised output, exit code, and what it cost."""

    command: str
    warm: bool
    stdout: str
    stderr: str
    exit: int
    seconds: float = 0.0
    cpu: float = 0.0

    def entry(self) -> dict[str, Any]:
        return {"command": self.command, "warm": self.warm, "stdout": self.stdout, "stderr": self.stderr,
                "exit": self.exit}


def read_cases(path: Path = COMMANDS) -> list[Case]:
    """The commands of ``path``: one a line, shlex-parsed with ``#`` comments; ``# @warm on`` and
    ``# @warm off`` say whether the lines after them also run warm."""
    cases: list[Case] = []
    seen: set[str] = set()
    warm = False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        pragma = re.fullmatch(r"#\s*@warm\s+(on|off)\s*", line)
        if pragma:
            warm = pragma.group(1) == "on"
            continue
        words = shlex.split(line, comments=True)
        if not words:
            continue
        if words[0] != "cpoly":
            raise SystemExit(f"{path}:{number}: a command starts with 'cpoly': {raw!r}")
        command = shlex.join(words)  # the canonical spelling: comments and spacing do not matter
        if command in seen:
            raise SystemExit(f"{path}:{number}: the command is there twice: {command}")
        seen.add(command)
        cases.append(Case(command, tuple(words[1:]), warm, number))
    return cases


def _environment(cache: Path, scratch: Path, extra: dict[str, str]) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if not name.startswith("CPOLY_") and name not in _DROPPED_ENV}
    env.update({
        "CPOLY_CACHE_DIR": str(cache),
        "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]),
        "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100", "LINES": "40",
        "PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
        "TMPDIR": str(scratch / "system-tmp"), "MPLCONFIGDIR": str(scratch / "matplotlib"),
    })
    env.update(extra)
    return env


def normalise(text: str, replacements: Sequence[tuple[str, str]]) -> str:
    """``text`` with each folder of ``replacements`` (longest first) and each :data:`NORMALISE`
    field replaced by its placeholder."""
    for found, placeholder in sorted(replacements, key=lambda pair: -len(pair[0])):
        if found:
            text = text.replace(found, placeholder)
    for pattern, placeholder in NORMALISE:
        text = pattern.sub(placeholder, text)
    return text


def _run_once(argv: Sequence[str], env: dict[str, str], timeout: float) -> tuple[bytes, bytes, int, float, float]:
    """Run ``argv`` from the root, stdin closed: stdout, stderr, exit code, seconds and CPU
    seconds (the process and the children it waited for, from :func:`os.wait4`)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    chunks: dict[str, bytes] = {}

    def drain(name: str, stream: Any) -> None:
        chunks[name] = stream.read()
        stream.close()

    readers = [threading.Thread(target=drain, args=(name, stream), daemon=True)
               for name, stream in (("out", process.stdout), ("err", process.stderr))]
    for reader in readers:
        reader.start()
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        try:
            os.killpg(process.pid, 9)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        _, status, usage = os.wait4(process.pid, 0)
    finally:
        timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join()
    stderr = chunks.get("err", b"")
    if killed.is_set():
        stderr += f"\n[corpus: killed after {timeout:g} s]\n".encode()
    return (chunks.get("out", b""), stderr, process.returncode, time.perf_counter() - start,
            usage.ru_utime + usage.ru_stime)


def run_case(case: Case, extra_env: dict[str, str] | None = None, timeout: float = TIMEOUT) -> list[Outcome]:
    """The cold run of ``case`` and, if it runs warm, the warm run, each in the same fresh folder."""
    work = Path(tempfile.mkdtemp(prefix="cpoly-corpus-"))
    try:
        cache, scratch, tmp = work / "cache", work / "scratch", work / "tmp"
        for folder in (scratch / "system-tmp", scratch / "matplotlib", tmp):
            folder.mkdir(parents=True)
        env = _environment(cache, scratch, extra_env or {})
        argv = [sys.executable, "-m", "cpoly", *(word.replace("{tmp}", str(tmp)) for word in case.argv)]
        replacements: list[tuple[str, str]] = []
        for path, placeholder in ((tmp, "{tmp}"), (work, "{work}"), (ROOT, "{root}")):
            replacements += [(str(path), placeholder), (os.path.realpath(path), placeholder)]
        outcomes = []
        for warm in (False, True) if case.warm else (False,):
            if warm:  # the same cache folder, an empty scratch folder again
                shutil.rmtree(tmp)
                tmp.mkdir()
            out, err, code, seconds, cpu = _run_once(argv, env, timeout)
            outcomes.append(Outcome(case.command, warm,
                                    normalise(out.decode("utf-8", "backslashreplace"), replacements),
                                    normalise(err.decode("utf-8", "backslashreplace"), replacements),
                                    code, seconds, cpu))
        return outcomes
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_all(cases: Sequence[Case], jobs: int, extra_env: dict[str, str] | None = None,
            progress: Callable[[int, int, Case], None] | None = None) -> list[Outcome]:
    """Every case's outcomes, in the order of ``cases`` (``jobs`` cases at a time)."""
    done = 0
    lock = threading.Lock()

    def one(case: Case) -> list[Outcome]:
        nonlocal done
        result = run_case(case, extra_env)
        with lock:
            done += 1
            if progress:
                progress(done, len(cases), case)
        return result

    with ThreadPoolExecutor(max(1, jobs)) as pool:
        results = list(pool.map(one, cases))
    return [outcome for outcomes in results for outcome in outcomes]


def load_expected(path: Path = EXPECTED) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def key(entry: dict[str, Any] | Outcome) -> tuple[str, bool]:
    if isinstance(entry, Outcome):
        return entry.command, entry.warm
    return str(entry["command"]), bool(entry["warm"])


def describe(entry: dict[str, Any] | Outcome) -> str:
    command, warm = key(entry)
    return f"{command}  [{'warm' if warm else 'cold'}]"


def mismatch(expected: dict[str, Any], got: Outcome) -> str | None:
    """None when ``got`` is ``expected`` byte for byte, else a readable report with a unified
    diff of each stream that differs."""
    parts = []
    if expected["exit"] != got.exit:
        parts.append(f"exit code: expected {expected['exit']}, got {got.exit}")
    for stream in ("stdout", "stderr"):
        want, have = str(expected[stream]), getattr(got, stream)
        if want != have:
            diff = difflib.unified_diff(want.splitlines(keepends=True), have.splitlines(keepends=True),
                                        f"expected {stream}", f"actual {stream}", n=3)
            text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                           for line in diff)
            parts.append(text or f"{stream}: differs only in its line endings or final newline: "
                                 f"expected {want[-40:]!r}, got {have[-40:]!r}")
    if not parts:
        return None
    return f"--- {describe(got)}\n" + "\n".join(parts)


def _print_costs(outcomes: Sequence[Outcome], wall: float, show: int) -> None:
    cpu = sum(outcome.cpu for outcome in outcomes)
    cases = len({outcome.command for outcome in outcomes})
    print(f"{cases} commands, {len(outcomes)} runs ({sum(o.warm for o in outcomes)} warm): "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU in the commands", file=sys.stderr)
    if show:
        print(f"the {show} costliest runs (CPU s, wall s):", file=sys.stderr)
        for outcome in sorted(outcomes, key=lambda o: -o.cpu)[:show]:
            print(f"  {outcome.cpu:6.2f} {outcome.seconds:6.2f}  {describe(outcome)}", file=sys.stderr)


def _select(cases: list[Case], only: Iterable[str]) -> list[Case]:
    wanted = list(only)
    return [case for case in cases if not wanted or any(text in case.command for text in wanted)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("action", choices=("record", "compare"))
    parser.add_argument("--jobs", "-j", type=int, default=2, help="commands run at once (default 2)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="only the commands containing TEXT (repeatable); record then keeps the other entries")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="set this in the commands' environment, e.g. PYTHONHASHSEED=1 or CPOLY_THREADS=1")
    parser.add_argument("--costs", type=int, default=0, metavar="N", help="list the N costliest runs")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    extra = dict(item.split("=", 1) for item in args.env)
    cases = _select(read_cases(), args.only)
    if not cases:
        parser.error("no command selected")

    def progress(done: int, total: int, case: Case) -> None:
        if not args.quiet:
            print(f"[{done}/{total}] {case.command}", file=sys.stderr, flush=True)

    start = time.perf_counter()
    outcomes = run_all(cases, args.jobs, extra, progress)
    wall = time.perf_counter() - start

    if args.action == "record":
        entries = [outcome.entry() for outcome in outcomes]
        if args.only and EXPECTED.exists():  # keep the entries of the commands not run
            fresh = {key(outcome) for outcome in outcomes}
            commands = [case.command for case in read_cases()]
            kept = {key(entry): entry for entry in load_expected() if key(entry) not in fresh}
            kept.update({key(entry): entry for entry in entries})
            order = {command: i for i, command in enumerate(commands)}
            entries = sorted((entry for k, entry in kept.items() if k[0] in order),
                             key=lambda entry: (order[entry["command"]], entry["warm"]))
        EXPECTED.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        _print_costs(outcomes, wall, args.costs)
        print(f"recorded {len(entries)} entries in {EXPECTED.relative_to(ROOT)}", file=sys.stderr)
        return 0

    expected = {key(entry): entry for entry in load_expected()}
    reports = []
    for outcome in outcomes:
        want = expected.get(key(outcome))
        if want is None:
            reports.append(f"--- {describe(outcome)}\nnot in {EXPECTED.name}: run `tools/corpus.py record`")
            continue
        report = mismatch(want, outcome)
        if report:
            reports.append(report)
    if not args.only:
        ran = {key(outcome) for outcome in outcomes}
        reports += [f"--- {describe(entry)}\nin {EXPECTED.name} but not run (no longer in {COMMANDS.name})"
                    for k, entry in expected.items() if k not in ran]
    for report in reports:
        print(report)
    _print_costs(outcomes, wall, args.costs)
    print(f"{len(outcomes) - len(reports)} passed, {len(reports)} failed", file=sys.stderr)
    return 1 if reports else 0


if __name__ == "__main__":
    sys.exit(main())
