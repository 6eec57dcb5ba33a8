"""Holding repeated cards from a deck with copies (issue 21, section 4): ``hold --mine 'Ah Ah'``
on double-deck Jacks said "duplicate card 'Ah'" although its own best hold is ``Ah Ah``, and
``train`` refused ``2d 2d`` and scored the forced ``2d`` as a mistake.  A card may be held as
often as it was dealt (and no more), and given no more often than the deck has copies of it."""

from __future__ import annotations

import io
import json
import random
import sys
from fractions import Fraction

import pytest

from cpoly.cli.main import main
from cpoly.games.videopoker.game import VideoPoker
from tests.conftest import DEFINITIONS

SHARED_CACHE = True
DOUBLE = str(DEFINITIONS / "double_deck_jacks.cp")
JACKS = str(DEFINITIONS / "jacks_or_better.cp")
DEAL = ["Ah", "Ah", "Kd", "Qc", "2s"]


@pytest.fixture(scope="module")
def double() -> VideoPoker:
    return VideoPoker.load(DOUBLE)


def _hold(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["hold", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_best_hold_of_two_identical_aces_can_be_named(capsys):
    code, out, err = _hold(capsys, DOUBLE, *DEAL, "--json")
    data = json.loads(out)
    assert code == 0 and sorted(data["best"]["held"]) == ["Ah", "Ah"]
    code, out, err = _hold(capsys, DOUBLE, *DEAL, "--mine", "Ah Ah", "--json")
    assert code == 0, err
    mine = json.loads(out)["mine"]
    assert mine["held"] == ["Ah", "Ah"] and Fraction(mine["cost_exact"]) == 0
    assert mine["ev_exact"] == data["best"]["ev_exact"]


def test_every_hold_named_by_its_cards_prices_as_in_the_hold_table(capsys):
    """The oracle is the table of distinct holds ``hold --json`` prints (one per multiset)."""
    _, out, _ = _hold(capsys, DOUBLE, *DEAL, "--json")
    table = {tuple(sorted(h["held"])): h["ev_exact"] for h in json.loads(out)["holds"]}
    assert ("Ah", "Ah") in table and ("Ah", "Ah", "Kd") in table and len(table) == 24
    from cpoly.cli.strategy import mine_json

    poker = VideoPoker.load(DOUBLE)
    result = poker.hold(DEAL)
    for held, ev in table.items():
        assert mine_json(poker, result, " ".join(held) or "none")["ev_exact"] == ev, held


@pytest.mark.parametrize("game, mine, message", [
    (DOUBLE, "Ah Ah Ah", "duplicate card 'Ah' (the deck has 2 copies of each card)"),  # more than the deck has
    (DOUBLE, "Kd Kd", "hold 'Kd Kd': Kd is held 2 times, but the deal Ah Ah Kd Qc 2s has it once"),
    (DOUBLE, "Ah Ks", "hold 'Ah Ks': Ks is not a card of the deal Ah Ah Kd Qc 2s"),
    (JACKS, "Ah Ah", "duplicate card 'Ah'"),  # one deck: a card once
])
def test_holding_a_card_more_often_than_allowed_names_it(game, mine, message, capsys):
    deal = DEAL if game == DOUBLE else ["Ah", "Kd", "Qc", "2s", "3h"]
    code, out, err = _hold(capsys, game, *deal, "--mine", mine)
    assert code == 2 and out == "" and message in err, err


def _seed_dealing_a_repeated_card(poker: VideoPoker) -> tuple[int, list[str]]:
    """A trainer seed whose first deal holds two copies of one card (the trainer's own draw)."""
    for seed in range(1000):
        deal = [poker.card_name(c) for c in random.Random(seed).sample(range(poker.n_cards), 5)]
        if len(set(deal)) < 5:
            return seed, deal
    raise AssertionError("no seed below 1000 deals a repeated card")


def test_train_accepts_a_hold_of_two_copies_and_scores_it(double, monkeypatch, capsys):
    seed, deal = _seed_dealing_a_repeated_card(double)
    result = double.hold(deal)
    repeated = next(name for name in deal if deal.count(name) == 2)
    pair = next(o for o in result.options if [double.card_name(c) for c in o.held] == [repeated, repeated])
    lone = next(o for o in result.options if [double.card_name(c) for c in o.held] == [repeated])
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{repeated} {repeated}\n"))
    assert main(["train", DOUBLE, "--seed", str(seed), "--hands", "1", "--json"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert captured.err == "" and summary["hands"] == 1
    cost = result.best_option.ev - pair.ev
    assert Fraction(summary["total_cost_exact"]) == cost and summary["mistakes"] == (cost > 0)
    assert lone.ev != pair.ev  # holding one copy is another play, priced as such
