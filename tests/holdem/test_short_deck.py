"""Short deck Hold'em (definitions/short_deck.cp, short_deck_trips.cp) against pokerkit.

Oracles: pokerkit's short-deck lookup (a flush beats a full house, A-6-7-8-9 is the lowest
straight) on every five-card hand of the 36-card deck and on random six- and seven-card hands
(its best five); for the rule where three of a kind beats a straight, pokerkit's order inside
each category with the two categories swapped; exact equities against every board listed and
evaluated by pokerkit (flop and turn) or by the vectorised evaluator (preflop), Monte Carlo within
five standard errors of the exact result.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from pokerkit import Card, Label
from pokerkit.lookups import ShortDeckHoldemLookup

from cpoly.cli.main import main
from cpoly.games.holdem import Table, equity
from cpoly.games.holdem.deal import joint_holdings, make_deal
from cpoly.games.holdem.evaluator import category_codes, evaluate
from cpoly.games.holdem.gamefile import rules_of
from cpoly.games.holdem.intcards import format_card, parse_cards

ROOT = Path(__file__).resolve().parents[2]
SHORT = rules_of(ROOT / "definitions" / "short_deck.cp")
TRIPS = rules_of(ROOT / "definitions" / "short_deck_trips.cp")
LOOKUP = ShortDeckHoldemLookup()
PK = {c: next(iter(Card.parse(format_card(c)))) for c in SHORT.deck}
PK_NAMES = {Label.HIGH_CARD: "high card", Label.ONE_PAIR: "pair", Label.TWO_PAIR: "two pair",
            Label.THREE_OF_A_KIND: "three of a kind", Label.STRAIGHT: "straight",
            Label.FLUSH: "flush", Label.FULL_HOUSE: "full house",
            Label.FOUR_OF_A_KIND: "four of a kind", Label.STRAIGHT_FLUSH: "straight flush"}
ROYALS = {frozenset(parse_cards(f"A{s} K{s} Q{s} J{s} T{s}")) for s in "shdc"}


def _pk_entry(cards: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """pokerkit's entry of the best five of ``cards`` (its lookup over every five)."""
    return max((LOOKUP.get_entry([PK[c] for c in five]) for five in combinations(cards, 5)),
               key=lambda entry: entry.index)


def _same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True when the two keys order the hands identically (ties included)."""
    return bool((np.unique(ours, return_inverse=True)[1] == np.unique(theirs, return_inverse=True)[1]).all())


def test_every_five_card_hand_against_pokerkit() -> None:
    """All 376,992 five-card hands (about 3 s of pokerkit lookups): same order, same names."""
    hands = np.array(list(combinations(SHORT.deck, 5)), dtype=np.int64)
    entries = [LOOKUP.get_entry([PK[c] for c in hand]) for hand in hands.tolist()]
    index = np.array([e.index for e in entries])
    ours = evaluate(hands, SHORT)
    assert _same_order(ours, index)
    names = [SHORT.names[c - 1] for c in category_codes(ours, SHORT).tolist()]
    royal = [frozenset(h) in ROYALS for h in hands.tolist()]
    expected = ["royal flush" if r else PK_NAMES[e.label] for e, r in zip(entries, royal)]
    assert names == expected
    # the trips rule: pokerkit's order inside a category, three of a kind above a straight
    lowest: dict[Label, int] = {}
    for e in entries:
        lowest[e.label] = min(lowest.get(e.label, e.index), e.index)
    order = sorted(lowest, key=lowest.__getitem__)  # pokerkit's short-deck category order
    i, j = order.index(Label.THREE_OF_A_KIND), order.index(Label.STRAIGHT)
    order[i], order[j] = order[j], order[i]
    position = np.array([order.index(e.label) for e in entries])
    assert _same_order(evaluate(hands, TRIPS), position * 10_000 + index)


@pytest.mark.parametrize("size", [6, 7])
def test_random_six_and_seven_card_hands_against_pokerkit(size: int) -> None:
    rng = np.random.default_rng(size)
    deck = np.array(SHORT.deck)
    hands = deck[np.argsort(rng.random((1500, 36)), axis=1)[:, :size]]
    index = np.array([_pk_entry(tuple(h)).index for h in hands.tolist()])
    assert _same_order(evaluate(hands, SHORT), index)


def _brute_force(hands: list[str], board: str, dead: str = "") -> dict[str, list[Fraction] | int]:
    """Equities by listing every joint holding and every board, evaluated by pokerkit."""
    deal = make_deal(hands, board, dead, SHORT)
    shares = [Fraction(0)] * len(hands)
    wins = [0] * len(hands)
    boards = 0
    for holding in joint_holdings(deal):
        used = {c for h in holding for c in h} | set(deal.board) | set(deal.dead)
        for extra in combinations([c for c in SHORT.deck if c not in used], deal.unknown):
            values = [_pk_entry(h + deal.board + extra).index for h in holding]
            winners = [p for p, v in enumerate(values) if v == max(values)]
            boards += 1
            for p in winners:
                shares[p] += Fraction(1, len(winners))
                wins[p] += len(winners) == 1
    return {"equity": [s / boards for s in shares], "win": wins, "boards": boards}


@pytest.mark.parametrize("hands, board, dead", [
    (["AsKs", "QhQd"], "6c 7d 9h", ""),
    (["AhTh", "9c9d", "KsJs"], "6h 8h Qc", "7s"),
    (["AsAd", "6s7s"], "8s 9d Tc Ks", ""),
    (["JJ+", "AhKh"], "6c 7d 9h Ts", "Qs"),
])
def test_exact_equity_against_every_board(hands: list[str], board: str, dead: str) -> None:
    result = equity(hands, board, dead, exact=True, game=SHORT)
    expected = _brute_force(hands, board, dead)
    assert [p.equity_exact for p in result.players] == expected["equity"]
    assert [p.win for p in result.players] == expected["win"]
    assert result.boards == expected["boards"]


def test_preflop_exact_against_every_board() -> None:
    """AsAh vs KsKh and a three-way deal: all 201,376 (and 134,596) boards evaluated."""
    for hands in (["AsAh", "KsKh"], ["AcKc", "9h9d", "7s6s"]):
        deal = make_deal(hands, rules=SHORT)
        holes = [combo for (combo,) in ((r[0],) for r in deal.ranges)]
        used = {c for h in holes for c in h}
        boards = np.array(list(combinations([c for c in SHORT.deck if c not in used], 5)))
        strengths = np.stack([evaluate(np.concatenate([np.broadcast_to(h, (len(boards), 2)), boards], 1),
                                       SHORT) for h in holes], axis=1)
        best = strengths == strengths.max(axis=1, keepdims=True)
        share = (best / best.sum(axis=1, keepdims=True)).sum(axis=0)
        result = equity(hands, exact=True, game=SHORT)
        assert result.boards == len(boards)
        for player, expected in zip(result.players, share):
            assert abs(float(player.equity_exact) - expected / len(boards)) < 1e-12
        assert [p.win for p in result.players] == (best & (best.sum(axis=1, keepdims=True) == 1)).sum(axis=0).tolist()


def test_unknown_hands_and_monte_carlo() -> None:
    exact = equity(["AsKs", "??"], "6c 7d 9h", exact=True, game=SHORT)
    assert exact.boards == 465 * 406  # C(31, 2) holdings for ?? x C(29, 2) turns and rivers
    mc = equity(["AsKs", "??"], "6c 7d 9h", samples=100_000, seed=3, game=SHORT)
    for e, m in zip(exact.players, mc.players):
        assert m.stderr is not None and abs(m.equity - e.equity) < 5 * m.stderr
    table = Table(2, game=ROOT / "definitions" / "short_deck.cp")
    table.set_hole(0, "AsAh")
    table.set_hole(1, "KsKh")
    assert table.exact() == equity(["AsAh", "KsKh"], exact=True, game=SHORT)


def test_cards_outside_the_deck_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(ROOT / "definitions" / "short_deck.cp")
    assert main(["equity", "AsKs", "QQ", "--board", "2c", "7d", "9h", "--game", game]) == 2
    assert "card '2c' (board) is not in the deck" in capsys.readouterr().err
    assert main(["equity", "AsKs", "22", "--game", game]) == 2
    assert "(and cards outside the 36-card deck)" in capsys.readouterr().err
    assert main(["equity", "AsAh", "KsKh", "--game", game, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == SHORT.title and out["boards"] == 201_376
    assert list(out["players"][0]["by_category"])[5:7] == ["full house", "flush"]
    assert main(["eval", "As", "6h", "7d", "8c", "9s", "--game", game, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["category"] == "straight"
