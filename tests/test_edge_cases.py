"""Edge cases found in review: exact arithmetic past int64, σ operands, sort names, vertices
outside what is counted, deep nesting, cards outside the deck, planner fallbacks."""

from __future__ import annotations

import json

from cpoly.api import load_program
from cpoly.cli.main import main
from cpoly.count.evaluate import count_dense
from cpoly.lang.lower import Lowerer
from tests.conftest import DEFINITIONS, FIXTURES


def _write(tmp_path, text: str) -> str:
    path = tmp_path / "case.cp"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _counts(capsys, path: str, *names: str) -> dict[str, int]:
    assert main(["count", path, *names, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["counts"]


def test_counts_past_int64_are_exact(tmp_path, capsys):
    path = _write(tmp_path, "N = 3\nF = σ1-σ4\ndomain F: N\nBig = 4294967296\n"
                            "X = (Big δF[1],F[2] + 1) * (Big δF[3],F[4] + 1)\n"
                            "Y = (Big Big δF[1],F[2] + 1) * (Big δF[3],F[4] + 1)\n")
    counts = _counts(capsys, path, "X", "Y")
    # F1 = F2 in 9 of 27 assignments of (F1, F2, ·): by hand, Σ (B a + 1)(B b + 1) over 81
    big = 2**32
    assert counts["X"] == 9 * big**2 + 2 * 27 * big + 81
    assert counts["Y"] == 9 * big**3 + 27 * big**2 + 27 * big + 81
    program = load_program(path)
    assert count_dense(Lowerer(program).definition("Y"), program.sorts, sorted(program.sorts)) == counts["Y"]


def test_sigma_operands_and_numeric_domains(tmp_path, capsys):
    path = _write(tmp_path, "size13 = 2\nF = σ1-σ2\nG = σ3-σ4\ndomain F: 13\ndomain G: size13\n"
                            "X = δσ1,σ2 δG[1],G[2]\n")
    assert _counts(capsys, path, "X") == {"X": 13 * 2}


def test_vertex_without_domain_is_named(tmp_path, capsys):
    path = _write(tmp_path, "N = 3\nF = σ1-σ2\nG = σ9\ndomain F: N\nX = δF[1],G\n")
    assert main(["count", path, "X"]) == 2
    assert "vertex σ9, which has no domain" in capsys.readouterr().err


def test_category_using_a_vertex_no_deal_assigns(tmp_path, capsys):
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text = text.replace("domain F: Faces", "X = σ11\ndomain F, X: Faces")
    text = text.replace("JacksOrBetter = any", "JacksOrBetter = δF[1],X * any")
    path = _write(tmp_path, text)
    for argv in (["count", path], ["check", path, "Ah", "Kh", "Qh", "Jh", "Th"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "category 'JacksOrBetter' uses vertex σ11" in err and "Traceback" not in err


def _nested(depth: int) -> str:
    body = "δF[1],F[2]"
    for i in range(depth):
        body = f"(1 - {body} δF[{1 + i % 2}],F[3])"
    return f"N = 3\nF = σ1-σ3\ndomain F: N\nX = {body}\n"


def test_nesting_counts_correctly_or_fails_cleanly(tmp_path, capsys):
    """Moderate nesting counts right (against brute force); extreme nesting (beyond Python's
    recursion limit, which other libraries may raise) is a clean error, never a traceback."""
    path = _write(tmp_path, _nested(60))
    program = load_program(path)
    expected = count_dense(Lowerer(program).definition("X"), program.sorts, sorted(program.sorts))
    assert _counts(capsys, path, "X") == {"X": expected}
    path = _write(tmp_path, _nested(6000))
    assert main(["count", path, "X"]) == 2
    err = capsys.readouterr().err
    assert "nests more than 150 levels deep" in err and "Traceback" not in err


def test_cards_outside_the_deck_are_refused(tmp_path, capsys):
    """Five faces named by the default ranks 2-A: an ace is not in the deck (declared ranks must
    have one letter per face, see test_no_silent_wrong_answer.py)."""
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8").replace("Faces = 6", "Faces = 5")
    path = _write(tmp_path, text.replace('ranks "9TJQKA"\n', ""))
    assert main(["check", path, "Ah", "Ad", "Ac", "Kh", "Kd"]) == 2
    assert "card 'Ah' is not in this game's deck" in capsys.readouterr().err


def test_named_count_over_budget_falls_back_to_checking(tmp_path, capsys):
    """A product of sums that tells every face apart: too many patterns, so every hand is
    checked; the value is cross-checked on a small deck where brute force is cheap."""
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    text += "FS = prod(i in 1..5) sum(w in Nine..Ace) ((w+1) δF[i]{w})\n"
    path = _write(tmp_path, text)
    from itertools import combinations
    from math import prod

    deck = [(face, suit) for face in range(6) for suit in range(4)]
    expected = sum(prod(face + 1 for face, _ in hand) for hand in combinations(deck, 5))
    assert main(["count", path, "FS", "--set", "Suits=4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"]["FS"] == expected


def test_symbolic_jacks_counts_hold_at_thirteen_faces(capsys):
    path = str(DEFINITIONS / "jacks_or_better.cp")
    assert main(["count", path, "--symbolic", "Faces", "--json"]) == 0
    import sympy

    captured = capsys.readouterr()
    payload = json.loads(captured.out)
    assert "hold for Faces >= 13 (a definition names the value 12)" in captured.err
    faces = sympy.Symbol("Faces", positive=True, integer=True)
    total = sympy.sympify(payload["total"], locals={"Faces": faces})
    assert total.subs(faces, 13) == 2_598_960
    assert main(["count", path, "--set", "Faces=15", "--json"]) == 0   # inside the stated range
    numeric = {r["name"]: r["paid_ways"] for r in json.loads(capsys.readouterr().out)["categories"]}
    for row in payload["categories"]:
        polynomial = sympy.sympify(row["paid_ways"], locals={"Faces": faces})
        assert polynomial.subs(faces, 15) == numeric[row["name"]], row["name"]


def test_a_constant_both_set_and_symbolic_is_refused(capsys):
    """``--set Suits=5 --symbolic Suits`` used to print the polynomial and drop the 5 silently."""
    path = str(DEFINITIONS / "jacks_or_better.cp")
    assert main(["count", path, "--set", "Suits=5", "--symbolic", "Suits", "--json"]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert "--set Suits" in message and "--symbolic Suits" in message


def test_a_delta_whose_values_are_all_outside_the_domain_is_warned(tmp_path, capsys):
    """``δF[i]{Ace+1}`` on a 13-face deck is 0 on every hand (a typo for Ace): warned at the δ;
    a set with some value inside the domain is not."""
    path = tmp_path / "typo.cp"
    path.write_text('import "poker.cp"\ngame "x"\nAceHigh = any(i in 1..5) δF[i]{Ace+1}\n'
                    'Broadway = any(i in 1..5) δF[i]{Ten-Ace,Ace+1}\n'
                    'categories AceHigh, Broadway, Flush\npaytable "p": AceHigh 1, Broadway 1, Flush 5\n')
    assert main(["count", str(path), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert [(w["line"], w["column"], w["message"]) for w in payload["warnings"]] == [
        (3, 26, "this δ is always 0: its values (13) are outside the domain 0..12")]
    assert {r["name"]: r["ways"] for r in payload["categories"]}["AceHigh"] == 0
