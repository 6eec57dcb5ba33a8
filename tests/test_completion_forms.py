"""Completion forms written in the notation, counted by ``cpoly count --param`` in a game file:
the seed's own Discard mask (tests/fixtures/seed_discard.cp) and the standard library's Draw
(cpoly/lib/autohold.cp) with copies, against ``cpoly hold``; the convention stated; the forms
the engine cannot count exactly refused."""

from __future__ import annotations

import json

import pytest

from cpoly.cli.main import main
from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import DEFINITIONS, FIXTURES

SEED_CATEGORIES = ["RoyalFlush", "StraightFlush", "FourOfAKind", "FullHouse", "Flush", "Straight",
                   "ThreeOfAKind", "TwoPair", "JacksOrBetter"]


def _count_json(argv, capsys):
    assert main(["count", *argv, "--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def _hold_counts(path, dealt, kept):
    """``cpoly hold``'s winning draws of the hold keeping the positions ``kept`` (0-based)."""
    poker = VideoPoker.load(str(path))
    option = poker.hold(dealt).options[sum(1 << i for i in kept)]
    return dict(zip(poker.game.category_names, option.counts)), option.draws


@pytest.mark.parametrize("dealt", [["7c", "Ah", "Kh", "2d", "Qh"], ["9s", "9d", "9c", "4h", "4s"]])
def test_the_seeds_discard_form_counts_in_its_game(dealt, capsys):
    """DiscardC1C4 keeps cards 2, 3 and 5 (no four of a kind can be drawn to them, so the
    seed's hand-typed PayTwoPair is right here)."""
    poker = VideoPoker.load(str(DEFINITIONS / "jacks_or_better.cp"))
    cards = poker.game.parse_hand(dealt)
    params = [f"{k}{i}={v}" for i, (face, suit) in enumerate(cards, start=1) for k, v in (("F", face), ("S", suit))]
    names = ["DrawAny"] + [f"Draw{n}" for n in SEED_CATEGORIES]
    out = _count_json([str(FIXTURES / "seed_discard.cp"), *names, "--param", *params], capsys)
    want, draws = _hold_counts(DEFINITIONS / "jacks_or_better.cp", dealt, (1, 2, 4))
    assert out["counts"]["DrawAny"] == draws == 1081
    assert {n: out["counts"][f"Draw{n}"] for n in SEED_CATEGORIES} == want
    # (a form the product rules reduce to 0, its pins contradicting a literal, is 0 in any convention)
    assert {out["conventions"][n] for n, c in out["counts"].items() if c} == {"unordered replacement sets"}
    assert out["draws"]["DrawAny"]["positions"] == [2, 3, 5]
    assert out["draws"]["DrawAny"]["held"] == [dealt[1], dealt[2], dealt[4]]


def test_the_seeds_discard_form_text_states_the_convention(capsys):
    params = "F1=5 S1=2 F2=12 S2=0 F3=11 S3=0 F4=0 S4=1 F5=10 S5=0".split()
    assert main(["count", str(FIXTURES / "seed_discard.cp"), "DrawAny", "DrawFlush", "--param", *params]) == 0
    out = capsys.readouterr().out
    assert "1,081" in out and "44" in out
    assert "counted as unordered replacement sets; held Ah Kh Qh (cards 2, 3, 5)" in out


def _library_form(tmp_path, game):
    path = tmp_path / "draws.cp"
    path.write_text(f'import "{DEFINITIONS / game}"\nimport "autohold.cp"\n'
                    "DrawFive = Hand * Draw * FiveOfAKind\n"
                    "DrawFour = Hand * Draw * FourOfAKind * (1 - FiveOfAKind)\n"
                    "DrawAll = Hand * Draw\n", encoding="utf-8")
    return path


def _library_params(poker, dealt, kept):
    params = []
    for i, (face, suit) in enumerate(poker.game.parse_hand(dealt), start=1):
        params += [f"DF[{i}]={face}", f"DS[{i}]={suit}", f"Held[{i}]={int(i - 1 in kept)}"]
    return params


@pytest.mark.parametrize("kept", [(0, 1), (0, 2), (2,), ()])
def test_the_library_draw_form_counts_physical_draws_with_copies(tmp_path, kept, capsys):
    """The issue's reproducer: under 'copies 2' the form said DrawFive 2, DrawAll 14,288 (exit 0)."""
    dealt = ["Ah", "Ah", "Kd", "Qc", "2s"]
    poker = VideoPoker.load(str(DEFINITIONS / "double_deck_jacks.cp"))
    out = _count_json([str(_library_form(tmp_path, "double_deck_jacks.cp")), "DrawFive", "DrawFour", "DrawAll",
                       "--param", *_library_params(poker, dealt, kept)], capsys)
    want, draws = _hold_counts(DEFINITIONS / "double_deck_jacks.cp", dealt, kept)
    assert out["counts"] == {"DrawFive": want["FiveOfAKind"], "DrawFour": want["FourOfAKind"], "DrawAll": draws}
    if kept == (0, 1):
        assert out["counts"] == {"DrawFive": 20, "DrawFour": 1395, "DrawAll": 156849}
    assert out["draws"]["DrawAll"]["removed"] == ["Ah", "Ah", "Kd", "Qc", "2s"]


def test_a_value_form_with_copies_is_refused(tmp_path, capsys):
    """The seed's Redraw excludes card values: with two decks it cannot say how many copies of
    each card were dealt, so the count is refused, not answered."""
    text = (FIXTURES / "seed_discard.cp").read_text(encoding="utf-8")
    path = tmp_path / "seed_two_decks.cp"
    path.write_text(text.replace('import "seed_longhand.cp"', f'import "{FIXTURES / "seed_longhand.cp"}"\ncopies 2'),
                    encoding="utf-8")
    params = "F1=5 S1=2 F2=12 S2=0 F3=11 S3=0 F4=0 S4=1 F5=10 S5=0".split()
    assert main(["count", str(path), "DrawFlush", "--param", *params]) == 2
    err = capsys.readouterr().err
    assert "cannot be counted exactly with 2 copies of each card" in err and "Traceback" not in err


@pytest.mark.parametrize("extra, message", [
    ("δF[5]{Ace}", "fixes only the face of card 5"),
    ("δF[4],F[5]", "depends on the order of the drawn cards"),
])
def test_forms_that_are_not_unordered_completions_are_refused(tmp_path, extra, message, capsys):
    path = _library_form(tmp_path, "jacks_or_better.cp")
    path.write_text(path.read_text(encoding="utf-8").replace("FiveOfAKind", "Flush")
                    + f"DrawOdd = Hand * Draw * {extra}\n", encoding="utf-8")
    poker = VideoPoker.load(str(DEFINITIONS / "jacks_or_better.cp"))
    params = _library_params(poker, ["7c", "Ah", "Kh", "2d", "Qh"], (1, 2))
    assert main(["count", str(path), "DrawOdd", "--param", *params]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
