"""Video poker end to end from the .cp file: categories from the engine, published figures,
autohold against the engine's completion function and brute-force draws, the CLI contract."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from cpoly.api import complete
from cpoly.cli.main import main
from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import DEFINITIONS

JACKS = str(DEFINITIONS / "jacks_or_better.cp")

# ../shared/reference/published_figures.md: 9/6 Jacks or Better, optimal play
PUBLISHED_9_6 = [493_512_264, 2_178_883_296, 47_093_167_764, 229_475_482_596, 219_554_786_160,
                 223_837_565_784, 1_484_003_070_324, 2_576_946_164_148, 4_277_372_890_968,
                 10_872_274_993_896]


@pytest.fixture(scope="module")
def jacks() -> VideoPoker:
    return VideoPoker.load(JACKS)


def test_nine_six_reproduces_the_published_table(jacks):
    analysis = jacks.analyze("9/6")
    assert list(analysis.combinations) == PUBLISHED_9_6
    assert analysis.total == 19_933_230_517_200
    assert round(float(analysis.expected_return), 6) == 0.995439


def test_eight_five_returns_published_figure(jacks):
    assert round(float(jacks.analyze("8/5").expected_return), 6) == 0.972984


def test_deal_counts_match_the_counting_engine(jacks):
    from cpoly.api import deal_table

    paid = [row.paid_ways for row in deal_table(jacks.game).rows]
    assert list(jacks.analyze("9/6").deal_counts[:-1]) == paid


@pytest.mark.parametrize("seed", range(3))
def test_autohold_counts_equal_engine_completion(jacks, seed):
    """Tables + inclusion-exclusion over classified hands vs pattern counting with held cards
    fixed: two independent paths through the engine."""
    rng = random.Random(seed)
    deck = [(f, s) for f in range(13) for s in range(4)]
    deal = rng.sample(deck, 5)
    texts = [jacks.game.format(c) for c in deal]
    result = jacks.hold(texts, "9/6")
    for mask in rng.sample(range(32), 6):
        held = {i: deal[i] for i in range(5) if mask >> i & 1}
        expected = [complete(jacks.game, jacks.game.paid_form(n), held, deal)
                    for n in jacks.game.category_names]
        assert list(result.options[mask].counts[:-1]) == expected, (texts, mask)


def test_best_hold_of_a_dealt_royal_keeps_everything(jacks):
    result = jacks.hold("Ah Kh Qh Jh Th".split(), "9/6")
    assert result.best == 31 and result.best_option.ev == 800


def test_hold_json_contract(capsys):
    assert main(["hold", JACKS, "Ah", "Kh", "Qh", "Jh", "2c", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["paytable"] == "9/6" and len(payload["holds"]) == 32
    assert payload["best"]["held"] == ["Ah", "Kh", "Qh", "Jh"]
    assert Fraction(payload["best"]["ev_exact"]) == Fraction(872, 47)
    assert payload["holds"][0]["outcomes"]["RoyalFlush"] == 1
    evs = [Fraction(h["ev_exact"]) for h in payload["holds"]]
    assert evs[0] == max(evs)


def test_analyze_json_contract(capsys):
    assert main(["analyze", JACKS, "--paytable", "9/6", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["total_combinations"] == 19_933_230_517_200
    assert [c["combinations"] for c in payload["categories"]] == PUBLISHED_9_6
    assert payload["categories"][-1]["name"] == "Nothing"
    assert Fraction(payload["return_exact"]) == Fraction(1653526326983, 1661102543100)


def test_paytables_json(capsys):
    assert main(["paytables", JACKS, "--json"]) == 0
    tables = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in tables] == ["9/6", "9/5", "8/6", "8/5", "7/5", "6/5"]
    assert tables[3]["pays"]["FullHouse"] == 8 and tables[3]["pays"]["Flush"] == 5


@pytest.mark.parametrize("argv, message", [
    (["hold", JACKS, "Ah", "Kh", "Qh", "Jh"], "has 5 cards, not 4"),
    (["hold", JACKS, "Ah", "Kh", "Qh", "Jh", "Ah"], "duplicate card 'Ah'"),
    (["hold", JACKS, "Ah", "Kh", "Qh", "Jh", "1h"], "bad card '1h'"),
    (["hold", JACKS, "Ah", "Kh", "Qh", "Jh", "2c", "--paytable", "10/7"], "unknown pay table '10/7'"),
    (["analyze", JACKS, "--paytable", "nine-six"], "unknown pay table 'nine-six'"),
])
def test_bad_requests_exit_2(argv, message, capsys):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and "Traceback" not in err


def test_double_deck_hold_lists_each_choice_once(capsys):
    """With two decks, keeping one Ah or the other is one choice: 3 x 2^3 distinct holds."""
    path = str(DEFINITIONS / "double_deck_jacks.cp")
    assert main(["hold", path, "Ah", "Ah", "Kd", "Qc", "2s", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert len(payload["holds"]) == 24
    assert payload["best"]["held"] == ["Ah", "Ah"]
    assert Fraction(payload["best"]["ev_exact"]) == Fraction(296551, 156849)
