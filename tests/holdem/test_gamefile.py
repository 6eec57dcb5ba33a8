"""Hold'em rules read from .cp games: the deck, the straights and the category order come from
the file (checked by the engine's own classification), and files the evaluator cannot play are
refused with the reason."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cpoly.api import load_program
from cpoly.count.compiledgame import Game
from cpoly.errors import CpolyError
from cpoly.games.holdem.evaluator import category_codes, evaluate
from cpoly.games.holdem.gamefile import DEFAULT_GAME, default_rules, rules_of
from cpoly.games.holdem.gameprobe import derive_rules
from cpoly.games.holdem.intcards import parse_cards
from cpoly.games.holdem.rules import STANDARD_CODES, STANDARD_WINDOWS, GameRules, Kind, window_top

ROOT = Path(__file__).resolve().parents[2]
SHORT = ROOT / "definitions" / "short_deck.cp"
SHORT_TRIPS = ROOT / "definitions" / "short_deck_trips.cp"


def _mask(ranks: str) -> int:
    return sum(1 << "23456789TJQKA".index(r) for r in ranks)


def test_standard_holdem_from_its_file() -> None:
    rules = default_rules()
    assert Path(rules.source) == DEFAULT_GAME
    assert rules.ranks == tuple(range(13)) and len(rules.deck) == 52
    assert rules.windows == tuple(sorted(STANDARD_WINDOWS, key=window_top))
    assert rules.codes == STANDARD_CODES and rules.hole_cards == 2 and rules.hole_used is None
    assert rules_of("definitions/holdem.cp") == rules  # the same file, however it is named


def test_short_deck_from_its_file() -> None:
    rules = rules_of(SHORT)
    assert rules.rank_letters == "6789TJQKA" and len(rules.deck) == 36
    assert rules.windows == tuple(_mask(w) for w in ("A6789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"))
    assert rules.codes[Kind.FLUSH] > rules.codes[Kind.FULL_HOUSE]
    assert rules.codes[Kind.STRAIGHT] > rules.codes[Kind.TRIPS]
    assert rules.names == ("high card", "pair", "two pair", "three of a kind", "straight",
                           "full house", "flush", "four of a kind", "straight flush", "royal flush")
    trips = rules_of(SHORT_TRIPS)
    assert trips.windows == rules.windows and trips.ranks == rules.ranks
    assert trips.codes[Kind.TRIPS] > trips.codes[Kind.STRAIGHT]
    assert trips.codes[Kind.FLUSH] > trips.codes[Kind.FULL_HOUSE]


@pytest.mark.parametrize("path", [DEFAULT_GAME, SHORT, SHORT_TRIPS], ids=["holdem", "short", "trips"])
def test_generated_evaluator_agrees_with_the_file(path: Path) -> None:
    """20,000 random seven-card hands of the game's deck: the evaluator's category is the first
    category of the file that holds the hand (the engine's checking function)."""
    rules = rules_of(path)
    game = Game.from_program(load_program(path))
    rng = np.random.default_rng(7)
    deck = np.array(rules.deck)
    cards = deck[np.argsort(rng.random((20_000, len(deck))), axis=1)[:, :7]]
    faces = np.searchsorted(np.array(rules.ranks), cards // 4)
    hands = np.stack([faces, cards % 4], axis=2)
    file_codes = len(game.category_names) - game.classify(hands, check_deal=False)
    assert (category_codes(evaluate(cards, rules), rules) == file_codes).all()
    assert len(set(file_codes.tolist())) >= 8  # most categories met


def test_short_deck_hands() -> None:
    short, trips = rules_of(SHORT), rules_of(SHORT_TRIPS)

    def code(text: str, rules: GameRules) -> str:
        strength = evaluate([parse_cards(text)], rules)
        return rules.names[int(category_codes(strength, rules)[0]) - 1]

    assert code("As 6h 7d 8c 9s", short) == "straight"
    assert code("As 6h 7d 8c Ts", short) == "high card"
    assert code("As Ks Qs 7s 9s Ah Ad", short) == "flush"  # beats the trips (and a full house)
    assert code("Ah Ad Ac 6s 7h 8d 9c", trips) == "three of a kind"
    assert code("Ah Ad Ac 6s 7h 8d 9c", short) == "straight"
    assert code("As 6s 7s 8s 9s", short) == "straight flush"
    low_straight, six_high = (evaluate([parse_cards(t)], short)[0] for t in ("As 6h 7d 8c 9s", "6h 7d 8c 9s Ts"))
    assert low_straight < six_high


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.mark.parametrize("body, message", [
    ('import "seven.cp"\noverride Suits = 3\ngame "three suits"\ncategories RoyalFlush, '
     'StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind, TwoPair, OnePair, HighCard\n',
     "a Hold'em game has 4 suits, this one has 3"),
    ('import "seven.cp"\ngame "no flushes"\ncategories RoyalFlush, StraightFlush, FourOfAKind, '
     'FullHouse, Straight, ThreeOfAKind, TwoPair, OnePair, HighCard\n',
     "high card and flush are one category (HighCard)"),
    ('import "seven.cp"\ngame "letters"\nranks "23456789XJQKA"\ncategories RoyalFlush, '
     'StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind, TwoPair, OnePair, HighCard\n',
     "rank letter 'X' is not one of 23456789TJQKA"),
    ('import "poker.cp"\ngame "five cards"\ncategories RoyalFlush, StraightFlush, FourOfAKind, '
     'FullHouse, Flush, Straight, ThreeOfAKind, TwoPair\n',
     "or five cards (the five a hand plays) with constants HoleCards and HoleCardsUsed"),
])
def test_files_the_evaluator_cannot_play(tmp_path: Path, body: str, message: str) -> None:
    path = _write(tmp_path, "game.cp", body)
    with pytest.raises(CpolyError, match=message.replace("(", r"\(").replace(")", r"\)")):
        rules_of(path)


def test_a_category_that_is_no_poker_ranking_is_refused(tmp_path: Path) -> None:
    """Pair above two pair: the two-pair hand lands in OnePair, so the kinds cannot be told apart."""
    path = _write(tmp_path, "upside.cp", 'import "seven.cp"\ngame "upside"\ncategories RoyalFlush, '
                  'StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind, OnePair, '
                  'TwoPair, HighCard\n')
    with pytest.raises(CpolyError, match="are one category"):
        derive_rules(Game.from_program(load_program(path)), str(path))
