"""Random ``cpoly analyze --json`` runs on small decks against an independent brute force
(issue 35): every figure, exactly.

Each run draws a copy of ``tests/fixtures/small_poker.cp`` (18 cards) and of a 15-card version of
it (the Nine taken out) with random pay tables appended (integer pays, some with a ``dealt``
pay) and sometimes a ``tie_rule`` statement, then random commands: a table, a ``--tie-rule``,
``--pay NAME=VALUE`` changes (integers, negatives, ``5/2``, ``2.5``), and ``--play-as OTHER`` or
``--plays N ...``.  The brute force (:mod:`tests.hostile.bruteforce`: its own classifier, every
deal, hold and draw, tie rules written out) gives the return, variance, standard deviation, hit
frequency, each category's pay, combinations, probability and return, the deals by category,
the tied deals, the multi-play variances and the play-as optimal return and cost; the command's
JSON must equal them (exact strings as Fractions, floats as the Fractions rounded), and say
nothing else.  The seed is printed in every failure (``CPOLY_HOSTILE_SEED=N`` replays one).
"""

from __future__ import annotations

import io
import json
import math
import random
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cpoly.cli.main import main
from tests.conftest import FIXTURES
from tests.hostile.bruteforce import CATEGORIES, TIE_RULES, Figures, HoldSums, Pays, SmallDeck, choose
from tests.hostile.seed import SEED, replay

SMALL = FIXTURES / "small_poker.cp"
NAMED = CATEGORIES[:-1]  # the categories a pay table names ("Nothing" pays 0)
TABLES = ("t0", "t1", "t2")
#: Random cases per deck.  On 15 cards (no Nine) the one straight window is Ten-Ace, so every
#: straight flush is a royal: that game is refused by the never-paid lint (checked below against
#: the brute force's own categories), and its random cases run on 18 cards.
CASES_PER_DECK = {18: 18}
#: small_poker.cp without the Nine: Ten..Ace, one straight (its edits, each checked to apply).
WITHOUT_NINE = (("Nine = 0\nTen = 1\nJack = 2\nQueen = 3\nKing = 4\nAce = 5\nFaces = 6",
                 "Ten = 0\nJack = 1\nQueen = 2\nKing = 3\nAce = 4\nFaces = 5"),
                ("sum(w in Nine..Ten)", "sum(w in Ten..Ten)"), ('ranks "9TJQKA"', 'ranks "TJQKA"'))


@dataclass
class Game:
    """A game file written for this run: its deck's brute force, its tables and tie rule."""

    path: Path
    deck: SmallDeck
    tables: dict[str, Pays]
    statement: str | None
    declared_dealt: dict[str, set[str]] = field(default_factory=dict)


def _table(rng: random.Random) -> tuple[str, Pays, set[str]]:
    """A random table: its text after the name, its pays, the categories with a dealt pay."""
    drawn = [rng.choice([0, 0, rng.randrange(1, 12), rng.randrange(1, 300)]) for _ in NAMED]
    dealt = {name: rng.randrange(0, 400) for name in rng.sample(NAMED, rng.choice([0, 0, 1, 2]))}
    text = ", ".join(f"{name} {pay}" + (f" dealt {dealt[name]}" if name in dealt else "")
                     for name, pay in zip(NAMED, drawn))
    pays = Pays(tuple(Fraction(p) for p in drawn + [0]),
                tuple(Fraction(dealt.get(name, pay)) for name, pay in zip(NAMED, drawn)) + (Fraction(0),))
    return text, pays, set(dealt)


def _write_game(directory: Path, faces: int, rng: random.Random) -> Game:
    text = SMALL.read_text()
    if faces == 5:
        for old, new in WITHOUT_NINE:
            assert old in text, f"{SMALL} changed: {old!r} not found"
            text = text.replace(old, new)
    game = Game(directory / f"small_{faces * 3}.cp", SmallDeck.enumerate(faces, 3), {}, rng.choice([None, *TIE_RULES]))
    for name in TABLES:
        line, game.tables[name], game.declared_dealt[name] = _table(rng)
        text += f'paytable "{name}": {line}\n'
    if game.statement:
        text += f"tie_rule {game.statement}\n"
    game.path.write_text(text)
    return game


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Game]:
    rng = random.Random(SEED)
    directory = tmp_path_factory.mktemp("random-analyze")
    return {faces * 3: _write_game(directory, faces, rng) for faces in (5, 6)}


# ---- a random command and what it must print ------------------------------------------------------
@dataclass
class Case:
    table: str
    rule_flag: str | None
    changes: dict[str, Fraction]
    play_as: str | None
    plays: list[int]

    def arguments(self, game: Game) -> list[str]:
        words = ["analyze", str(game.path), "--json", "--paytable", self.table]
        if self.rule_flag:
            words += ["--tie-rule", self.rule_flag]
        if self.changes:
            words += ["--pay", *(f"{name}={_written(value)}" for name, value in self.changes.items())]
        if self.play_as:
            words += ["--play-as", self.play_as]
        if self.plays:
            words += ["--plays", *map(str, self.plays)]
        return words


def _written(value: Fraction) -> str:
    """A pay as a user might write it: ``5/2``, ``2.5``, ``-3``."""
    return str(value.numerator / 2) if value.denominator == 2 and value.numerator % 4 == 1 else str(value)


def _random_case(rng: random.Random) -> Case:
    changes = {name: Fraction(rng.randrange(-60, 400), rng.choice([1, 1, 2, 3, 4]))
               for name in rng.sample(NAMED, rng.choice([0, 1, 2, 3]))}
    mode = rng.choice(["plain", "play-as", "plays"])
    plays = sorted(rng.sample(range(1, 101), rng.randrange(1, 4))) if mode == "plays" else []
    return Case(rng.choice(TABLES), rng.choice([None, *TIE_RULES]), changes,
                rng.choice(TABLES) if mode == "play-as" else None, plays)


def _changed(game: Game, case: Case) -> Pays:
    """The table analysed: ``--pay`` changes both pays unless the table declares a dealt one."""
    base = game.tables[case.table]
    drawn, dealt = list(base.drawn), list(base.dealt)
    for name, value in case.changes.items():
        c = CATEGORIES.index(name)
        drawn[c] = value
        if name not in game.declared_dealt[case.table]:
            dealt[c] = value
    return Pays(tuple(drawn), tuple(dealt))


def expected_json(game: Game, case: Case) -> dict[str, Any]:
    """Every figure the command must print, from the brute force."""
    rule = case.rule_flag or game.statement or "rank-order"
    priced = HoldSums.of(game.deck, _changed(game, case))
    strategy = HoldSums.of(game.deck, game.tables[case.play_as]) if case.play_as else priced
    holds, tied = choose(game.deck, strategy, rule)
    figures = Figures.of(game.deck, holds, priced)
    drawn = _changed(game, case).drawn
    answer: dict[str, Any] = {
        "return": float(figures.expected_return), "return_exact": figures.expected_return,
        "variance": float(figures.variance), "standard_deviation": math.sqrt(figures.variance),
        "hit_frequency": float(figures.hit_frequency), "total_combinations": figures.total,
        "ordered": False, "tie_rule": rule, "tied_deals": tied,
        "categories": [{"name": name, "pays": int(pay) if pay.denominator == 1 else float(pay),
                        "combinations": n, "probability": float(Fraction(n, figures.total)),
                        "return": float(part)}
                       for name, pay, n, part in zip(CATEGORIES, drawn, figures.combinations, figures.contributions)],
        "deal": dict(zip(CATEGORIES, figures.deal_counts))}
    if case.play_as:
        optimal = Figures.of(game.deck, choose(game.deck, priced, rule)[0], priced).expected_return
        cost = optimal - figures.expected_return
        answer["play_as"] = {"strategy_of": case.play_as, "optimal_return": float(optimal),
                             "optimal_return_exact": optimal, "cost": float(cost), "cost_exact": cost}
    if case.plays:
        answer["multiplay"] = _multiplay(figures, case.plays)
    return answer


def _multiplay(figures: Figures, plays: list[int]) -> dict[str, Any]:
    deal, draw = figures.deal_variance, figures.draw_variance
    rows = []
    for n in plays:
        per_bet, per_line = deal + draw / n, n * deal + draw
        rows.append({"plays": n, "variance_per_bet": float(per_bet), "variance_per_bet_exact": per_bet,
                     "standard_deviation_per_bet": math.sqrt(per_bet), "variance_per_line": float(per_line),
                     "variance_per_line_exact": per_line, "standard_deviation_per_line": math.sqrt(per_line)})
    return {"deal_variance": float(deal), "deal_variance_exact": deal, "draw_variance": float(draw),
            "draw_variance_exact": draw, "plays": rows}


# ---- the command's answer -------------------------------------------------------------------------
def analyze(arguments: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(arguments)
    return code, out.getvalue(), err.getvalue()


def _exact(found: Any) -> Any:
    """The JSON with every ``*_exact`` string read as a Fraction."""
    if isinstance(found, dict):
        return {key: Fraction(value) if key.endswith("_exact") else _exact(value) for key, value in found.items()}
    if isinstance(found, list):
        return [_exact(item) for item in found]
    return found


def _descriptions(found: dict[str, Any], game: Game, case: Case) -> None:
    """The words around the figures (checked here, then removed): the table's name and its pay
    changes, and where the tie rule comes from."""
    table = found.pop("paytable")
    assert table.startswith(case.table) and all(name in table for name in case.changes), table
    if "pay_changes" in found:  # (--play-as names them in the table's name only)
        assert {name: Fraction(value) for name, value in found.pop("pay_changes").items()} == case.changes
    origin = found.pop("tie_rule_from")
    if case.rule_flag:
        assert origin == "--tie-rule"
    elif game.statement:
        assert origin.startswith(str(game.path))
    else:
        assert origin == "cpoly's default"


@pytest.mark.parametrize("cards", sorted(CASES_PER_DECK))
def test_random_analyze_equals_the_brute_force_exactly(games: dict[int, Game], cards: int) -> None:
    game = games[cards]
    rng = random.Random(SEED + cards)
    for _ in range(CASES_PER_DECK[cards]):
        case = _random_case(rng)
        arguments = case.arguments(game)
        where = replay(f"{cards} cards, tie_rule statement {game.statement}, "
                       f"tables {game.path.read_text().splitlines()[-4:]}; cpoly {' '.join(arguments)}")
        code, out, err = analyze(arguments)
        assert code == 0, (where, out, err)
        found = _exact(json.loads(out))
        _descriptions(found, game, case)
        assert found == expected_json(game, case), where


def test_a_deck_without_nines_is_refused_for_its_straight_flush(games: dict[int, Game]) -> None:
    """The brute force finds straight flushes on 15 cards and every one of them a royal flush; the
    analysis names that category and the one listed before it, at its name."""
    deck = games[15].deck
    dealt = deck.outcomes[:, 31]  # hold all five: the dealt hand's category
    straight_flushes = int(dealt[:, CATEGORIES.index("StraightFlush")].sum())
    assert straight_flushes == 0 and int(dealt[:, CATEGORIES.index("RoyalFlush")].sum()) > 0
    code, out, _ = analyze(["analyze", str(games[15].path), "--json", "--paytable", TABLES[0]])
    error = json.loads(out)["error"]
    assert code == 2 and error["message"].startswith("category 'StraightFlush' is never paid")
    assert "RoyalFlush" in error["message"] and error["line"] is not None
