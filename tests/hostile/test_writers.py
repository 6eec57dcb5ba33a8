"""The files ``cpoly design --csv FILE``, ``design --out DIR`` and ``search --out DIR`` write
(issue 35): for every shape of the path (new, an earlier output, the user's own file, a folder
with the user's files, a link to an earlier output, a link elsewhere, a dangling link, a link
loop, a device, read-only, an empty name) the command writes only what is its own, refuses
before any work (exit 2, the JSON error), and leaves nothing behind on a failure or Ctrl-C."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli import paydesign
from cpoly.cli.main import main
from cpoly.games.holdem.search import run as search_run
from cpoly.games.holdem.search.record import RECORD
from cpoly.store import atomic

ROOT = Path(__file__).resolve().parents[2]
JACKS = str(ROOT / "definitions" / "jacks_or_better.cp")
DESIGN = ["design", JACKS, "--vary", "Flush=5..6", "--target", "0..2", "--paytable", "8/5"]
SEARCH = ["search", "--ranks", "9TJQKA", "--players", "3", "--top", "2"]


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def refused(*args: str) -> str:
    """The JSON error of a command that must exit 2."""
    code, out, err = run(*args, "--json")
    assert code == 2, (code, out, err)
    message: str = json.loads(out)["error"]["message"]
    return message


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: file bytes, or where a link points, or 'folder'."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        found[name] = (f"-> {os.readlink(path)}" if path.is_symlink() else
                       "folder" if path.is_dir() else path.read_bytes())
    return found


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any analysis or search pass fails the test: a refusal must come before the work."""
    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the command worked before refusing")
    monkeypatch.setattr(paydesign, "_analyse", forbidden)
    monkeypatch.setattr(search_run, "_pass1", forbidden)


# ---- the shapes, each refused before work, the folder as it was -------------------------------------
def _user_file(tmp: Path) -> str:
    (tmp / "mine.csv").write_text("my,own,data\n")
    return str(tmp / "mine.csv")


def _user_folder(tmp: Path) -> str:
    (tmp / "out").mkdir()
    (tmp / "out" / "notes.txt").write_text("mine")
    (tmp / "out" / "sub").mkdir()
    return str(tmp / "out")


def _link_elsewhere(tmp: Path) -> str:
    (tmp / "mine.csv").write_text("my,own,data\n")
    (tmp / "link").symlink_to(tmp / "mine.csv")
    return str(tmp / "link")


def _dangling(tmp: Path) -> str:
    (tmp / "link").symlink_to(tmp / "nowhere")
    return str(tmp / "link")


def _loop(tmp: Path) -> str:
    (tmp / "a").symlink_to(tmp / "b")
    (tmp / "b").symlink_to(tmp / "a")
    return str(tmp / "a")


def _missing_parent(tmp: Path) -> str:
    return str(tmp / "typo" / "t.csv")


def _folder(tmp: Path) -> str:
    (tmp / "dir").mkdir()
    return str(tmp / "dir")


CSV_SHAPES: dict[str, tuple[Callable[[Path], str], str]] = {
    "empty name": (lambda tmp: "", "an empty name"),
    "the user's file": (_user_file, "not a design table"),
    "a link to the user's file": (_link_elsewhere, "not a design table"),
    "a dangling link": (_dangling, "which does not exist"),
    "a link loop": (_loop, "cannot be followed"),
    "a folder": (_folder, "a folder"),
    "a device": (lambda tmp: "/dev/null", "a character device"),
    "a missing folder": (_missing_parent, "does not exist"),
}


@pytest.mark.parametrize("shape", CSV_SHAPES)
def test_design_csv_refuses_before_work(tmp_path: Path, no_work: None, shape: str) -> None:
    make, words = CSV_SHAPES[shape]
    given = make(tmp_path)
    before = snapshot(tmp_path)
    assert words in refused(*DESIGN, "--csv", given)
    assert snapshot(tmp_path) == before


def _earlier_search(tmp: Path) -> str:
    (tmp / "old").mkdir()
    (tmp / "old" / RECORD).write_text("{}")
    return str(tmp / "old")


OUT_SHAPES: dict[str, tuple[Callable[[Path], str], str]] = {
    "empty name": (lambda tmp: "", "an empty name"),
    "a folder with the user's files": (_user_folder, "notes.txt, sub/"),
    "the user's file": (_user_file, "a file, not a folder"),
    "a link to the user's folder": (lambda tmp: _link_to(tmp, _user_folder(tmp)), "notes.txt"),
    "a dangling link": (_dangling, "which does not exist"),
    "a link loop": (_loop, "cannot be followed"),
    "a device": (lambda tmp: "/dev/null", "a character device"),
}


def _link_to(tmp: Path, target: str) -> str:
    (tmp / "link").symlink_to(target)
    return str(tmp / "link")


@pytest.mark.parametrize("shape", OUT_SHAPES)
@pytest.mark.parametrize("command", [DESIGN, SEARCH], ids=["design", "search"])
def test_out_refuses_before_work(tmp_path: Path, no_work: None, shape: str, command: list[str]) -> None:
    make, words = OUT_SHAPES[shape]
    given = make(tmp_path)
    before = snapshot(tmp_path)
    assert words in refused(*command, "--out", given)
    assert snapshot(tmp_path) == before


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` made unwritable, for root too: root ignores the mode bits, so as root the folder
    is made immutable (``chattr +i``, which the kernel enforces for every user)."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", str(folder)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
    else:
        folder.chmod(0o500)
        try:
            yield
        finally:
            folder.chmod(0o700)


@pytest.mark.parametrize("option", ["--csv", "--out"])
def test_a_read_only_folder_is_refused(tmp_path: Path, no_work: None, option: str) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    with read_only(locked):
        assert "cannot write there" in refused(*DESIGN, option, str(locked / "new"))


def test_search_refuses_an_earlier_run_without_resume(tmp_path: Path, no_work: None) -> None:
    given = _earlier_search(tmp_path)
    assert "already holds a search" in refused(*SEARCH, "--out", given)


# ---- what is written ------------------------------------------------------------------------------------
def test_design_csv_replaces_its_own_table_through_a_link(tmp_path: Path) -> None:
    """An earlier table is replaced at a link's target; the link stays; no temporary file."""
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "t.csv").write_text("Flush," + ",".join(paydesign.CSV_FIGURES) + "\nold\n")
    (tmp_path / "t.csv").symlink_to(tmp_path / "real" / "t.csv")
    code, out, err = run(*DESIGN, "--csv", str(tmp_path / "t.csv"), "--json")
    assert code == 0, err
    assert (tmp_path / "t.csv").is_symlink()
    rows = list(csv.DictReader((tmp_path / "real" / "t.csv").open()))
    assert [row["Flush"] for row in rows] == [t["pays"]["Flush"] for t in json.loads(out)["tables"]]
    assert sorted(os.listdir(tmp_path / "real")) == ["t.csv"]


def test_design_out_keeps_a_new_folder_and_resumes_it(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b"
    assert run(*DESIGN, "--out", str(out), "--json")[0] == 0
    assert (out / paydesign.RECORD).is_file()
    code, resumed, err = run(*DESIGN, "--out", str(out), "--resume", "--json")
    assert code == 0, err
    assert "already holds a design run" in refused(*DESIGN, "--out", str(out))


def test_a_failed_csv_write_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (or Ctrl-C) while the table is written: the earlier table as it was, no
    temporary file."""
    table = tmp_path / "t.csv"
    old = "Flush," + ",".join(paydesign.CSV_FIGURES) + "\nold\n"
    table.write_text(old)
    real_replace = os.replace

    def interrupted(source: Any, target: Any) -> None:
        if Path(target) == table:
            raise KeyboardInterrupt
        real_replace(source, target)
    monkeypatch.setattr(atomic.os, "replace", interrupted)
    assert run(*DESIGN, "--csv", str(table))[0] == 130
    assert table.read_text() == old and os.listdir(tmp_path) == ["t.csv"]


def test_a_failed_search_record_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C as the record of a new ``--out`` is written: the folders made are removed."""
    def interrupted(path: Path, data: Any) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr("cpoly.store.outfolder.write_file", interrupted)
    assert run(*SEARCH, "--out", str(tmp_path / "new" / "out"))[0] == 130
    assert os.listdir(tmp_path) == []


def test_search_writes_into_a_linked_folder(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    code, _, err = run(*SEARCH, "--out", str(tmp_path / "link"), "--json")
    assert code == 0, err
    assert (tmp_path / "link").is_symlink()
    assert {RECORD, "pass1.csv", "pass2.csv", "pass3.csv"} <= set(os.listdir(tmp_path / "real"))
    assert not [name for name in os.listdir(tmp_path / "real") if name.endswith(".tmp")]
