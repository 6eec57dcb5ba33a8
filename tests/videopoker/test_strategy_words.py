"""Strategy charts in a player's words: the order of the main lines against the Wizard of Odds'
published charts, published returns of charts written in words, a chart played by hand on a
small deck (an independent oracle: card rules written here in plain Python, every deal, every
hold's EV by ``hold``), chart-file errors and the ``--chart`` JSON contract."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from cpoly.cli.main import main
from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.strategy import build_strategy
from cpoly.games.videopoker.strategy.chart import chart_of, collect
from cpoly.games.videopoker.strategy.chartfile import parse_chart
from cpoly.games.videopoker.strategy.wordchart import play_words
from tests.conftest import DEFINITIONS

ROOT = Path(__file__).resolve().parents[2]
SMALL = str(ROOT / "tests" / "fixtures" / "small_poker.cp")
JACKS = str(DEFINITIONS / "jacks_or_better.cp")
DEUCES = str(DEFINITIONS / "deuces_wild.cp")


def _position(lines: list[str], text: str) -> int:
    return next(i for i, line in enumerate(lines) if line == text or text in line.split(" or "))


@pytest.fixture(scope="module")
def jacks_data():
    return collect(VideoPoker.load(JACKS), "9/6")


@pytest.fixture(scope="module")
def jacks_words(jacks_data) -> list[str]:
    return [line.text for line in chart_of(jacks_data, 40).words.lines]


def test_jacks_96_main_lines_in_the_published_order(jacks_words):
    # Wizard of Odds, Jacks or Better 9/6 (simple and intermediate strategies,
    # wizardofodds.com/games/video-poker/strategy/jacks-or-better/9-6/simple/): 4 to a royal
    # above 4 to a straight flush above two pair, high pair, 3 to a royal, 4 to a flush, low
    # pair, 4 to an outside straight, suited QJ, 2 unsuited high cards (QJ, KQJ), one high card
    main = ["royal flush", "four of a kind", "4 to a royal flush", "4 to a straight flush", "high pair",
            "3 to a royal flush", "4 to a flush", "low pair", "4 to an outside straight", "suited QJ",
            "KQJ unsuited", "QJ unsuited", "one high card", "draw five"]
    positions = [_position(jacks_words, text) for text in main]
    assert positions == sorted(positions), list(zip(main, positions))
    assert _position(jacks_words, "two pair") < _position(jacks_words, "high pair")


def test_jacks_words_chart_is_near_optimal(jacks_data, jacks_words):
    data = jacks_data
    chart = play_words(data, parse_chart("\n".join(jacks_words), "own.txt", data.vocabulary))
    # the optimal strategy's own lines, read back from their words: within 0.01 % of optimal
    assert chart.optimal_return - chart.chart_return < Fraction(1, 10**4)
    assert chart.unmatched_deals == 0


def test_published_simple_charts_return_the_published_figures(jacks_data):
    jacks = jacks_data
    simple = (ROOT / "examples" / "charts" / "jacks_or_better_simple.txt").read_text()
    played = play_words(jacks, parse_chart(simple, "simple.txt", jacks.vocabulary))
    # WoO: the simple strategy returns 99.46 %, one bet lost every 1,178 hands
    assert round(float(played.chart_return) * 100, 2) == 99.46
    assert 1150 < 1 / played.cost < 1210
    deuces = collect(VideoPoker.load(DEUCES), "full pay")
    card = (ROOT / "examples" / "charts" / "deuces_wild.txt").read_text()
    played = play_words(deuces, parse_chart(card, "card.txt", deuces.vocabulary))
    # WoO's Deuces Wild strategy card: 100.71 % (our reading of its rules: 100.699 %)
    assert abs(float(played.chart_return) - 1.0071) < 2e-4


def test_deuces_main_lines_in_the_published_order():
    # WoO's Deuces Wild full-pay strategy by deuces: 4 deuces; 3 deuces (only a wild royal or
    # five of a kind beats them); with none, 4 to a royal above low pair above 4 to a flush
    # above 4 to an outside straight
    chart = build_strategy(VideoPoker.load(DEUCES), "full pay", 40)
    lines = [line.text for line in chart.words.lines]
    assert _position(lines, "four deuces") < _position(lines, "three deuces") < _position(lines, "two deuces")
    assert _position(lines, "two deuces") < _position(lines, "one deuce")
    main = ["4 to a natural royal flush, no deuces", "low pair", "4 to a flush, no deuces",
            "4 to an outside straight, no deuces", "draw five"]
    positions = [_position(lines, text) for text in main]
    assert positions == sorted(positions), list(zip(main, positions))


# ---- the small deck, played by hand --------------------------------------------------------
RANKS = "9TJQKA"


def _by_hand(cards: list[str], held: tuple[str, ...]) -> set[str]:
    """The rules of the bad chart below a hold satisfies, from the cards alone."""
    faces = sorted((RANKS.index(c[0]) for c in held), reverse=True)
    suits = {c[1] for c in held}
    names = set()
    counts = sorted((faces.count(f) for f in set(faces)), reverse=True)
    if len(held) == 2 and counts == [2] and faces[0] < RANKS.index("J"):
        names.add("low pair")
    if len(held) == 2 and counts == [2] and faces[0] >= RANKS.index("J"):
        names.add("high pair")
    if len(held) == 4 and counts == [2, 2]:
        names.add("two pair")
    if len(held) == 2 and len(suits) == 1 and all(f >= RANKS.index("J") for f in faces):
        names.add("2 suited high cards")
    if len(held) == 1 and faces[0] >= RANKS.index("J"):
        names.add("one high card")
    if not held:
        names.add("draw five")
    return names


BAD_CHART = "one high card\n2 suited high cards\nhigh pair\n"   # no line for 9s and Ts alone


def test_a_bad_chart_costs_what_playing_it_by_hand_costs():
    poker = VideoPoker.load(SMALL)
    data = collect(poker)
    played = play_words(data, parse_chart(BAD_CHART, "bad.txt", data.vocabulary))
    rules = [line for line in BAD_CHART.splitlines()]
    deck = [r + s for r in RANKS for s in "hdc"]
    total, deals_per_rule, unmatched = Fraction(0), dict.fromkeys(rules, 0), 0
    for deal in combinations(deck, 5):
        result = poker.hold(list(deal))
        options = {tuple(poker.card_name(c) for c in option.held): option.ev for option in result.options}
        for rule in rules:
            evs = [ev for held, ev in options.items() if rule in _by_hand(list(deal), held)]
            if evs:
                total += max(evs)
                deals_per_rule[rule] += 1
                break
        else:
            total += options[()]
            unmatched += 1
    assert played.chart_return == total / 8568
    assert [line.deals for line in played.lines] == [deals_per_rule[rule] for rule in rules]
    assert played.unmatched_deals == unmatched > 0
    assert played.cost > 0


# ---- chart files and the command -----------------------------------------------------------
def test_a_line_that_does_not_read_is_an_error_with_a_caret(tmp_path, capsys):
    chart = tmp_path / "mine.txt"
    chart.write_text("# mine\nlow pair\n4 to a royal flush or 3 to a stright flush\n")
    assert main(["strategy", SMALL, "--chart", str(chart)]) == 2
    err = capsys.readouterr().err
    assert f"{chart}:3:30: error: unknown category 'stright flush'" in err
    assert err.splitlines()[-1] == " " * 31 + "^"
    assert "Traceback" not in err


def test_an_unknown_qualifier_points_at_it():
    data = collect(VideoPoker.load(SMALL))
    with pytest.raises(CpolyError) as caught:
        parse_chart("low pair\n4 to a flush, 2 hig cards\n", "c.txt", data.vocabulary)
    assert caught.value.span is not None and (caught.value.span.line, caught.value.span.column) == (2, 15)


def test_chart_json_says_what_no_rule_matches(tmp_path, capsys):
    chart = tmp_path / "bad.txt"
    chart.write_text(BAD_CHART)
    assert main(["strategy", SMALL, "--chart", str(chart), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [line["words"] for line in out["lines"]] == BAD_CHART.splitlines()
    assert out["unmatched"]["deals"] > 0 and out["unmatched"]["play"] == "draw five"
    assert Fraction(out["chart_return_exact"]) + Fraction(out["cost_exact"]) == Fraction(out["optimal_return_exact"])
    lost = sum((Fraction(line["cost_exact"]) for line in out["lines"]), Fraction(out["unmatched"]["cost_exact"]))
    assert lost == Fraction(out["cost_exact"])


def test_strategy_json_keeps_the_engine_terms_and_adds_words(capsys):
    assert main(["strategy", SMALL, "--lines", "12", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["lines"][0]["pattern"] == "a RoyalFlush (hold its best cards)"
    assert out["lines"][0]["words"] == "royal flush"
    assert out["words"]["lines"][0]["words"] == "royal flush"
