"""A warm ``cpoly analyze`` (the game prepared from its prepared-game file, without loading it) prints exactly what the slow path prints, and falls back to it otherwise.

Oracles: the slow path, both with the same cache (the game loaded and prepared by
``VideoPoker``, the warm path switched off) and with ``--no-cache`` (every hand of the game
classified again by the engine: independent of every cache file); its figures are tested
against published tables in ``test_analysis.py``.  Also: what the warm path imports, and that
edited definitions, a missing or damaged prepared-game file, an unknown or unusable pay
table, a game without a hold file and ``--no-cache`` are all answered by the slow path, with
its exact answer or error.
"""

from __future__ import annotations

import copy
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from cpoly.cli.main import main
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.warm import warmanalysis
from cpoly.games.videopoker.warm.holdfile import open_prepared, prepared_path
from cpoly.games.videopoker.warm.warmanalysis import open_analysis
from cpoly.lang.tierule import TieRule
from cpoly.store.sources import CACHE_ENV, recall

from ..conftest import DEFINITIONS, ROOT

RULES = [rule.value for rule in TieRule]
Run = tuple[int, str, str]


SHARED_CACHE = True  # one cache for the module (each game prepared once): conftest.private_cache


def game_path(name: str) -> str:
    return str(DEFINITIONS / f"{name}.cp")


def run_cli(args: list[str]) -> Run:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def slow(args: list[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """The slow path's answer from the same cache (the warm path switched off)."""
    with monkeypatch.context() as slow_only:
        slow_only.setattr(warmanalysis, "open_analysis", lambda game, paytable: None)
        return run_cli(args)


def warm(args: list[str], monkeypatch: pytest.MonkeyPatch) -> Run:
    """The warm path's answer (loading the game fails the test)."""
    def refuse(*_: object, **__: object) -> VideoPoker:
        raise AssertionError("the slow path ran")

    with monkeypatch.context() as warm_only:
        warm_only.setattr(VideoPoker, "load", refuse)
        return run_cli(args)


def variants(tables: list[str], rules: list[str], extra: list[list[str]]) -> list[list[str]]:
    """Every pay table with the default rule, ``rules`` on the first table (text and JSON in
    turn), and ``extra`` options."""
    runs = [["--paytable", t] + (["--json"] if i % 2 else []) for i, t in enumerate(tables)]
    runs += [["--paytable", tables[0], "--tie-rule", rule] + (["--json"] if i % 2 else [])
             for i, rule in enumerate(rules)]
    return runs + extra


@pytest.mark.parametrize("name, tables, rules", [
    ("jacks_or_better", ["9/6", "9/5", "8/6", "8/5", "7/5", "6/5"], RULES),
    ("deuces_wild", ["full pay", "NSU", "44"], RULES),
    ("double_double_bonus", ["9/6", "9/5"], RULES[2:4]),
    ("joker_poker", ["20/7/5", "17/7/5"], RULES[4:5]),  # slow to load: fewer runs
])
def test_warm_analyze_prints_what_the_slow_path_prints(name: str, tables: list[str], rules: list[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = game_path(name)
    first = run_cli(["analyze", path])  # cold: prepares the game, writes the hold file
    assert first[0] == 0 and open_analysis(path, None) is not None
    tied = 0
    for options in variants(tables, rules, [["--json", "--tie-rule", "most-cards", "--paytable", tables[-1]], []]):
        args = ["analyze", path, *options]
        expected = slow(args, monkeypatch)
        assert warm(args, monkeypatch) == expected, options
        tied += "have tied best holds" in expected[1]
    assert first == warm(["analyze", path], monkeypatch)
    if name == "deuces_wild":
        assert tied  # the tied-deals line, decided by every tie rule


@pytest.mark.parametrize("name, options", [
    ("jacks_or_better", ["--paytable", "8/5", "--tie-rule", "fewest-cards"]),
    ("deuces_wild", ["--paytable", "NSU", "--json"]),
])
def test_warm_analyze_equals_an_analysis_without_any_cache(name: str, options: list[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle classifies every hand again (``--no-cache`` reads no cache file), and the
    warm path is not even tried with ``--no-cache``."""
    path = game_path(name)
    run_cli(["analyze", path])
    with monkeypatch.context() as never_warm:
        def refuse(game: str, paytable: str | None) -> None:
            raise AssertionError("the warm path was tried with --no-cache")

        never_warm.setattr(warmanalysis, "open_analysis", refuse)
        uncached = run_cli(["analyze", path, *options, "--no-cache"])
    assert uncached[0] == 0
    assert warm(["analyze", path, *options], monkeypatch) == uncached


def modules_after(command: list[str], cache: Path) -> set[str]:
    """The modules a new process has imported once it ran ``command`` (the CLI's arguments)."""
    script = ("import io, json, sys\nfrom contextlib import redirect_stdout\nfrom cpoly.cli.main import main\n"
              f"with redirect_stdout(io.StringIO()):\n    assert main({command!r}) == 0\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True,
                          env={**os.environ, CACHE_ENV: str(cache), "PYTHONPATH": str(ROOT)})
    return set(json.loads(done.stdout))


def test_a_warm_analyze_does_not_load_the_engine(tmp_path: Path) -> None:
    path = game_path("jacks_or_better")
    cold = modules_after(["analyze", path], tmp_path)
    warm_modules = modules_after(["analyze", path, "--paytable", "8/5", "--json"], tmp_path)
    engine = {"cpoly.api", "cpoly.count.counting", "cpoly.count.evaluate", "cpoly.count.plan", "cpoly.lang.resolve", "cpoly.lang.syntax",
              "cpoly.lang.parse", "lark", "cpoly.games.videopoker.game", "cpoly.games.videopoker.play.ordered",
              "cpoly.games.videopoker.play.orderedplay", "cpoly.games.videopoker.play.copies",
              "cpoly.games.videopoker.prepare.copytables", "cpoly.games.videopoker.strategy", "sympy", "networkx", "rich",
              "concurrent.futures", "logging"}
    assert engine & cold  # the cold run loads the game
    assert "cpoly.games.videopoker.warm.warmanalysis" in warm_modules
    assert not engine & warm_modules


def copy_game(tmp_path: Path, extra: str = "") -> Path:
    """Jacks or Better in a folder of its own (its library import still found), with ``extra``
    lines."""
    path = tmp_path / "game.cp"
    shutil.copy(DEFINITIONS / "jacks_or_better.cp", path)
    path.write_text(path.read_text() + extra)
    return path


ODD_TABLES = """
paytable "dealt": RoyalFlush 800 dealt 4000, StraightFlush 50, FourOfAKind 25 dealt 40, FullHouse 9,
                  Flush 6, Straight 4, ThreeOfAKind 3, TwoPair 2.5, JacksOrBetter 1
paytable "short": RoyalFlush 800, StraightFlush 50
paytable "huge": RoyalFlush 10000000000000000000000000, StraightFlush 50, FourOfAKind 25, FullHouse 9,
                 Flush 6, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
"""


def test_dealt_and_fractional_pays_warnings_and_bad_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Exact pays with dealt pays and fractions, a warning on stderr, and the slow path's
    errors for a table it refuses and for a table the game does not have."""
    path = str(copy_game(tmp_path, ODD_TABLES))
    run_cli(["analyze", path])
    for options in (["--paytable", "dealt"], ["--paytable", "dealt", "--json", "--tie-rule", "lowest-variance"],
                    ["--paytable", "short"]):
        expected = slow(["analyze", path, *options], monkeypatch)
        assert "warning: pay table 'short' does not pay" in expected[2]
        assert warm(["analyze", path, *options], monkeypatch) == expected
    for options in (["--paytable", "huge"], ["--paytable", "no such table"], ["--paytable", "no such", "--json"]):
        expected = slow(["analyze", path, *options], monkeypatch)
        assert expected[0] == 2 and ("exceeds" in expected[1] + expected[2] or "no such" in expected[1] + expected[2])
        assert open_analysis(path, options[1]) is None
        assert run_cli(["analyze", path, *options]) == expected


def loads_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths the slow path loads, recorded (until ``monkeypatch`` is undone)."""
    loads: list[str] = []
    original = VideoPoker.load.__func__  # type: ignore[attr-defined]

    def counted(cls: type[VideoPoker], game: str, *args: object, **kwargs: object) -> VideoPoker:
        loads.append(game)
        return original(cls, game, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(VideoPoker, "load", classmethod(counted))
    return loads


def suit_class_entry(path: str) -> Path:
    key = recall(Path(path))
    assert key is not None
    return prepared_path(key)


def flip(path: Path, at: int | None = None) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) * 2 // 3 if at is None else at] ^= 0x04
    path.write_bytes(bytes(data))


def flip_held(entry: Path) -> None:
    """Flip a bit in the middle of the entry's largest array (the rows of the held subsets;
    the padding between arrays is not checked, and not read)."""
    with open(entry, "rb") as stream:
        stream.readline()
        arrays = json.loads(stream.readline())["arrays"]
    name, dtype, shape, offset = next(a for a in arrays if a[0] == "held")
    flip(entry, offset + shape[0] * shape[1] * 2)


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


DAMAGES: dict[str, Callable[[str], None]] = {
    "entry missing": lambda game: suit_class_entry(game).unlink(),
    "entry flipped": lambda game: flip_held(suit_class_entry(game)),
    "entry truncated": lambda game: truncate(suit_class_entry(game)),
    "hold file flipped": lambda game: flip(suit_class_entry(game)),
    "hold file missing": lambda game: suit_class_entry(game).unlink(),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_cache_is_answered_by_the_slow_path(damage: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(copy_game(tmp_path))
    args = ["analyze", path, "--paytable", "7/5", "--json"]
    run_cli(["analyze", path])
    expected = slow(args, monkeypatch)
    DAMAGES[damage](path)
    assert open_analysis(path, "7/5") is None
    with monkeypatch.context() as counting:
        loads = loads_counted(counting)
        assert run_cli(args) == expected
    assert loads == [path]  # the slow path answered, and wrote what was missing again
    assert open_analysis(path, "7/5") is not None
    assert warm(args, monkeypatch) == expected


def test_an_edited_definition_is_answered_by_the_slow_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = copy_game(tmp_path)
    path = str(game)
    before = json.loads(run_cli(["analyze", path, "--json"])[1])
    game.write_text(game.read_text().replace("ThreeOfAKind 3,", "ThreeOfAKind 30,", 1))
    assert open_analysis(path, None) is None
    with monkeypatch.context() as counting:
        loads = loads_counted(counting)
        after = json.loads(run_cli(["analyze", path, "--json"])[1])
    assert loads == [path] and after["return"] > before["return"] + 1  # trips pay ten times more
    assert json.loads(warm(["analyze", path, "--json"], monkeypatch)[1]) == after


def test_another_spelling_or_directory_is_answered_by_the_slow_path(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Warnings name the game's files as typed, from the current directory: a hold file
    written for another spelling is not used (the slow path answers, with its warnings)."""
    path = str(copy_game(tmp_path, ODD_TABLES))
    args = ["--paytable", "short"]
    run_cli(["analyze", path])
    expected = warm(["analyze", path, *args], monkeypatch)
    monkeypatch.chdir(tmp_path)
    assert open_analysis("game.cp", "short") is None
    other = run_cli(["analyze", "game.cp", *args])
    assert other[:2] == expected[:2] and other[2] == expected[2].replace(path, "game.cp") != expected[2]
    assert open_analysis("game.cp", "short") is None  # nor is it rewritten for this spelling


def test_a_header_without_what_the_code_reads_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    path = game_path("jacks_or_better")
    run_cli(["analyze", path])
    found = open_prepared(path)
    assert found is not None
    header = found.meta
    broken = [{k: v for k, v in header.items() if k != "literals"},
              {**header, "literals": [[0]]},
              {**header, "deck": header["deck"][:-1]},
              {**header, "paytables": [{"name": "9/6", "usable": True}]}]
    for changed in broken:
        opened = copy.copy(found)
        opened.meta = changed
        with monkeypatch.context() as damaged:
            damaged.setattr(warmanalysis, "open_prepared", lambda game, opened=opened: opened)
            assert open_analysis(path, "9/6") is None


def test_games_without_a_hold_file_keep_the_slow_path() -> None:
    """Ordered games and decks with copies are not prepared by suit classes: no hold file."""
    for name in ("sequential_royal", "double_deck_jacks"):
        path = game_path(name)
        run_cli(["paytables", path])  # loads the game: its sources are remembered
        assert recall(Path(path)) is not None and open_analysis(path, None) is None
