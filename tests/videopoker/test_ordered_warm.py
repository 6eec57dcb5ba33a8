"""Ordered games warm and cold, and the classes decided for every ordering at once.

Oracles: the cold analysis (nothing cached) for the warm one (everything read from the
cache: the witnesses, the suit classes); the per-ordering play of every deal class (the
method the bounds skip for most classes) for the bounded analysis; the witnesses listed
per deal for the placed-subset counts.  The whole analysis is checked against brute force
on small decks in tests/variants/test_sequential_royal.py and test_ordered_many.py.
"""

from __future__ import annotations

from dataclasses import asdict
from itertools import combinations

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.play import orderedplay
from cpoly.games.videopoker.play.placed import PLACEMENTS, SIXES, PlacedSubsets
from cpoly.games.videopoker.play.scalar import TIED
from cpoly.lang.paytable import PayTable
from cpoly.store.sources import CACHE_ENV
from tests.conftest import FIXTURES
from tests.variants.test_sequential_royal import small_ordered_game

RULES = ["rank-order", "first", "most-cards", "lowest-variance"]


def figures(poker: VideoPoker, rule: str) -> dict[str, object]:
    """Every figure of the analysis (not whether it came from the cache)."""
    figures = asdict(poker.analyze(tie_rule=rule))
    figures.pop("from_cache")
    return figures


def test_a_warm_ordered_analysis_equals_the_cold_one(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    cold = small_ordered_game(tmp_path, reverse=True, ten_to_ace=False)
    expected = {rule: figures(cold, rule) for rule in RULES}
    assert not cold.single_deck().from_cache

    def no_search(*args, **kwargs):
        raise AssertionError("the witnesses were searched again")

    monkeypatch.setattr("cpoly.games.videopoker.prepare.witnesses.position_dependent", no_search)
    warm = VideoPoker.load(str(tmp_path / "ordered_True_False_False.cp"), overrides={"Suits": 2})
    assert warm.single_deck().from_cache
    for rule in RULES:
        assert figures(warm, rule) == expected[rule], rule


def test_a_warm_cli_analyze_of_an_ordered_game_prints_the_cold_output(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    small_ordered_game(tmp_path, reverse=True, ten_to_ace=False)
    game = tmp_path / "ordered_True_False_False.cp"
    path = tmp_path / "two_suits.cp"
    path.write_text(game.read_text(encoding="utf-8").replace("Suits = 3", "Suits = 2").replace('"hdc"', '"hd"'),
                    encoding="utf-8")
    runs = []
    for _ in range(2):
        assert main(["analyze", str(path), "--json"]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1] and '"ordered": true' in runs[0]


@pytest.mark.parametrize("rule, cheaper", [(rule, False) for rule in RULES] + [("rank-order", True)])
def test_bounded_classes_equal_every_ordering_played(tmp_path, monkeypatch, rule, cheaper):
    """With no class decided by the bounds, every class plays each ordering on its own; also
    when the position-dependent categories pay less than the same cards unordered."""
    poker = small_ordered_game(tmp_path, reverse=True, ten_to_ace=False, dealt=True)
    declared = poker.paytable()
    table = PayTable("cheaper", (1, 2, *declared.pays[2:]), (1, 2, *declared.dealt_pays[2:]),
                     declared.categories) if cheaper else declared
    bounded = asdict(poker.analyze(table, rule))
    decide = orderedplay._decide

    def nothing_decided(values, lattice, gains):
        best, _ = decide(values, lattice, gains)
        assert (best != TIED).any()  # the bounds decide some classes of this game
        return np.full(len(values), TIED, dtype=np.int8), np.ones(values.shape, dtype=bool)

    monkeypatch.setattr(orderedplay, "_decide", nothing_decided)
    assert asdict(poker.analyze(table, rule)) == bounded


def test_placed_subset_events_equal_the_witnesses_listed_per_deal(tmp_path):
    poker = small_ordered_game(tmp_path, reverse=True, ten_to_ace=False)
    hands = poker.ordered_hands
    assert hands is not None and len(hands.cards)
    table = PlacedSubsets.of(hands.cards, hands.category, hands.base, poker.n_cards)
    deals = np.array(list(combinations(range(poker.n_cards), 5)))[::7]
    events = table.events(deals, np.ones((len(deals), 32), dtype=bool))
    lattice = table.lattice(deals)
    changes = {tuple(c): i for i, c in enumerate(table.changes.tolist())}
    listed: dict[tuple[int, int, int], int] = {}
    disjoint = np.zeros_like(lattice.exact[:, 0, :])
    for row, deal in enumerate(deals.tolist()):
        for cards, new, old in zip(hands.cards.tolist(), hands.category.tolist(), hands.base.tolist()):
            shared = [i for i, card in enumerate(deal) if card in cards]
            if not shared:
                disjoint[row, changes[new, old]] += 1
                continue
            code = sum((cards.index(deal[i]) + 1) * int(SIXES[i]) for i in shared)
            key = (row, code, changes[new, old])
            listed[key] = listed.get(key, 0) + 1
    found = {(d, c, changes[n, o]): w for d, c, n, o, w in
             zip(events.deal.tolist(), events.code.tolist(), events.new.tolist(), events.old.tolist(),
                 events.weight.tolist())}
    assert found == listed and all(0 < code < PLACEMENTS for _, code, _ in found)
    assert np.array_equal(lattice.exact[:, 0, :], disjoint)
    for (row, code, change), weight in listed.items():  # at most `most` in one ordering
        mask = sum(1 << i for i in range(5) if code // int(SIXES[i]) % 6)
        assert weight <= lattice.most[row, mask, change]


def test_an_ordered_game_without_position_dependent_categories_plays_as_unordered(tmp_path):
    """No witnesses: every ordering of a deal plays as the deal does unordered."""
    text = (FIXTURES / "small_poker.cp").read_text(encoding="utf-8")
    plain_path, ordered_path = tmp_path / "plain.cp", tmp_path / "ordered.cp"
    plain_path.write_text(text, encoding="utf-8")
    ordered_path.write_text(text.replace("deal Hand", "deal Hand\nordered"), encoding="utf-8")
    plain = VideoPoker.load(str(plain_path), overrides={"Suits": 2}).analyze()
    ordered = VideoPoker.load(str(ordered_path), overrides={"Suits": 2})
    assert ordered.ordered_hands is not None and len(ordered.ordered_hands.cards) == 0
    analysis = ordered.analyze()
    assert analysis.ordered and analysis.expected_return == plain.expected_return
    assert analysis.probabilities == plain.probabilities
    assert analysis.deal_counts == tuple(120 * c for c in plain.deal_counts)
    assert (analysis.tied_deals, analysis.hold_size_deals) == (120 * plain.tied_deals,
                                                               tuple(120 * c for c in plain.hold_size_deals))
    assert ordered.hold(["Ah", "Kh", "Qh", "Jh", "Th"]).best_option.ev == 250
