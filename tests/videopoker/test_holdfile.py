"""A warm ``cpoly hold`` answers from the game's hold file exactly as the slow path does.

The oracle is the slow path (the engine's subset tables through ``VideoPoker.hold``, itself
tested against brute force and published tables): for many deals of several games (every
category, wild cards, a joker deck, ties, every pay table and tie rule) the warm answer's text
and JSON are byte for byte the slow path's.  Also: the warm path's errors, what it imports,
and that an edited definition or a damaged hold file is never used.
"""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.cli.videopoker import print_hold
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.hold.holdchoice import HoldReport
from cpoly.games.videopoker.warm.holdfile import Layout, WarmHold, class_key, header_paytable, prepared_path
from cpoly.games.videopoker.warm.preparedfile import store_hold_file
from cpoly.lang.tierule import TieRule
from cpoly.store.container import open_store
from cpoly.store.sources import CACHE_ENV, recall

from ..conftest import DEFINITIONS, ROOT

GAMES = ["jacks_or_better", "deuces_wild", "joker_poker", "double_double_bonus"]
RULES = [rule.value for rule in TieRule]


SHARED_CACHE = True  # one cache for the module (each game prepared once): conftest.private_cache


def game_path(name: str) -> str:
    return str(DEFINITIONS / f"{name}.cp")


_LOADED: dict[str, VideoPoker] = {}
_LOAD = VideoPoker.load.__func__  # type: ignore[attr-defined]


def loaded(path: str) -> VideoPoker:
    """A shipped game, loaded once for the module (Joker Poker's deck takes seconds to load)."""
    if path not in _LOADED:
        _LOADED[path] = _LOAD(VideoPoker, path)
    return _LOADED[path]


def slow_report(poker: VideoPoker, cards: list[str], paytable: str, rule: str) -> HoldReport:
    result = poker.hold(cards, paytable, rule)
    return HoldReport(poker.game.spec.title, paytable, False, (*poker.game.category_names, "Nothing"),
                      {c: poker.card_name(c) for c in result.deal}, result)


def warm_report(path: str, cards: list[str], paytable: str, rule: str) -> HoldReport:
    warm = WarmHold.open(path)
    assert warm is not None, "the hold file is used"
    table = header_paytable(warm.header, paytable)
    assert table is not None
    deal = warm.deal(cards)
    counts = warm.counts(deal)
    assert counts is not None
    return warm.report(deal, counts, table, TieRule(rule))


def printed(report: HoldReport, as_json: bool) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        print_hold(report, as_json)
    return out.getvalue()


def deals_of(poker: VideoPoker, seed: int, count: int) -> Iterator[list[str]]:
    """Random deals, then one deal of every deal category (a class representative with its
    suits permuted and its cards shuffled)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield [poker.card_name(c) for c in rng.sample(range(poker.n_cards), 5)]
    prepared = poker.single_deck()
    categories = np.asarray(prepared.stacked.categories)
    maps = np.asarray(prepared.card_maps)
    for category in np.unique(categories):
        classes = np.flatnonzero(categories == category)
        deal = prepared.deals[int(classes[rng.randrange(len(classes))])]
        permutation = maps[rng.randrange(len(maps))]
        mapped = [int(permutation[int(c)]) for c in deal]
        rng.shuffle(mapped)
        yield [poker.card_name(c) for c in mapped]


@pytest.mark.parametrize("name", GAMES)
def test_warm_answers_equal_the_slow_path(name: str) -> None:
    path = game_path(name)
    poker = loaded(path)
    assert store_hold_file(poker, path) is not None
    tables = [t.name for t in poker.game.spec.paytables]
    categories_seen: set[int] = set()
    ties = 0
    for i, cards in enumerate(deals_of(poker, seed=len(name), count=60)):
        table = tables[i % len(tables)]
        for rule in (RULES if i % 5 == 0 else [RULES[i % len(RULES)]]):
            slow = slow_report(poker, cards, table, rule)
            warm = warm_report(path, cards, table, rule)
            assert printed(warm, False) == printed(slow, False), (cards, table, rule)
            assert printed(warm, True) == printed(slow, True), (cards, table, rule)
            ties += len(slow.result.tied) > 1
        categories_seen.add(next(c for c, n in enumerate(slow.result.options[31].counts) if n))
    assert categories_seen == set(range(len(poker.game.category_names) + 1))  # every category dealt
    if name == "deuces_wild":
        assert ties > 0  # equal-EV holds, decided by the tie rules


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def no_slow_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> VideoPoker:
        raise AssertionError("the slow path ran")

    monkeypatch.setattr(VideoPoker, "load", refuse)


def no_warm_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(WarmHold, "open", classmethod(lambda cls, game: None))


@pytest.mark.parametrize("cards", [
    ["Ah", "Kh", "Qh", "Jh", "Th"], ["Ah", "Kh", "Qh", "5c", "5d", "--tie-rule", "most-cards"],
    ["Ah", "Kh", "Zh", "5c", "5d"], ["Ah", "Ah", "Qh", "5c", "5d"], ["Ah", "Kh", "Qh", "5c"],
    ["Ah", "Kh", "Qh", "5c", "5d", "2s"], ["Xs", "Kh", "Qh", "5c", "5d"], ["Xh", "Kh", "Qh", "5c", "5d"],
    ["Ah", "Kh", "Qx", "5c", "5d"], ["AhKh", "Qh", "5c", "5d", "--paytable", "20/7/5"],
    ["Ah", "Kh", "Qh", "5c", "5d", "--paytable", "no such table"],
])
@pytest.mark.parametrize("as_json", [False, True])
def test_the_cli_prints_the_same_answers_and_errors(cards: list[str], as_json: bool,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["hold", game_path("joker_poker"), *cards] + (["--json"] if as_json else [])
    store_hold_file(loaded(game_path("joker_poker")), game_path("joker_poker"))
    monkeypatch.setattr(VideoPoker, "load", classmethod(lambda cls, path: loaded(path)))
    with monkeypatch.context() as slow_only:
        no_warm_path(slow_only)
        slow = run_cli(args)
    if "no such table" not in cards:
        no_slow_path(monkeypatch)  # every other answer and error comes from the hold file
    assert run_cli(args) == slow


def test_mine_takes_the_slow_path_with_the_same_table() -> None:
    path = game_path("jacks_or_better")
    code, text, _ = run_cli(["hold", path, "Ah", "Kh", "Qh", "5c", "5d"])
    code_mine, text_mine, _ = run_cli(["hold", path, "Ah", "Kh", "Qh", "5c", "5d", "--mine", "5c 5d"])
    assert code == code_mine == 0
    assert text_mine.startswith(text) and "your hold 5c 5d: EV 0.823682" in text_mine


def test_a_warm_hold_imports_neither_numpy_nor_the_parser(tmp_path: Path) -> None:
    env = {**os.environ, CACHE_ENV: str(tmp_path), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "cpoly", "hold", game_path("jacks_or_better"), "Jh", "Jd", "Kh", "9c", "3s"]
    cold = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    warm = subprocess.run([sys.executable, "-X", "importtime", *command[1:]], env=env, capture_output=True,
                          text=True, check=True)
    assert warm.stdout == cold.stdout and "Jacks or Better" in warm.stdout
    imported = {line.split("|")[-1].strip() for line in warm.stderr.splitlines() if "|" in line}
    assert "cpoly.games.videopoker.warm.holdfile" in imported
    heavy = {"numpy", "lark", "rich", "sympy", "networkx", "cpoly.api", "cpoly.games.videopoker.game"}
    assert not heavy & imported


def copy_game(tmp_path: Path) -> Path:
    """Jacks or Better in a folder of its own (its library import still found)."""
    path = tmp_path / "game.cp"
    shutil.copy(DEFINITIONS / "jacks_or_better.cp", path)
    return path


def test_an_edited_definition_is_answered_by_the_slow_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy_game(tmp_path)
    deal = ["Ah", "Kh", "Qh", "5c", "5d", "--json"]
    before = json.loads(run_cli(["hold", str(path), *deal])[1])
    assert WarmHold.open(str(path)) is not None
    text = path.read_text()
    assert "ThreeOfAKind 3," in text
    path.write_text(text.replace("ThreeOfAKind 3,", "ThreeOfAKind 30,"))
    assert recall(path) is None and WarmHold.open(str(path)) is None
    loads = []
    monkeypatch.setattr(VideoPoker, "load", classmethod(lambda cls, p: loads.append(p) or _LOAD(cls, p)))
    after = json.loads(run_cli(["hold", str(path), *deal])[1])
    assert loads == [str(path)]  # the slow path answered the edited game
    assert after["best"]["held"] == ["5c", "5d"] != before["best"]["held"]  # trips now pay 30
    assert WarmHold.open(str(path)) is not None  # and wrote its hold file
    assert json.loads(run_cli(["hold", str(path), *deal])[1]) == after


def middle_of(path: Path, name: str) -> int:
    """The offset of the middle byte of an array of a container file (one the warm hold reads)."""
    opened = open_store(path)
    assert opened is not None
    _, shape, offset, _ = opened.entries[name]
    return int(offset + 2 * np.prod(shape))


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage"])
def test_a_damaged_hold_file_is_ignored_and_rewritten(damage: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy_game(tmp_path)
    args = ["hold", str(path), "7h", "8h", "9h", "Th", "2c"]
    expected = run_cli(args)
    key = recall(path)
    assert key is not None
    stored = prepared_path(key)
    data = bytearray(stored.read_bytes())
    if damage == "flip":
        data[middle_of(stored, "rows")] ^= 0x10
    elif damage == "truncate":
        data = data[: len(data) // 3]
    else:
        data = bytearray(b"not a hold file")
    stored.write_bytes(bytes(data))
    assert WarmHold.open(str(path)) is None
    assert run_cli(args) == expected
    assert stored.read_bytes() != bytes(data) and WarmHold.open(str(path)) is not None
    no_slow_path(monkeypatch)
    assert run_cli(args) == expected


@pytest.mark.parametrize("name", ["jacks_or_better", "joker_poker"])
def test_class_keys_are_the_suit_classes_keys(name: str) -> None:
    poker = loaded(game_path(name))
    prepared = poker.single_deck()
    assert prepared.suit_classes is not None
    blocks = prepared.suit_classes[0]
    warm = WarmHold.open(game_path(name))
    assert warm is not None
    layout: Layout = warm.layout
    rng = np.random.default_rng(3)
    for size in range(6):
        hands = np.sort(np.array([rng.choice(poker.n_cards, size, replace=False) for _ in range(300)]), axis=1)
        expected = blocks.keys(hands.reshape(300, size)).tolist()
        assert [class_key(hand.tolist(), layout) for hand in hands] == expected


def test_ordered_games_and_two_decks_keep_the_slow_path() -> None:
    for name in ("sequential_royal", "double_deck_jacks"):
        path = game_path(name)
        poker = VideoPoker.load(path)
        assert store_hold_file(poker, path) is None
        assert WarmHold.open(path) is None


def test_warnings_are_printed_as_the_slow_path_prints_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy_game(tmp_path)
    path.write_text(path.read_text() + '\npaytable "short": RoyalFlush 800, StraightFlush 50\n')
    args = ["hold", str(path), "Jh", "Jd", "Kh", "9c", "3s", "--paytable", "short"]
    slow = run_cli(args)
    assert "warning: pay table 'short' does not pay" in slow[2]
    with monkeypatch.context() as warm_only:
        no_slow_path(warm_only)
        assert run_cli(args) == slow
    monkeypatch.chdir(tmp_path)  # the same file by another name: its warnings name it otherwise
    other = run_cli(["hold", "game.cp", *args[2:]])
    assert other[1] == slow[1] and other[2] == slow[2].replace(str(path), "game.cp") != slow[2]


def test_the_warm_path_answers_only_the_spelling_of_the_path_it_was_written_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by review: an untitled game is titled by its file name as typed, so a symbolic
    link to it is another title (and warnings name imported files relative to the current
    directory, which the file's header records too).  The warm answer equals the slow one."""
    path = copy_game(tmp_path)
    path.write_text("\n".join(line for line in path.read_text().splitlines()
                              if not line.startswith("game ")))
    alias = tmp_path / "alias.cp"
    alias.symlink_to(path)
    deal = ["Ah", "Kh", "Qh", "Jh", "2c"]
    with monkeypatch.context() as elsewhere:
        elsewhere.setenv(CACHE_ENV, str(tmp_path / "another-cache"))
        slow = run_cli(["hold", str(alias), *deal])
    assert slow[1].startswith("alias")
    run_cli(["hold", str(path), *deal])  # writes the hold file, titled by 'game.cp'
    assert run_cli(["hold", str(alias), *deal]) == slow


def test_a_hold_file_that_does_not_hold_what_the_code_reads_falls_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A file with a right checksum whose header lacks what this code reads (a KeyError or
    IndexError inside the warm path) is answered by the slow path, never an internal error."""
    path = game_path("jacks_or_better")
    deal = ["hold", path, "Ah", "Kh", "Qh", "5c", "5d"]
    run_cli(deal)  # the hold file exists
    with monkeypatch.context() as slow_only:
        no_warm_path(slow_only)
        slow = run_cli(deal)
    for error in (KeyError("sections"), IndexError("row")):
        def broken(*_: object, error: Exception = error) -> None:
            raise error

        with monkeypatch.context() as damaged:
            damaged.setattr(WarmHold, "counts", broken)
            assert run_cli(deal) == slow
