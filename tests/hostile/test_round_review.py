"""This round's Hold'em changes against an independent evaluator (``tests/hostile/sevenoracle.py``,
nothing of cpoly's): known hands (pure Python over the stored table, read cold then warm) and the
holdings method (flush boards counted without a change test, one tally per hand) on random
questions of Hold'em, short deck and short deck's trips rule, with and without flushes, every
street, 2 to 9 players, dead cards (enough of them to list every board in Python), hands written
in either card order, and suits piled up so flushes, straight flushes and boats meet.  Every
count is compared: boards, wins alone, ties, pot shares and wins/ties/occurrences by hand code,
and through ``equity()`` with the planner choosing known hands the exact equities.  The seed is
printed in every failure (``CPOLY_HOSTILE_SEED=N`` replays one).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from cpoly.games.holdem import planner
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.gamefile import resolve_game
from cpoly.games.holdem.holding import holding_tally
from cpoly.games.holdem.intcards import format_cards
from cpoly.games.holdem.knownhands import known_hands_tally
from tests.hostile.seed import SEED, replay
from tests.hostile.sevenoracle import SHORT_DECK, SHORT_DECK_TRIPS, BruteTally, Game, brute_tally

ROOT = Path(__file__).resolve().parents[2]
GAMES = {"holdem": (None, Game()),
         "short deck": (str(ROOT / "definitions/short_deck.cp"), Game(4, SHORT_DECK)),
         "short deck trips": (str(ROOT / "definitions/short_deck_trips.cp"), Game(4, SHORT_DECK_TRIPS))}
CASES = 40
#: Completions of the board listed per case, at most (dead cards are added until it fits).
BOARDS = 2500


@dataclass(frozen=True)
class Case:
    game_name: str
    game: Game
    hands: list[tuple[int, int]]
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def path(self) -> str | None:
        return GAMES[self.game_name][0]

    def __str__(self) -> str:
        hands = " ".join(format_cards(h).replace(" ", "") for h in self.hands)
        return (f"{self.game_name}, flushes {self.game.flushes}: {hands} board [{format_cards(self.board)}] "
                f"dead [{format_cards(self.dead)}]")


def _random_case(rng: random.Random) -> Case:
    name = rng.choice(list(GAMES))
    base = GAMES[name][1]
    game = Game(base.low, base.order, rng.random() < 0.8)
    players = rng.randint(2, 9 if name == "holdem" else 6)
    deck = game.deck
    rng.shuffle(deck)
    if rng.random() < 0.6:  # one suit first, partly: flushes for several players, straight flushes
        suit = rng.randrange(4)
        deck.sort(key=lambda card: card % 4 != suit or rng.random() < 0.3)
    hands = [(deck[2 * p], deck[2 * p + 1]) for p in range(players)]
    rest = deck[2 * players:]
    board_size = rng.choice([0, 3, 4, 5])
    board, rest = tuple(rest[:board_size]), rest[board_size:]
    rng.shuffle(rest)
    dead = 0
    while comb(len(rest) - dead, 5 - board_size) > BOARDS:
        dead += 1
    return Case(name, game, hands, board, tuple(rest[:dead + rng.randint(0, 2)]))


def _cases() -> Iterator[Case]:
    rng = random.Random(SEED)
    for _ in range(CASES):
        yield _random_case(rng)


def _rows(counts: object) -> tuple[object, ...]:
    fields = ("boards", "win", "tie", "share", "cat_win", "cat_tie", "cat_occur")
    return tuple(_plain(getattr(counts, name)) for name in fields)


def _plain(value: object) -> object:
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _expected(case: Case) -> tuple[object, ...]:
    return _rows(brute_tally(case.hands, case.board, case.dead, case.game))


@pytest.fixture(scope="module")
def module_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("store")


@pytest.fixture
def cold_store(module_store: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A store of this module's own, empty at first: the first known-hands question builds and
    keeps each game's table, the others read it.  Set per test, after the suite's autouse cache
    folder (tests/conftest.py), which would otherwise take its place: the Hold'em tables kept
    here stay out of the folder the process's other tests share."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(module_store))
    monkeypatch.delenv("CPOLY_NO_CACHE", raising=False)
    return module_store


def test_known_hands_and_holdings_against_every_board(cold_store: Path) -> None:
    for case in _cases():
        expected = _expected(case)
        rules = resolve_game(case.path)
        known = known_hands_tally(case.hands, case.board, case.dead, rules, case.game.flushes)
        assert _rows(known) == expected, replay(f"known hands, {case}")
        held = holding_tally(case.hands, case.board, case.dead, case.game.flushes, rules)
        assert _rows(held) == expected, replay(f"holdings, {case}")


def _brute_equities(brute: BruteTally) -> list[Fraction]:
    return [Fraction(share, 2520 * brute.boards) for share in brute.share]


def test_the_planner_choosing_known_hands_gives_every_boards_equity(
        cold_store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through ``equity()``: with NumPy counted as not loaded, a warm store's known hands win
    the plan (the first question of a game warms it), and the equities are the listing's.  Each
    question gets a fresh import ledger, as the one question of a fresh command-line process."""
    monkeypatch.setattr(planner, "numpy_loaded", lambda: False)
    rng = random.Random(SEED + 1)
    for path, _ in GAMES.values():
        equity(["AsAh", "KsKh"], "", exact=True, game=path)  # the game's table kept
    for _ in range(12):
        case = _random_case(rng)
        hands = [format_cards(h).replace(" ", "") for h in case.hands]
        monkeypatch.setattr(planner, "LEDGER", planner.ImportLedger())
        result = equity(hands, case.board, case.dead, exact=True, flushes=case.game.flushes, game=case.path)
        if case.game.flushes or case.game_name == "holdem":
            assert result.method_reason.startswith("exact (known hands"), replay(f"{case}: {result.method_reason}")
        brute = brute_tally(case.hands, case.board, case.dead, case.game)
        assert [p.equity_exact for p in result.players] == _brute_equities(brute), replay(str(case))
        assert [[c.occur for c in p.by_category] for p in result.players] == brute.cat_occur, replay(str(case))
