"""Sequential Royal (definitions/sequential_royal.cp): optimal play of ordered deals.

Oracles:

* every ordered deal, hold and ordered draw of small ordered decks, each final hand's category
  checked by the engine (``_ordered_brute``): the whole game and single holds;
* the engine's completion function on ordered deals (pattern counting, explicit exclusions);
* the ordinary 9/6 game: with the sequential royal paid like any royal the figures are those of
  Jacks or Better;
* the published returns: Wizard of Odds, "Sequential Royal"
  (wizardofodds.com/games/video-poker/tables/sequential-royal), "Sequential Royal Game
  Summary", 50,000 coins for five (10,000 per unit), optimal play including card order:
  Jacks or Better 9-6 99.78 %, 9-5 98.68 %, 8-6 98.63 %, 8-5 97.53 %, 7-5 96.38 %, 6-5 95.23 %.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from math import perm
from pathlib import Path

import pytest

from cpoly.api import complete, deal_table, load_game
from cpoly.cli.main import main
from cpoly.count.positions import position_dependent, witnesses
from cpoly.games.videopoker.game import VideoPoker
from cpoly.lang.paytable import PayTable
from tests.conftest import DEFINITIONS, FIXTURES
from tests.variants._ordered_brute import assert_analysis_equals_brute_force, ordered_hold_values

PATH = str(DEFINITIONS / "sequential_royal.cp")
PUBLISHED = {"9/6": 99.78, "9/5": 98.68, "8/6": 98.63, "8/5": 97.53, "7/5": 96.38, "6/5": 95.23}
JACKS_OR_BETTER_9_6 = Fraction(1653526326983, 1661102543100)  # published_figures.md
SEQUENTIAL = "SequentialRoyal = δF[1],Ten δF[2],Jack δF[3],Queen δF[4],King δF[5],Ace Flush\n"
REVERSE = "ReverseRoyal = δF[1],Ace δF[2],King δF[3],Queen δF[4],Jack δF[5],Ten Flush\n"


def _replace(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new)


def small_ordered_game(directory: Path, *, reverse: bool, ten_to_ace: bool, dealt: bool = False) -> VideoPoker:
    """tests/fixtures/small_poker.cp, two suits, ordered, with a sequential royal paying 4000
    (and a reverse royal paying 1500; with ``dealt``, dealt pays 9000 and two pair 7): 12
    cards, or the 10 cards Ten-Ace."""
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    deal = "deal Hand * prod(i in 1..5) δF[i]{Ten-Ace}" if ten_to_ace else "deal Hand"
    text = _replace(text, "deal Hand", deal + "\nordered")
    extra = "SequentialRoyal, ReverseRoyal" if reverse else "SequentialRoyal"
    text = _replace(text, "categories RoyalFlush", f"categories {extra}, RoyalFlush")
    pays = "SequentialRoyal 4000" + (" dealt 9000" if dealt else "") + ","
    pays += " ReverseRoyal 1500," if reverse else ""
    text = _replace(text, '"flat": RoyalFlush', f'"flat": {pays} RoyalFlush')
    if dealt:
        text = _replace(text, "TwoPair 2,", "TwoPair 2 dealt 7,")
    text += SEQUENTIAL + (REVERSE if reverse else "")
    path = directory / f"ordered_{reverse}_{ten_to_ace}_{dealt}.cp"
    path.write_text(text, encoding="utf-8")
    poker = VideoPoker.load(str(path), overrides={"Suits": 2})
    assert poker.paytable().pays[0] == 4000
    return poker


@pytest.fixture(scope="module")
def poker() -> VideoPoker:
    return VideoPoker.load(PATH)


def test_the_engine_finds_the_position_dependent_category_and_its_hands(poker):
    assert position_dependent(poker.game) == ["SequentialRoyal"]
    assert position_dependent(load_game(DEFINITIONS / "jacks_or_better.cp")) == []
    hands = witnesses(poker.game, "SequentialRoyal")
    assert [poker.game.format(c) for c in hands[0]] == ["Th", "Jh", "Qh", "Kh", "Ah"]
    ordered = poker.ordered_hands
    assert ordered is not None and len(ordered.cards) == 4
    assert {int(c) for c in ordered.category} == {0} and {int(b) for b in ordered.base} == {1}


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_returns_equal_the_published_figures(poker, name):
    analysis = poker.analyze(name)
    assert analysis.ordered and analysis.total == perm(52, 5) * perm(47, 5)
    assert round(float(analysis.expected_return) * 100, 2) == PUBLISHED[name]
    if name == "9/6":  # pinned: a change here is a change of the engine's answer
        assert analysis.expected_return == Fraction(298338812235253, 298998457758000)


INDEXED_FORMS = """
override TwoPair = any(i<j<k<l in 1..5) (1 - (1 - δF[i],F[j] δF[k],F[l]) (1 - δF[i],F[k] δF[j],F[l])
                                          * (1 - δF[i],F[l] δF[j],F[k]))
override FullHouse = ThreeOfAKind * TwoPair
"""


def test_an_equivalent_form_of_the_categories_gives_the_same_ordered_game(poker, tmp_path):
    """Issue 12: an indexed TwoPair with FullHouse = ThreeOfAKind * TwoPair (once refused as
    too large for equality patterns) pays and analyses exactly as the library's long forms."""
    text = Path(PATH).read_text(encoding="utf-8")
    path = tmp_path / "indexed.cp"
    path.write_text(text.replace("ordered\n", INDEXED_FORMS + "ordered\n", 1), encoding="utf-8")
    indexed = VideoPoker.load(str(path))
    # the indexed forms include four of a kind in both; what is paid is the same
    paid = [[(row.name, row.paid_ways) for row in deal_table(game).rows]
            for game in (indexed.game, poker.game)]
    assert paid[0] == paid[1]
    assert indexed.analyze("9/6").expected_return == poker.analyze("9/6").expected_return


def test_paying_the_sequential_royal_as_a_royal_gives_jacks_or_better(poker):
    declared = poker.paytable("9/6")
    plain = PayTable("plain", (declared.pays[1],) + declared.pays[1:])
    analysis = poker.analyze(plain)
    assert analysis.expected_return == JACKS_OR_BETTER_9_6
    unordered = VideoPoker.load(str(DEFINITIONS / "jacks_or_better.cp")).analyze("9/6")
    merged = (analysis.combinations[0] + analysis.combinations[1],) + analysis.combinations[2:]
    assert [Fraction(c, analysis.total) for c in merged] == list(unordered.probabilities)
    assert analysis.deal_counts[:2] == (4, 4 * 120 - 4)


@pytest.mark.parametrize("reverse, dealt", [(False, False), (True, False), (False, True), (True, True)])
def test_whole_game_equals_brute_force_on_a_ten_card_deck(tmp_path, reverse, dealt):
    small = small_ordered_game(tmp_path, reverse=reverse, ten_to_ace=True, dealt=dealt)
    assert small.n_cards == 10
    assert len(small.position_dependent) == (2 if reverse else 1)
    assert_analysis_equals_brute_force(small)


@pytest.mark.parametrize("seed", range(3))
def test_holds_equal_brute_force_on_a_twelve_card_deck(tmp_path, seed):
    small = small_ordered_game(tmp_path, reverse=True, ten_to_ace=False)
    names = [small.card_name(c) for c in range(small.n_cards)]
    rng = random.Random(seed)
    royal = ["Th", "Jh", "Qh", "Kh", "Ah"]
    deal = [royal[0], royal[1]] + rng.sample([c for c in names if c not in royal[:2]], 3)
    if seed:
        deal = rng.sample(names, 5)
    result = small.hold(deal)
    assert [o.ev for o in result.options] == ordered_hold_values(small, small.paytable(), deal)


@pytest.mark.parametrize("deal", ["Th Jh 2c 3d 9s", "Jh Th 2c 3d 9s"])
def test_holds_equal_the_engines_ordered_completion(poker, deal):
    cards = deal.split()
    result = poker.hold(cards)
    game, table = poker.game, poker.paytable()
    dealt = game.parse_hand(cards)
    for mask in (3, 19, 31):  # two tens-and-jacks kept (at home or swapped), three, all five
        held = {i: dealt[i] for i in range(5) if mask >> i & 1}
        total = sum(table.pays[k] * complete(game, game.paid_form(name), held, dealt)
                    for k, name in enumerate(game.category_names))
        assert result.options[mask].ev == Fraction(total, perm(47, 5 - len(held)))
    sequential = result.options[3].counts[0]
    assert sequential == (1 if cards[0] == "Th" else 0)


@pytest.mark.parametrize("deal, best", [
    ("Kc Jd Js Kd Ad", "Jd Kd Ad"),      # three to the sequential royal, each at its place
    ("Ad Jd Js Kd Kc", "Jd Js Kd Kc"),   # the same cards otherwise: keep the two pair
])
def test_royal_cards_at_their_places_change_the_play(poker, deal, best):
    chosen = poker.hold(deal.split()).best_option.held
    assert sorted(poker.card_name(c) for c in chosen) == sorted(best.split())


def test_cli_analyze_and_hold_report_ordered_figures(capsys):
    assert main(["analyze", PATH, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ordered"] and report["total_combinations"] == perm(52, 5) * perm(47, 5)
    assert report["categories"][0]["name"] == "SequentialRoyal"
    assert main(["hold", PATH, "Th", "Jh", "Qh", "Kh", "Ah", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)["best"]
    assert best["held"] == ["Th", "Jh", "Qh", "Kh", "Ah"] and best["ev"] == 10000


def test_a_category_on_too_many_ordered_hands_is_a_clear_error(tmp_path, capsys):
    text = Path(PATH).read_text(encoding="utf-8")
    text = text.replace("SequentialRoyal = δC1F,Ten * δC2F,Jack * δC3F,Queen * δC4F,King * δC5F,Ace * Flush",
                        "SequentialRoyal = δC1F,Ace * Flush")
    path = tmp_path / "ace_first.cp"
    path.write_text(text, encoding="utf-8")
    assert main(["analyze", str(path)]) == 2
    err = capsys.readouterr().err
    assert "SequentialRoyal" in err and "ordered hands" in err and "Traceback" not in err


def test_witnesses_come_from_the_cache_in_a_new_session(poker, monkeypatch):
    first = poker.ordered_hands
    assert first is not None

    def no_search(*args, **kwargs):
        raise AssertionError("searched again")

    monkeypatch.setattr("cpoly.games.videopoker.prepare.witnesses.position_dependent", no_search)
    again = VideoPoker.load(PATH).ordered_hands
    assert again is not None and again.names == first.names
    assert (again.cards == first.cards).all() and (again.category == first.category).all()
