"""Every ``cpoly`` command that README.md and docs/ show runs, exits 0 and prints what they say:
the output lines a ``console`` block shows under it (``…`` or ``...`` stands for text left out)
and every figure its trailing comment claims (``# 97.2984 %``, ``# 850,668 boards``).
(docs/language.md, whose blocks are also game files, is run by tests/test_docs.py.)

Each file's commands run in order in one scratch folder that links ``definitions/`` and ``examples/`` (so
``--out par/`` and ``--resume`` work as a reader's would, outside the checkout), with ``HOME``
there too (``~/…``).  Three kinds of command cannot run here as written, and are run in a form
that still executes them, each here:

* ``search`` over the full deck takes an hour: it runs on the small deck ``--ranks 9TJQKA`` in
  this process (slow-marked);
* ``search --scheduler ADDRESS``: the address is a LocalCluster's scheduler that the test starts;
* ``serve`` runs until stopped: it runs as a process on a free port, answers ``/api/games`` and is
  stopped (``--open`` opens nothing: ``BROWSER=true``), its folders moved into the scratch folder.
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import shlex
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from cpoly.cli.main import main
from tests.conftest import ROOT
from tests.docblocks import blocks_of, claimed_figures, figure_shown, shown, split_comment, squeeze
from tests.web.conftest import api_games

DOCS = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "language.md")]
SMALL_DECK = ["--ranks", "9TJQKA", "--workers", "0"]


@dataclass(frozen=True)
class DocCommand:
    """One command of the docs: where it is, its words, its comment and the lines shown under it."""

    where: str
    argv: list[str]
    comment: str
    shown: list[str]


def commands_of(path: Path) -> list[DocCommand]:
    """The ``cpoly`` commands of one Markdown file, in order."""
    found: list[DocCommand] = []
    text = path.read_text(encoding="utf-8")
    for kind, body in blocks_of(text):
        if kind not in {"", "sh", "console"}:
            continue
        start = text.index(body)
        for offset, line in enumerate(body.splitlines()):
            where = f"{path.name}:{text.count(chr(10), 0, start) + offset + 1}"
            command, comment = split_comment(line.removeprefix("$ "))
            for part in command.split("&&"):
                words = shlex.split(part.strip()) if part.strip().startswith("cpoly ") else []
                if words:
                    found.append(DocCommand(where, words[1:], comment, []))
            if kind == "console" and not line.startswith("$ ") and line.strip() and found:
                if line.strip() not in {"...", "…"}:
                    found[-1].shown.append(line)
    return found


def test_the_docs_show_commands() -> None:
    counts = {path.name: len(commands_of(path)) for path in DOCS}
    assert counts["README.md"] >= 35 and counts["holdem.md"] >= 15 and counts["search.md"] >= 7, counts
    assert counts["games.md"] >= 5, counts


def indented_commands(text: str) -> list[str]:
    """The ``cpoly`` command lines of a Markdown text outside its fenced blocks: an indented
    code block, which the test above would not run.

    >>> indented_commands("text\\n\\n    cpoly count g.cp\\n\\n```sh\\ncpoly eval Ah\\n```\\n")
    ['cpoly count g.cp']
    """
    outside = FENCE_BLOCK.sub("", text)
    return [line.strip() for line in outside.splitlines()
            if line.startswith("    ") and line.strip().startswith(("cpoly ", "$ cpoly "))]


FENCE_BLOCK = re.compile(r"^```.*?^```", re.S | re.M)


@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_every_command_of_the_docs_is_in_a_fenced_block(path: Path) -> None:
    assert indented_commands(path.read_text(encoding="utf-8")) == []


PY_FILE = re.compile(r"`([\w./-]+\.py)`")


@pytest.mark.parametrize("path", [*DOCS, ROOT / "docs" / "language.md"], ids=lambda p: p.name)
def test_every_python_file_the_docs_name_exists(path: Path) -> None:
    """A module the docs point a reader to (``search/nf.py``, ``benchmarks/bench_seven.py``) is
    there: as written from the checkout, or as the end of a file's path (search.md named
    ``search/deck.py`` after it became ``searchdeck.py``)."""
    files = [p.relative_to(ROOT).as_posix() for folder in ("cpoly", "benchmarks", "tests", "tools", "examples")
             for p in (ROOT / folder).rglob("*.py")]
    named = PY_FILE.findall(path.read_text(encoding="utf-8"))
    assert [name for name in named if not any(f == name or f.endswith(f"/{name}") for f in files)] == []


@pytest.mark.slow
@pytest.mark.parametrize("path", DOCS, ids=[p.name for p in DOCS])
def test_every_command_of_the_docs_runs(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capfd: pytest.CaptureFixture[str]) -> None:
    for shared in ("definitions", "examples"):
        (tmp_path / shared).symlink_to(ROOT / shared)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    scheduler = _Scheduler()
    try:
        for command in commands_of(path):
            argv = [os.path.expanduser(word) for word in command.argv]
            if argv[0] == "serve":
                output, code = _serve(argv, tmp_path), 0
            else:
                try:
                    code, output = _run(_small(argv, scheduler), capfd)
                except Exception as error:
                    raise AssertionError(f"{command.where} {argv}: {error!r}") from error
            lines = [squeeze(line) for line in output.splitlines()]
            assert code == 0, (command.where, argv, output[-2000:])
            for line in command.shown:
                assert shown(line, lines), (command.where, line, output[-3000:])
            for figure in claimed_figures(command.comment):
                assert figure_shown(figure, output), (command.where, figure, output[-3000:])
    finally:
        scheduler.close()


class _Scheduler:
    """A LocalCluster started on first use, for the docs' ``--scheduler ADDRESS``."""

    def __init__(self) -> None:
        self.cluster: object | None = None

    def address(self) -> str:
        if self.cluster is None:
            from distributed import LocalCluster
            self.cluster = LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1", protocol="tcp://",
                                        dashboard_address=None, processes=False)
        return str(self.cluster.scheduler_address)  # type: ignore[attr-defined]

    def close(self) -> None:
        if self.cluster is not None:
            self.cluster.close()  # type: ignore[attr-defined]


def _small(argv: list[str], scheduler: _Scheduler) -> list[str]:
    """``search`` on the small deck; a docs' scheduler address replaced by the test's."""
    if argv[0] != "search":
        return argv
    if "--scheduler" in argv:
        at = argv.index("--scheduler") + 1
        argv = [*argv[:at], scheduler.address(), *argv[at + 1:]]
        return [*argv, "--ranks", "9TJQKA"] if "--ranks" not in argv else argv
    return argv if "--ranks" in argv else [*argv, *SMALL_DECK]


def _run(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The command in this process (standard input empty: the trainer stops at its end)."""
    capfd.readouterr()
    stdin, sys.stdin = sys.stdin, io.StringIO("")
    try:
        code = main(argv)
    except SystemExit as done:  # --help: argparse prints and exits
        code = done.code if isinstance(done.code, int) else 0
    finally:
        sys.stdin = stdin
    out, err = capfd.readouterr()
    return code, out + err


def _serve(argv: list[str], scratch: Path) -> str:
    """``serve`` as a process on a free port, until it answers ``/api/games``; its games."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    argv = _without(argv, "--port") + ["--port", str(port)]
    if "--cache-dir" in argv:
        argv = _without(argv, "--cache-dir") + ["--cache-dir", str(scratch / "web-cache")]
    env = {**os.environ, "BROWSER": "true"}
    server = subprocess.Popen([sys.executable, "-m", "cpoly", *argv], cwd=scratch, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        return json.dumps(api_games(server, port, 120))
    finally:
        server.terminate()
        server.wait(timeout=30)


def _without(argv: list[str], option: str) -> list[str]:
    """``argv`` without ``option`` and its value."""
    if option not in argv:
        return argv
    at = argv.index(option)
    return argv[:at] + argv[at + 2:]


REPR = re.compile(r"^[A-Z]\w*\(.*?\)(?=:|$)")


@pytest.mark.parametrize("path", [p for p in DOCS if "```python" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.name)
def test_every_python_block_of_the_docs_runs(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file's ``python`` blocks run in order in one namespace (a later block may use an earlier
    one's names); an expression whose comment is a value's repr (``# Fraction(707495, 856152)``,
    ``...`` for parts left out) must print as that."""
    for shared in ("definitions", "examples"):
        (tmp_path / shared).symlink_to(ROOT / shared)
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    blocks = [body for kind, body in blocks_of(path.read_text(encoding="utf-8")) if kind == "python"]
    for body in blocks:
        lines = body.splitlines()
        for statement in ast.parse(body).body:
            comment = split_comment(lines[statement.end_lineno - 1])[1]  # type: ignore[operator]
            if not isinstance(statement, ast.Expr):
                exec(compile(ast.Module([statement], []), path.name, "exec"), namespace)
                continue
            value = eval(compile(ast.Expression(statement.value), path.name, "eval"), namespace)
            shows = REPR.match(comment)
            if shows:
                assert shown(shows[0].replace("...", "…"), [squeeze(repr(value))]), (path.name, comment, repr(value))
    assert blocks
