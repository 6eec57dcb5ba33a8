"""``cpoly report --out DIR`` never harms what it did not write (issue 35): one test per shape of
path (new, empty folder, earlier report, folder with the user's files, a file, a link to a
report, a link elsewhere, a dangling link, a read-only place, an empty name), each checking that
every file the user had is byte for byte as it was and that nothing is left behind.

The report is of a small deck (tests/fixtures/small_poker.cp, ``--plays 1 --no-cache``); a
refusal must come before any work, so those runs have the analysis replaced by a failure.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import stat
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import cpoly.games.videopoker.gamesource as gamesource
import cpoly.games.videopoker.par.parplots as parplots
import cpoly.store.atomic as atomic
from cpoly.cli.main import main
from cpoly.cli.parreport import DATA, FIGURES, KIND, PAGE

from .conftest import FIXTURES

GAME = str(FIXTURES / "small_poker.cp")
REPORT_FILES = {PAGE, DATA, "shares.png", "limits.png", "multiplay.png"}


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["report", GAME, "--plays", "1", "--no-cache", *args])
    return code, out.getvalue(), err.getvalue()


def tree(root: Path) -> dict[str, Any]:
    """Every entry under ``root`` (not following links): a file's bytes and mode, a folder, a link's target."""
    found: dict[str, Any] = {}
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = Path(folder, name)
            mode = os.lstat(path).st_mode
            key = str(path.relative_to(root))
            found[key] = (("link", os.readlink(path)) if stat.S_ISLNK(mode) else ("folder",) if stat.S_ISDIR(mode)
                          else ("file", path.read_bytes(), stat.S_IMODE(mode)))
    return found


@pytest.fixture(scope="module")
def earlier(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An earlier report, with a sweep (one figure more than the reports written here)."""
    folder = tmp_path_factory.mktemp("earlier") / "par"
    code, _, err = run("--sweep", "RoyalFlush=200..300", "--out", str(folder))
    assert code == 0, err
    return folder


@pytest.fixture
def no_work(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The game's analysis, replaced by a failure: a refusal must come before it."""
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before --out was refused")

    monkeypatch.setattr(gamesource, "game_source", started)
    yield


def refused(tmp_path: Path, out: str, *words: str) -> str:
    """Run a report into ``out``, which must be refused (exit 2, naming ``words``) with every
    file under ``tmp_path`` as it was."""
    before = tree(tmp_path)
    code, stdout, err = run("--out", out)
    assert code == 2 and stdout == "", err
    for word in words:
        assert word in err, err
    assert tree(tmp_path) == before
    return err


def assert_report(folder: Path, figures: set[str] = REPORT_FILES) -> None:
    assert {p.name for p in folder.iterdir()} == figures
    assert json.loads((folder / DATA).read_text())["report"] == KIND


def test_the_figures_are_those_parplots_draws() -> None:
    assert set(FIGURES) == {name for name, *_ in parplots._FIGURES}


def test_new_path(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("keep")
    before = tree(tmp_path)
    code, out, err = run("--out", str(tmp_path / "a" / "b" / "par"))
    assert code == 0 and out.startswith(f"wrote {tmp_path / 'a' / 'b' / 'par' / PAGE}: small_poker"), err
    assert_report(tmp_path / "a" / "b" / "par")
    after = tree(tmp_path)
    assert {key: after[key] for key in before} == before
    assert sorted(set(after) - set(before)) == ["a", "a/b", "a/b/par", *sorted(f"a/b/par/{n}" for n in REPORT_FILES)]


def test_existing_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "par").mkdir()
    assert run("--out", str(tmp_path / "par"))[0] == 0
    assert_report(tmp_path / "par")
    assert {p.name for p in tmp_path.iterdir()} == {"par"}


def test_earlier_report_is_replaced_and_its_extra_figure_removed(tmp_path: Path, earlier: Path) -> None:
    shutil.copytree(earlier, tmp_path / "par")
    assert (tmp_path / "par" / "sweep.png").exists()
    leftover = tmp_path / "par" / f".{PAGE}.0123456789abcdef.tmp"  # a killed report's temporary file
    leftover.write_bytes(b"half")
    assert run("--out", str(tmp_path / "par"))[0] == 0
    assert_report(tmp_path / "par")  # no sweep.png, no leftover
    assert json.loads((tmp_path / "par" / DATA).read_text())["sweep"] is None
    assert {p.name for p in tmp_path.iterdir()} == {"par"}


def test_folder_with_the_users_files(tmp_path: Path, earlier: Path, no_work: None) -> None:
    """The case of issue 35: an earlier report plus notes.txt and sub/ (both were deleted)."""
    shutil.copytree(earlier, tmp_path / "par")
    (tmp_path / "par" / "notes.txt").write_text("my notes")
    (tmp_path / "par" / "sub").mkdir()
    (tmp_path / "par" / "sub" / "data.csv").write_text("1,2\n")
    refused(tmp_path, str(tmp_path / "par"), "holds other files (not a cpoly report): notes.txt, sub/;")


@pytest.mark.parametrize("setup", ["own_page", "foreign_json", "figure_is_a_folder", "many"])
def test_folder_that_only_looks_like_a_report(tmp_path: Path, earlier: Path, no_work: None, setup: str) -> None:
    folder = tmp_path / "par"
    folder.mkdir()
    if setup == "own_page":  # the user's own index.html, no report.json
        (folder / PAGE).write_text("<h1>mine</h1>")
        refused(tmp_path, str(folder), f"not a cpoly report): {PAGE};")
    elif setup == "foreign_json":
        (folder / DATA).write_text(json.dumps({"report": "someone else's"}))
        refused(tmp_path, str(folder), f"not a cpoly report): {DATA};")
    elif setup == "figure_is_a_folder":
        shutil.copytree(earlier, folder, dirs_exist_ok=True)
        (folder / "shares.png").unlink()
        (folder / "shares.png").mkdir()
        refused(tmp_path, str(folder), "shares.png/")
    else:
        for k in range(8):
            (folder / f"f{k}").write_text(str(k))
        refused(tmp_path, str(folder), "f0, f1, f2, f3, f4 (and 3 more)")


def test_existing_file(tmp_path: Path, no_work: None) -> None:
    (tmp_path / "par").write_text("a file of mine")
    refused(tmp_path, str(tmp_path / "par"), "a file, not a folder")
    refused(tmp_path, str(tmp_path / "par" / "sub"), f"{tmp_path / 'par'} is a file, not a folder")


def test_symlink_to_an_earlier_report(tmp_path: Path, earlier: Path) -> None:
    """The link is followed (the report written into its target) and stays a link: no folder in
    its place, no ``.LINK.<uuid>.old`` left beside it."""
    shutil.copytree(earlier, tmp_path / "target")
    (tmp_path / "link").symlink_to("target")
    stale = (tmp_path / "target" / DATA).read_bytes()
    code, out, err = run("--out", str(tmp_path / "link"))
    assert code == 0 and f"wrote {tmp_path / 'link' / PAGE}" in out, err
    assert os.readlink(tmp_path / "link") == "target"
    assert_report(tmp_path / "target")
    assert (tmp_path / "target" / DATA).read_bytes() != stale
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "target"]


def test_symlink_to_an_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "target").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "target")
    assert run("--out", str(tmp_path / "link"))[0] == 0
    assert_report(tmp_path / "target")
    assert (tmp_path / "link").is_symlink()


def test_symlink_elsewhere(tmp_path: Path, no_work: None) -> None:
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "thesis.tex").write_text("years of work")
    (tmp_path / "link").symlink_to("home")
    refused(tmp_path, str(tmp_path / "link"), f"(a link to {tmp_path / 'home'})", "thesis.tex")
    (tmp_path / "file-link").symlink_to("home/thesis.tex")
    refused(tmp_path, str(tmp_path / "file-link"), "a file, not a folder")


def test_dangling_symlink(tmp_path: Path, no_work: None) -> None:
    (tmp_path / "link").symlink_to("nowhere")
    refused(tmp_path, str(tmp_path / "link"), "a symbolic link to nowhere, which does not exist")
    (tmp_path / "loop").symlink_to("loop")
    refused(tmp_path, str(tmp_path / "loop"), "a symbolic link that cannot be followed")


def test_read_only_place(tmp_path: Path, no_work: None) -> None:
    """A folder no file can be made in: refused before any work (tried, not guessed: as root,
    os.access says yes to everything, so a root run uses /sys, which refuses even root)."""
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o555)
        try:
            refused(tmp_path, str(locked / "par"), f"cannot write there (in {locked}): permission denied")
            refused(tmp_path, str(locked), "cannot write there: permission denied")
        finally:
            locked.chmod(0o755)
    elif atomic.cannot_write(Path("/sys")) is not None and not Path("/sys/cpoly-report").exists():
        code, _, err = run("--out", "/sys/cpoly-report/par")
        assert code == 2 and "--out /sys/cpoly-report/par: cannot write there (in /sys)" in err, err
        assert not Path("/sys/cpoly-report").exists()
    else:
        pytest.skip("running as root without a folder root cannot write in")


def test_empty_name(tmp_path: Path, no_work: None, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    refused(tmp_path, "", "--out '': an empty name")
    assert main(["report", GAME, "--out", "", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["message"].startswith("--out '': an empty name")


@pytest.mark.parametrize("when", ["drawing", "moving"])
def test_ctrl_c_leaves_nothing(tmp_path: Path, earlier: Path, monkeypatch: pytest.MonkeyPatch, when: str) -> None:
    """Ctrl-C while the figures are drawn, or as the files are moved into place: exit 130, the
    earlier report and the user's other files as they were, no temporary file or folder."""
    shutil.copytree(earlier, tmp_path / "par")
    (tmp_path / "notes.txt").write_text("beside the report")
    before = tree(tmp_path)
    if when == "drawing":
        def interrupted(data: Any, folder: Path) -> Any:
            (folder / "shares.png").write_bytes(b"half")
            raise KeyboardInterrupt
        monkeypatch.setattr(parplots, "draw_figures", interrupted)
    else:
        def interrupted_replace(source: Any, target: Any) -> None:
            raise KeyboardInterrupt
        monkeypatch.setattr(atomic.os, "replace", interrupted_replace)
    assert run("--out", str(tmp_path / "par"))[0] == 130
    assert run("--out", str(tmp_path / "new" / "par"))[0] == 130
    assert tree(tmp_path) == before  # no "new" folder either


def test_a_file_put_in_the_folder_during_the_work_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The folder is claimed again just before it is written: a file the user put there while
    the report was computed makes it refuse then, the file kept."""
    draw = parplots.draw_figures

    def meanwhile(data: Any, folder: Path) -> Any:
        (tmp_path / "par" / "notes.txt").write_text("written during the work")
        return draw(data, folder)

    (tmp_path / "par").mkdir()
    monkeypatch.setattr(parplots, "draw_figures", meanwhile)
    code, _, err = run("--out", str(tmp_path / "par"))
    assert code == 2 and "holds other files (not a cpoly report): notes.txt;" in err
    assert [p.name for p in (tmp_path / "par").iterdir()] == ["notes.txt"]
