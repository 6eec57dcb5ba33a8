"""Known hands without NumPy (:mod:`cpoly.games.holdem.knownhands`): the same counts as the
vectorised holdings method on random known-hand questions (Hold'em and short deck, any street, dead
cards, with and without flushes), the same as listing every board on a small deck, and chosen by
the planner, from the command line and the API alike, only where NumPy is not loaded yet."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpoly.games.holdem import planner
from cpoly.games.holdem.boards import strength_table
from cpoly.games.holdem.deal import make_deal
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import evaluate
from cpoly.games.holdem.gamefile import DEFAULT_GAME, default_rules, rules_of
from cpoly.games.holdem.holding import holding_tally
from cpoly.games.holdem.knownhands import known_hands_price, known_hands_tally
from cpoly.games.holdem.planner import MONTE_CARLO, Method, MethodSet, PlainWording, Price, Request
from cpoly.games.holdem.results import counts_of
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import Tally, tally_showdowns
from tests.conftest import ROOT

SHORT_DECK = DEFAULT_GAME.parent / "short_deck.cp"


@st.composite
def known_questions(draw: st.DrawFn) -> tuple[GameRules, list[tuple[int, ...]], tuple[int, ...], tuple[int, ...], bool]:
    """A game, 2 to 4 known hands, a board of 0, 3, 4 or 5 cards, 0 to 2 dead cards, flushes or not;
    one question in three deals its board cards from one suit first (flushes made often)."""
    rules = rules_of(SHORT_DECK) if draw(st.booleans()) else default_rules()
    deck = list(draw(st.permutations(rules.deck)))
    if draw(st.integers(0, 2)) == 0:
        deck.sort(key=lambda card: card % 4 != 1)  # hearts first, still shuffled
    players, board, dead = draw(st.integers(2, 4)), draw(st.sampled_from([0, 3, 4, 5])), draw(st.integers(0, 2))
    hands = [tuple(deck[board + 2 * p: board + 2 * p + 2]) for p in range(players)]
    rest = deck[board + 2 * players:]
    return rules, hands, tuple(deck[:board]), tuple(rest[:dead]), draw(st.booleans())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(known_questions())
def test_known_hands_count_as_the_holdings_method(
        question: tuple[GameRules, list[tuple[int, ...]], tuple[int, ...], tuple[int, ...], bool]) -> None:
    rules, hands, board, dead, flushes = question
    expected = counts_of(holding_tally(hands, board, dead, flushes, rules))
    assert known_hands_tally(hands, board, dead, rules, flushes) == expected


def _every_board(holes: list[tuple[int, ...]], dead: tuple[int, ...], rules: GameRules) -> Tally:
    """Every five-card board of the cards left, listed and evaluated."""
    used = {c for h in holes for c in h} | set(dead)
    deck = np.array([c for c in rules.deck if c not in used])
    boards = deck[np.array(list(combinations(range(len(deck)), 5)))]
    strengths = np.stack([evaluate(np.concatenate([np.broadcast_to(h, (len(boards), 2)), boards], axis=1), rules)
                          for h in holes], axis=1)
    return tally_showdowns(strengths, np.ones(len(boards), dtype=np.int64), rules)


@pytest.mark.parametrize(("hands", "dead"), [
    (["AsAh", "KsKh"], ()),
    (["AhKh", "9s9d", "7c6c"], ("Th", "8h")),
])
def test_short_deck_preflop_as_listing_every_board(hands: list[str], dead: tuple[str, ...]) -> None:
    """Short deck preflop (201,376 boards for two hands): the brute-force oracle."""
    rules = rules_of(SHORT_DECK)
    deal = make_deal(hands, dead=" ".join(dead), rules=rules)
    holes = [r[0] for r in deal.ranges]
    expected = counts_of(_every_board(holes, deal.dead, rules))
    assert known_hands_tally(holes, (), deal.dead, rules) == expected


def test_the_price_refuses_ranges_and_a_cold_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert known_hands_price(make_deal(["AsAh", "KK"]), Request()).refusal == "every hand must be known (two cards each)"
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    cold = known_hands_price(make_deal(["AsAh", "KsKh"]), Request())
    assert cold.refusal == "the game's strength table is not in the store yet"
    strength_table.cache_clear()  # this process's table, kept in another cache folder
    equity(["AsAh", "KsKh"], exact=True)  # the vectorised method keeps the table
    warm = known_hands_price(make_deal(["AsAh", "KsKh"]), Request())
    assert warm.refusal is None and warm.seconds < 0.1


def _fresh(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python -c argv[0] argv[1:]`` in a fresh process with the cache folder ``tmp_path``."""
    env = {**os.environ, "CPOLY_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    env.pop("CPOLY_NO_CACHE", None)
    return subprocess.run([sys.executable, "-c", *argv], env=env, capture_output=True, text=True, check=True,
                          cwd=ROOT)


_CLI = ("import sys\n"
        "from cpoly.cli.main import main\n"
        "code = main(['equity', *sys.argv[1:]])\n"
        "print('numpy' in sys.modules, file=sys.stderr)\n"
        "sys.exit(code)\n")


@pytest.mark.parametrize("question", [
    ["AsAh", "KsKh", "--exact"],
    ["AcKc", "AdKd", "Td4c", "--json"],
    ["AsAh", "KsKh", "--game", "definitions/short_deck.cp", "--board", "6c7d9h", "--json"],
])
def test_a_warm_known_hands_question_imports_no_numpy(tmp_path: Path, question: list[str]) -> None:
    """Cold, the vectorised method runs (it loads NumPy and keeps the table); warm, known hands
    runs without NumPy and prints the same tables (only the method's name and price differ).
    A postflop question reads the preflop table, kept by a first preflop question."""
    game = question[question.index("--game"):question.index("--game") + 2] if "--game" in question else []
    cold = _fresh(tmp_path, _CLI, *question)
    if "--board" in question:
        _fresh(tmp_path, _CLI, "AsAh", "KsKh", "--exact", *game)
    warm = _fresh(tmp_path, _CLI, *question)
    assert cold.stderr.split()[-1] == "True" and warm.stderr.split()[-1] == "False"
    if "--json" in question:
        before, after = json.loads(cold.stdout), json.loads(warm.stdout)
        assert "known hands" in after.pop("method_reason") and "known hands" not in before.pop("method_reason")
        assert after == before
    else:
        assert warm.stdout.splitlines()[:-1] == cold.stdout.splitlines()[:-1]
        assert warm.stdout.splitlines()[-1].startswith("method: exact (known hands method, about ")


def test_the_api_chooses_as_the_command_line(tmp_path: Path) -> None:
    """The API plans as the command line does: without NumPy loaded, known hands; with it, the
    vectorised holdings method (which is faster once NumPy is loaded)."""
    ask = ("import sys\n"
           "if sys.argv[1] == 'numpy':\n"
           "    import numpy\n"
           "from cpoly.games.holdem import equity\n"
           "result = equity(['AsAh', 'KsKh'])\n"
           "print(result.method_reason.split(' method')[0], result.players[0].equity_exact)\n")
    _fresh(tmp_path, ask, "numpy")  # keeps the table
    assert _fresh(tmp_path, ask, "plain").stdout.split() == ["exact", "(known", "hands", "707495/856152"]
    assert _fresh(tmp_path, ask, "numpy").stdout.split() == ["exact", "(holdings", "707495/856152"]


def _priced(name: str, seconds: float, numpy: bool, asked: list[str]) -> Method:
    """A method that only records that it was priced (it refuses at an infinite price)."""
    def price(deal: object, request: object) -> Price:
        asked.append(name)
        return Price(name, seconds, 0, "refused" if seconds == float("inf") else None)

    def run(*args: object) -> object:
        raise AssertionError("the planner only prices")

    return Method(name, price, run, numpy=numpy)  # type: ignore[arg-type]


@pytest.mark.parametrize(("loaded", "plain", "vectorised", "chosen", "priced"), [
    (False, 0.05, 0.01, "plain", ["plain"]),               # within NumPy's import: the others never priced
    (False, 0.15, 0.02, "vectorised", ["plain", "vectorised"]),  # 0.02 + 0.1 import < 0.15
    (False, 0.15, 0.08, "plain", ["plain", "vectorised"]),       # 0.08 + 0.1 import > 0.15
    (True, 0.05, 0.01, "vectorised", ["vectorised"]),            # NumPy loaded: plain only as a fallback
    (True, 0.05, float("inf"), "plain", ["vectorised", "plain"]),  # the vectorised one refuses
])
def test_numpy_methods_pay_for_its_import_until_it_is_loaded(
        monkeypatch: pytest.MonkeyPatch, loaded: bool, plain: float, vectorised: float, chosen: str,
        priced: list[str]) -> None:
    monkeypatch.setattr(planner, "numpy_loaded", lambda: loaded)
    monkeypatch.setattr(planner, "LEDGER", planner.ImportLedger())
    asked: list[str] = []
    methods = MethodSet((_priced("vectorised", vectorised, True, asked), _priced("plain", plain, False, asked)),
                        _priced(MONTE_CARLO, 0.0, True, asked), PlainWording())
    plan = planner.plan_method(make_deal(["AsAh", "KsKh"]), Request(exact=True), methods)
    assert plan.method == chosen and asked == priced
    seconds = {"plain": plain, "vectorised": vectorised}[chosen]
    assert f"about {planner.seconds_text(seconds)} s predicted" in plan.reason  # the method's own price


def test_numpy_is_loaded_once_the_plain_method_has_cost_its_import(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process asking many questions: the method without NumPy is planned until its predicted
    seconds reach NumPy's import, then the methods are compared at their own prices."""
    monkeypatch.setattr(planner, "numpy_loaded", lambda: False)
    monkeypatch.setattr(planner, "LEDGER", planner.ImportLedger())
    methods = MethodSet((_priced("vectorised", 0.01, True, []), _priced("plain", 0.04, False, [])),
                        _priced(MONTE_CARLO, 0.0, True, []), PlainWording())
    chosen = [planner.plan_method(make_deal(["AsAh", "KsKh"]), Request(exact=True), methods).method
              for _ in range(5)]
    assert chosen == ["plain"] * 3 + ["vectorised"] * 2  # 3 x 0.04 >= 0.1: the import is paid for


def test_a_process_asking_often_loads_numpy_with_the_same_answers(tmp_path: Path) -> None:
    """In a fresh process, the first questions are counted without NumPy, the later ones by the
    vectorised holdings method once known hands have cost NumPy's import: the same answers."""
    ask = ("import sys\n"
           "from cpoly.games.holdem import equity\n"
           "for _ in range(4):\n"
           "    result = equity(sys.argv[1:], exact=True)\n"
           "    print(result.method_reason.split(' method')[0].split('(')[1],\n"
           "          *(p.equity_exact for p in result.players), sep='/')\n")
    _fresh(tmp_path, ask, "AsAh", "KsKh")  # keeps the table
    lines = _fresh(tmp_path, ask, "AcKc", "AdKd", "Td4c").stdout.splitlines()
    methods = [line.split("/")[0] for line in lines]
    assert methods[0] == "known hands" and methods[-1] == "holdings"
    assert len({line.split("/", 1)[1] for line in lines}) == 1
