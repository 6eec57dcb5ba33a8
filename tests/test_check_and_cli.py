"""Checking (the category of a dealt hand) and the count/check command-line contract."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from cpoly.api import check, deal_table, load_game
from cpoly.cli.main import main
from tests.conftest import DEFINITIONS, FIXTURES

JACKS = DEFINITIONS / "jacks_or_better.cp"


@pytest.mark.parametrize("cards, category", [
    ("Ah Kh Qh Jh Th", "RoyalFlush"),
    ("9h Kh Qh Jh Th", "StraightFlush"),
    ("As 2s 3s 4s 5s", "StraightFlush"),
    ("9c 9d 9h 9s 2c", "FourOfAKind"),
    ("9c 9d 9h 2s 2c", "FullHouse"),
    ("9c 3c Kc 2c Jc", "Flush"),
    ("Ac 2d 3h 4s 5c", "Straight"),
    ("Qc Kd Ah Js Tc", "Straight"),
    ("Kc Ad 2h 3s 4c", None),
    ("7c 7d 7h 2s 3c", "ThreeOfAKind"),
    ("7c 7d 3h 3s 2c", "TwoPair"),
    ("Jc Jd 3h 4s 2c", "JacksOrBetter"),
    ("Tc Td 3h 4s 2c", None),
])
def test_known_hands(cards, category):
    assert check(load_game(JACKS), cards.split()) == category


def test_checking_every_hand_agrees_with_pattern_counting():
    """Two independent paths: classify every hand of the small deck by evaluating the
    categories on concrete cards, and count the paid forms by equality patterns."""
    game = load_game(FIXTURES / "small_poker.cp", overrides={"Suits": 4})
    deck = [(f, s) for f in range(6) for s in range(4)]
    hands = np.array(list(itertools.combinations(deck, 5)), dtype=np.int64)
    classes = game.classify(hands)
    table = deal_table(game)
    assert len(hands) == table.total and (classes >= 0).all()
    for index, row in enumerate(table.rows):
        assert int((classes == index).sum()) == row.paid_ways, row.name


def test_count_json_contract(capsys):
    assert main(["count", str(JACKS), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["total"] == 2_598_960
    assert payload["categories"][1] == {"name": "StraightFlush", "ways": 40, "paid_ways": 36}


def test_count_symbolic_json_gives_polynomial_strings(capsys):
    assert main(["count", str(JACKS), "--json", "--symbolic", "Suits"]) == 0
    captured = capsys.readouterr()
    rows = {r["name"]: r for r in json.loads(captured.out)["categories"]}
    assert rows["Straight"]["paid_ways"] == "10*Suits**5 - 10*Suits"
    assert "not 0/1" not in captured.err      # five of a kind (Suits >= 5) is no full house
    import sympy

    suits = sympy.Symbol("Suits", positive=True, integer=True)
    for size in (5, 6):
        assert main(["count", str(JACKS), "--json", "--set", f"Suits={size}"]) == 0
        numeric = json.loads(capsys.readouterr().out)["categories"]
        for row in numeric:
            for column in ("ways", "paid_ways"):
                polynomial = sympy.sympify(rows[row["name"]][column], locals={"Suits": suits})
                assert polynomial.subs(suits, size) == row[column], (row["name"], column, size)


def test_count_table_and_pay_forms(capsys):
    assert main(["count", str(JACKS), "--show-pay"]) == 0
    out = capsys.readouterr().out
    assert "2,598,960" in out and "PayTwoPair = TwoPair * (1 - ThreeOfAKind)" in out
    assert main(["count", str(JACKS), "--show-pay", "--json"]) == 0  # --json dropped them
    forms = {row["name"]: row["pay_form"] for row in json.loads(capsys.readouterr().out)["categories"]}
    assert forms["TwoPair"] == "TwoPair * (1 - ThreeOfAKind)"  # not the seed's printed form (design §1)
    assert all(f"Pay{name} = {form}" in out for name, form in forms.items())


def test_check_json_contract(capsys):
    assert main(["check", str(JACKS), "Ah", "Kh", "Qh", "Jh", "Th", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "category": "RoyalFlush", "cards": ["Ah", "Kh", "Qh", "Jh", "Th"]}
    assert main(["check", str(JACKS), "2h 3d 5c 9s Kh", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] is None


def test_count_refuses_plus_used_as_or(tmp_path, capsys):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text = text.replace("ThreeOfAKind = any(i<j<k in 1..5) δF[i],F[j],F[k]",
                        "ThreeOfAKind = sum(i<j<k in 1..5) δF[i],F[j],F[k]")
    path = tmp_path / "overlapping.cp"
    path.write_text(text, encoding="utf-8")
    assert main(["count", str(path), "--set", "Suits=4"]) == 2
    assert f"{path}:36:12: error: category 'ThreeOfAKind' is not 0/1" in capsys.readouterr().err


def test_mixed_domains_warn_and_count_densely(tmp_path, capsys):
    path = tmp_path / "mixed.cp"
    path.write_text("Faces = 3\nSuits = 2\nF = σ1-σ2\nS = σ3-σ4\ndomain F: Faces\n"
                    "domain S: Suits\nX = δF[1],S[1]\n", encoding="utf-8")
    assert main(["count", str(path), "X", "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["counts"] == {"X": 2 * 3 * 2}  # F1 = S1 in {0, 1}; F2, S2 free
    assert "different domains" in json.loads(out)["warnings"][0]["message"]
    assert "mixed.cp:7:5: warning: δ compares vertices of different domains" in err


@pytest.mark.parametrize("command", ["check", "hold"])
def test_a_card_outside_the_deck_is_named(capsys, command):
    """Joker Poker has one joker, Xh: 'Xd' parses as a card but is in no deal.  ``check`` used
    to say only that the hand is not a valid deal; both commands now name the card."""
    path = str(DEFINITIONS / "joker_poker.cp")
    assert main([command, path, "Ah", "Xd", "Kh", "Qh", "Jh", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["message"] == "card Xd is not in this deck"
    assert main(["check", path, "Ah", "Xh", "Kh", "Qh", "Jh"]) == 0
    assert capsys.readouterr().out.strip().endswith("WildRoyalFlush")


@pytest.mark.parametrize(("argv", "message"), [
    (["--set", "Suits=٥"], "not 'Suits=٥'"),                      # an Arabic-Indic five is no 5 here
    (["--set", "Suits=５"], "not 'Suits=５'"),                     # nor a full-width one
    (["--set", "Suits=4", "Suits=5"], "'Suits' twice"),
    (["--set", "Suits=4", "--set", "Suits=5"], "'Suits' twice"),  # repeated options are joined, not replaced
    (["DrawFlush", "--param", "F1=1", "F1=2"], "'F1' twice"),
])
def test_set_and_param_refuse_non_ascii_digits_and_repeated_names(tmp_path, capsys, argv, message):
    path = tmp_path / "flush_draw.cp"
    path.write_text('import "poker.cp"\nimport "autohold.cp"\nDrawFlush = Hand * Draw * Flush\n',
                    encoding="utf-8")
    assert main(["count", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_repeated_set_options_all_apply(capsys):
    """``--set Suits=3 --set Faces=5``: both apply (the second option used to replace the first)."""
    assert main(["count", str(JACKS), "--json", "--set", "Suits=3", "--set", "Faces=5"]) == 0
    total = json.loads(capsys.readouterr().out)["total"]
    assert total == 3003  # C(15, 5): 5 faces x 3 suits


def test_param_lints_are_printed_once(tmp_path, capsys):
    path = tmp_path / "flush_draw.cp"
    path.write_text('import "poker.cp"\nimport "autohold.cp"\nDrawFlush = Hand * Draw * Flush\n',
                    encoding="utf-8")
    dealt = {"DF": [99, 11, 10, 9, 0], "DS": [0, 0, 0, 0, 1], "Held": [1, 1, 1, 1, 0]}
    binding = [f"{g}[{i}]={v}" for g, values in dealt.items() for i, v in enumerate(values, start=1)]
    assert main(["count", str(path), "DrawFlush", "--set", "Suits=2", "--param", *binding]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    assert lines and len(lines) == len(set(lines)), lines
