"""Every file cpoly writes goes through one atomic writer, and every game file it reads is a
regular file within a size cap (issues 31 and 35).

* The writer (:mod:`cpoly.store.atomic`): a failure or Ctrl-C leaves the old file and no
  temporary one; a set of files is all written before the first is moved, Ctrl-C held back
  while they move; no other module of cpoly renames a file into place itself.
* The reader (:mod:`cpoly.store.inputfile`): a device, a named pipe, a socket, a folder, a link
  loop or a file above the cap named on the command line (or imported) is exit 2 with one line,
  the JSON error under ``--json``, never read (``/dev/zero`` and a pipe in a process with a
  timeout: a regression would otherwise hang or fill the machine).
* Options may follow the positional arguments: ``cpoly count FILE --json NAME``.
"""

from __future__ import annotations

import ast
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cpoly.store.atomic as atomic
from cpoly.cli.main import main
from cpoly.games.holdem.search import csvfiles
from cpoly.scale.chunks import load_chunk, save_chunk
from cpoly.store.inputfile import MAX_FILE_BYTES, NotReadable, read_input
from cpoly.store.sources import file_digest
from cpoly.web.games import MAX_SOURCE_BYTES

from .conftest import DEFINITIONS, ROOT

JACKS = str(DEFINITIONS / "jacks_or_better.cp")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


class Interrupted(list[bytes]):
    """Pieces to write whose second one is never reached: Ctrl-C half way."""

    def __iter__(self) -> Iterator[bytes]:
        yield b"half"
        raise KeyboardInterrupt


# ---- the writer -----------------------------------------------------------------------------------
def test_a_failed_or_interrupted_write_leaves_the_old_file_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "entry"
    atomic.write_file(path, b"old")
    for error in (KeyboardInterrupt, OSError):
        with pytest.raises(error):
            with atomic.replacing(path) as out:
                out.write(b"new, half written")
                raise error
    with pytest.raises(KeyboardInterrupt):
        atomic.write_file(path, Interrupted())
    assert [p.name for p in tmp_path.iterdir()] == ["entry"] and path.read_bytes() == b"old"
    assert atomic.write_atomic(tmp_path / "entry" / "below a file", b"x") is False


def test_new_files_have_the_permissions_of_a_plain_open(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    os.umask(mask)
    atomic.write_file(tmp_path / "entry", b"x")
    assert (tmp_path / "entry").stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_set_of_files_is_written_all_or_none(tmp_path: Path) -> None:
    atomic.write_files(tmp_path, {"a": b"old a", "b": b"old b"})
    with pytest.raises(KeyboardInterrupt):
        atomic.write_files(tmp_path, {"a": b"new a", "b": Interrupted()})
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {"a": b"old a", "b": b"old b"}


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_ctrl_c_waits_until_every_file_is_moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    replace = os.replace
    moved: list[str] = []

    def replace_then_interrupt(source: Any, target: Any) -> None:
        replace(source, target)
        moved.append(Path(target).name)
        if len(moved) == 1:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C after the first file of three

    monkeypatch.setattr(atomic.os, "replace", replace_then_interrupt)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            atomic.write_files(tmp_path, {"a": b"A", "b": b"B", "c": b"C"})
    finally:
        signal.signal(signal.SIGINT, previous)
    assert moved == ["a", "b", "c"]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == {"a": b"A", "b": b"B", "c": b"C"}


def test_checkpoints_and_search_csvs_use_the_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    identity = {"chunk": "x"}
    save_chunk(tmp_path / "chunk.npz", {"value": np.arange(3)}, identity)

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", full_disk)
    with pytest.raises(OSError, match="No space"):
        save_chunk(tmp_path / "chunk.npz", {"value": np.arange(4)}, identity)
    monkeypatch.undo()
    stored = load_chunk(tmp_path / "chunk.npz", identity)
    assert stored is not None and stored["value"].tolist() == [0, 1, 2]
    csvfiles._write(tmp_path / "pass.csv", ["hands", "spread"], [["AA KK", "1.0"]])
    assert (tmp_path / "pass.csv").read_bytes() == b"hands,spread\r\nAA KK,1.0\r\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chunk.npz", "pass.csv"]


def test_no_module_renames_a_file_into_place_but_the_writer() -> None:
    """``os.replace``, ``os.rename``, ``os.renames``, ``shutil.move`` and ``….rename(…)`` appear in
    :mod:`cpoly.store.atomic` only."""
    found = []
    for path in sorted((ROOT / "cpoly").rglob("*.py")):
        if path == ROOT / "cpoly" / "store" / "atomic.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _moves(node.func):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"files moved into place outside cpoly.store.atomic: {found}"


def _moves(called: ast.Attribute) -> bool:
    owner = called.value.id if isinstance(called.value, ast.Name) else None
    return (called.attr == "rename" or owner == "os" and called.attr in ("replace", "renames")
            or owner == "shutil" and called.attr == "move")


# ---- the reader -----------------------------------------------------------------------------------
def test_the_cap_is_that_of_uploads() -> None:
    assert MAX_FILE_BYTES == MAX_SOURCE_BYTES


def _special_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    (tmp_path / "folder").mkdir()
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock"))
    return {"loop": (tmp_path / "loop", "a symbolic link loop"),
            "two-link loop": (tmp_path / "a", "a symbolic link loop"),
            "folder": (tmp_path / "folder", "it is a folder, not a file"),
            "socket": (tmp_path / "sock", "it is a socket, not a regular file"),
            "device": (Path("/dev/null"), "it is a character device, not a regular file")}


@pytest.mark.parametrize("command", [["count"], ["hold", "{}", "Ah", "Kh", "Qh", "Jh", "Th"], ["analyze"],
                                     ["report", "{}", "--out", "par"], ["equity", "AhAs", "KdKc", "--game"]])
def test_special_files_are_refused_with_exit_2_and_the_json_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for path, why in _special_files(tmp_path).values():
        argv = [command[0], *(a.replace("{}", str(path)) for a in command[1:])]
        argv += [] if "{}" in command else [str(path)]
        code, out, err = run(*argv)
        assert code == 2 and err.startswith(f"error: cannot read {path}: {why}") and err.count("\n") == 1, err
        code, out, err = run(*argv, "--json")
        assert code == 2 and json.loads(out)["error"]["message"].startswith(f"cannot read {path}: {why}"), out
    assert not (tmp_path / "par").exists()


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_an_endless_file_or_a_pipe_is_never_read(tmp_path: Path, special: str) -> None:
    """Before: ``/dev/zero`` grew ~0.4 GB/s until the machine ran out, a pipe blocked forever."""
    path = Path(special) if special.startswith("/") else tmp_path / special
    if special == "fifo":
        os.mkfifo(path)
    kind = "character device" if special == "/dev/zero" else "named pipe (FIFO)"
    for command in (["count", str(path), "--json"], ["count", str(path), "Flush", "--json"]):
        done = subprocess.run([sys.executable, "-m", "cpoly", *command], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2, done.stderr
        assert json.loads(done.stdout)["error"]["message"] == f"cannot read {path}: it is a {kind}, not a regular file"


def test_a_file_above_the_cap_is_refused_stating_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "big.cp"
    game.write_text(Path(JACKS).read_text() + "// " + "x" * 5_000 + "\n")
    monkeypatch.setenv("CPOLY_MAX_FILE_SIZE", "4096")
    code, _, err = run("count", str(game))
    assert code == 2 and err.startswith(f"error: cannot read {game}: it holds {game.stat().st_size:,} bytes, "
                                        "above the limit of 4,096 bytes for a file cpoly reads (CPOLY_MAX_FILE_SIZE")
    importer = tmp_path / "importer.cp"
    importer.write_text('import "big.cp"\n')
    code, _, err = run("count", str(importer))
    assert code == 2 and f"{importer}:1:1: error: cannot read {game}: it holds" in err
    monkeypatch.setenv("CPOLY_MAX_FILE_SIZE", "lots")
    code, _, err = run("count", JACKS)
    assert code == 2 and "CPOLY_MAX_FILE_SIZE is a positive number of bytes, got 'lots'" in err


def test_the_read_is_bounded_even_when_the_size_lies() -> None:
    """A file whose size says 0 (``/proc``) is read to one byte past the cap, then refused."""
    with pytest.raises(NotReadable, match="it grew while it was read"):
        read_input(Path("/proc/self/status"), limit=10)
    assert len(read_input(Path("/proc/self/status"))) > 10


def test_a_game_replaced_by_a_pipe_does_not_hang_a_warm_run(tmp_path: Path) -> None:
    pipe = tmp_path / "game.cp"
    os.mkfifo(pipe)
    assert file_digest(pipe) is None


def test_an_empty_game_file_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run("count", "") == (2, "", "error: the game file's name is empty ('')\n")


# ---- the command line -----------------------------------------------------------------------------
def test_options_may_follow_the_positional_arguments() -> None:
    code, out, err = run("count", JACKS, "--json", "Flush", "Straight")
    assert code == 0, err
    assert json.loads(out)["counts"] == {"Flush": 5148, "Straight": 10240}
    assert run("count", JACKS, "Flush", "--json") == run("count", "--json", JACKS, "Flush")
    code, out, _ = run("check", JACKS, "--json", "Ah", "Kh", "Qh", "Jh", "Th")
    assert code == 0 and json.loads(out)["category"] == "RoyalFlush"
    code, out, _ = run("hold", "--json", "--", JACKS, "--json")  # after --, cards (as the web server passes them)
    assert code == 2 and "('--json' was read as the cards -- js on)" in json.loads(out)["error"]["message"]
