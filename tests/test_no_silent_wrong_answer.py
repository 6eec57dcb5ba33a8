"""Issue 11, items 1-7: no silent wrong answer.  Each case fails on the code before the fix.

Oracles: every hand of a small deck (6 faces x 3 suits, 8,568 hands) classified by a
straightforward test-only classifier (``tests/videopoker/vp_oracle.py``), and the two counting
methods of the plan (equality patterns, checking every deal) against each other.
"""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cpoly.api import deal_table, load_game
from cpoly.cli.main import main
from cpoly.count.compiledgame import Game
from cpoly.count.counting import CountingPlan
from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.lower import Lowerer
from tests.conftest import DEFINITIONS
from tests.videopoker.vp_oracle import poker_categories, standard_deck

FIXTURES = Path(__file__).parent / "fixtures"
SMALL = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
JACKS = (DEFINITIONS / "jacks_or_better.cp").read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str, name: str = "case.cp") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _game(path: str, budget: int | None = None) -> Game:
    """The game of ``path`` as the CLI loads it, counted with a table budget of ``budget``."""
    program = load_game(path, use_cache=False).program
    planner = CountingPlan if budget is None else (lambda space: CountingPlan(space, budget))
    return Game.from_program(program, Lowerer(program), planner)


def _oracle_no_flush() -> tuple[np.ndarray, np.ndarray]:
    """First category of every hand of the small deck, and which hands are not flushes."""
    first = poker_categories(6, 3)
    from cpoly.deck.hands import all_hands

    _, suits = standard_deck(6, 3)
    hands = all_hands(18, 5).astype(np.int64)
    flush = (suits[hands] == suits[hands][:, :1]).all(axis=1)
    return first, ~flush


# ---- 1. the deal applies whatever the method ------------------------------------------------
@pytest.mark.parametrize("budget", [None, 0], ids=["patterns", "checking"])
def test_restricted_deal_counts_match_brute_force(tmp_path, budget):
    path = _write(tmp_path, SMALL.replace("deal Hand\n", "deal Hand * (1 - Flush)\n"))
    table = deal_table(_game(path, budget))
    first, accepted = _oracle_no_flush()
    assert table.total == int(accepted.sum()) == 8568 - 3 * 6  # 3 suits x C(6, 5) flushes
    for index, row in enumerate(table.rows):
        assert row.paid_ways == int(((first == index) & accepted).sum()), row.name
    flush_rows = {r.name: r for r in table.rows}
    assert flush_rows["Flush"].ways == flush_rows["RoyalFlush"].ways == flush_rows["StraightFlush"].ways == 0


def test_checking_and_patterns_agree_on_both_columns(tmp_path):
    path = _write(tmp_path, SMALL.replace("deal Hand\n", "deal Hand * (1 - FourOfAKind)\n"))
    assert deal_table(_game(path, 0)) == deal_table(_game(path))


def test_named_count_by_checking_applies_the_deal(tmp_path, capsys):
    """``count FILE NAME`` over budget checks every deal, times the deal (here: no pairs)."""
    text = SMALL.replace("deal Hand\n", "deal Hand * UniqueFaces\n")
    text += "FS = prod(i in 1..5) sum(w in Nine..Ace) ((w+1) δF[i]{w})\n"
    path = _write(tmp_path, text)
    from itertools import combinations
    from math import prod

    deck = [(face, suit) for face in range(6) for suit in range(3)]
    expected = sum(prod(f + 1 for f, _ in hand) for hand in combinations(deck, 5)
                   if len({f for f, _ in hand}) == 5)
    assert main(["count", path, "FS", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"]["FS"] == expected == 1764 * 3**5  # 720 (1 + 1/2 + … + 1/6) face products


# ---- 2. analyze and hold respect a restricting deal -------------------------------------------
def test_analyze_refuses_a_restricting_deal_and_hold_refuses_rejected_deals(tmp_path, capsys):
    path = _write(tmp_path, SMALL.replace("deal Hand\n", "deal Hand * (1 - RoyalFlush)\n"))
    assert main(["analyze", path, "--no-cache"]) == 2
    err = capsys.readouterr().err
    assert "the deal rejects 3 of the 8,568 hands" in err and "Traceback" not in err
    assert main(["hold", path, "Ah", "Kh", "Qh", "Jh", "Th"]) == 2
    assert "not a valid deal" in capsys.readouterr().err


def test_hold_in_a_restricted_game_matches_brute_force_draws(tmp_path):
    """An accepted deal's draws come from the rest of the deck as in the plain game: every
    hold's outcome counts by explicit enumeration of the draws."""
    from tests.videopoker.vp_oracle import brute_hold_outcomes

    path = _write(tmp_path, SMALL.replace("deal Hand\n", "deal Hand * (1 - RoyalFlush)\n"))
    poker = VideoPoker.load(path)
    cards = ["Ah", "Kh", "Qh", "Jh", "9c"]
    result = poker.hold(cards)
    deal = np.array(poker.deal_indices(cards))
    expected = brute_hold_outcomes(deal[None], poker_categories(6, 3), 18, 10)[0]
    assert [list(o.counts) for o in result.options] == expected.tolist()


# ---- 3. categories that are not 0/1 ------------------------------------------------------------
def test_not_zero_one_category_is_refused_by_count_analyze_and_hold(tmp_path, capsys):
    text = SMALL.replace("TwoPair, JacksOrBetter\n", "TwoPair, JacksOrBetter, Twice\n")
    text += "Twice = JacksOrBetter + TwoPair\n"
    path = _write(tmp_path, text)
    assert main(["count", path, "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert "category 'Twice' is not 0/1" in error["message"] and error["line"] == 36
    for argv in (["count", path], ["analyze", path, "--no-cache"], ["hold", path, "Ah", "Ad", "Kh", "Kd", "9c"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{path}:36:" in err and "category 'Twice' is not 0/1" in err and "Traceback" not in err


@pytest.mark.parametrize("budget", [None, 0], ids=["patterns", "checking"])
def test_not_zero_one_deal_table_is_refused_by_every_method(tmp_path, budget):
    """``+`` as OR over overlapping terms (four of a kind holds four triples): counting sums the
    category's values over the deals and checking counts the deals it hits, so neither may
    answer (on 4 suits they gave 5,040 and 4,680 ways)."""
    text = SMALL.replace("Suits = 3", "Suits = 4").replace('"hdc"', '"hdcs"')
    text = text.replace("ThreeOfAKind = any(i<j<k in 1..5)", "ThreeOfAKind = sum(i<j<k in 1..5)")
    game = _game(_write(tmp_path, text), budget)
    with pytest.raises(CpolyError, match="category 'ThreeOfAKind' is not 0/1") as raised:
        deal_table(game)
    assert raised.value.span is not None and raised.value.span.line == 36
    three_suits = _game(_write(tmp_path, SMALL.replace("ThreeOfAKind = any(", "ThreeOfAKind = sum("),
                               "three.cp"), budget)
    assert deal_table(three_suits).rows[6].ways == 6 * comb(15, 2)  # 0/1 on 3 suits: a face, its
    # three cards, two of the 15 cards of other faces


def test_not_zero_one_for_some_sizes_is_refused_with_symbolic_sizes(tmp_path):
    """The fixture's FullHouse is the seed's ten-term ``+``: five of a kind (5 suits or more)
    hits all ten terms.  With Suits symbolic the table would hold those sums, so it is refused,
    as the numeric table on 5 suits is; on 4 suits it is 0/1 and counted."""
    path = _write(tmp_path, SMALL)
    with pytest.raises(CpolyError, match="category 'FullHouse' is not 0/1 .* for some values of Suits, its ways"):
        deal_table(load_game(path, ["Suits"], use_cache=False))
    with pytest.raises(CpolyError, match="category 'FullHouse' is not 0/1"):
        deal_table(load_game(path, overrides={"Suits": 5}, use_cache=False))
    assert deal_table(load_game(path, overrides={"Suits": 4}, use_cache=False)).rows[3].ways == 6 * 4 * 5 * 6


# ---- 4. pays too large for exact int64 arithmetic ----------------------------------------------
@pytest.mark.parametrize("pay", ["1000000000000000", "100000000000000000000000000000"])
def test_huge_pays_are_refused_not_wrapped(tmp_path, capsys, pay):
    path = _write(tmp_path, SMALL.replace("RoyalFlush 250", f"RoyalFlush {pay}"))
    assert main(["hold", path, "Ah", "Kh", "Qh", "Jh", "9c"]) == 2
    err = capsys.readouterr().err
    assert "exceeds exact int64 arithmetic" in err and "Traceback" not in err


def test_large_pay_that_fits_keeps_the_royal_draw(tmp_path, capsys):
    """A pay of 10^6 fits int64 on this deck: holding four to the royal stays best (it wrapped before)."""
    path = _write(tmp_path, SMALL.replace("RoyalFlush 250", "RoyalFlush 1000000"))
    assert main(["hold", path, "Ah", "Kh", "Qh", "Jh", "9c", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)["best"]
    assert sorted(best["held"]) == sorted(["Ah", "Kh", "Qh", "Jh"])


# ---- 5. every definition is checked, used or not ---------------------------------------------
@pytest.mark.parametrize("line, message", [
    ("Broken = Tenn * Hand", "unknown name 'Tenn' (did you mean 'Ten'?)"),
    ("Broken = δF[7],F[1]", "index 7 is outside F[1..5]"),
])
def test_unused_definitions_are_checked(tmp_path, capsys, line, message):
    path = _write(tmp_path, JACKS + "\n" + line + "\n")
    assert main(["count", path, "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert message in error["message"]
    assert (error["file"], error["line"]) == (path, JACKS.count("\n") + 2)


def test_unused_mixed_domain_delta_is_warned(tmp_path, capsys):
    path = _write(tmp_path, SMALL + "Mixed = δF[1],S[1]\n")
    assert main(["count", path, "--json"]) == 0
    warnings = json.loads(capsys.readouterr().out)["warnings"]
    assert any("different domains" in w["message"] for w in warnings)


# ---- 6. notation letters and unpaid categories ------------------------------------------------
@pytest.mark.parametrize("old, new, message", [
    ('ranks "9TJQKA"', 'ranks "TJQKA"', "'ranks' has 5 letters for a domain of 6 values"),
    ('suit_letters "hdc"', 'suit_letters "hdcs"', "'suit_letters' has 4 letters for a domain of 3"),
])
def test_letters_must_match_the_domains(tmp_path, capsys, old, new, message):
    path = _write(tmp_path, SMALL.replace(old, new))
    assert main(["count", path]) == 2
    assert message in capsys.readouterr().err


def test_letters_after_set_are_a_warning(tmp_path, capsys):
    path = _write(tmp_path, SMALL)
    assert main(["count", path, "FourOfAKind", "--set", "Suits=4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"]["FourOfAKind"] == 6 * 20  # a face's four cards and one of the 20 others
    assert any("cannot all be named" in w["message"] for w in out["warnings"])


def test_unpaid_category_is_warned(tmp_path, capsys):
    path = _write(tmp_path, SMALL.replace("TwoPair 2, JacksOrBetter 1", "TwoPair 2"))
    assert main(["count", path, "--json"]) == 0
    warnings = json.loads(capsys.readouterr().out)["warnings"]
    assert [w["message"] for w in warnings] == ["pay table 'flat' does not pay JacksOrBetter: it pays 0"]


# ---- 7. a byte-order mark ------------------------------------------------------------------
def test_byte_order_mark_is_read_as_text(tmp_path, capsys):
    path = tmp_path / "bom.cp"
    path.write_bytes(b"\xef\xbb\xbf" + JACKS.encode("utf-8"))
    assert main(["check", str(path), "Ah", "Kh", "Qh", "Jh", "Th"]) == 0
    assert "RoyalFlush" in capsys.readouterr().out
