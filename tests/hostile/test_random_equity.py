"""Random Hold'em equities against the peer evaluator eval7 (issue 35): ``cpoly equity ... --exact
--json`` on random hands (two known cards, ``As?``, ``??``, ranges such as ``QQ+``, ``77-99``,
``AKs``, ``KTo+``, some weighted: ``AA@50,KQs``), random boards of 0, 3, 4 or 5 cards and dead
cards.  The test lists every joint holding (its own range expansion, written below) and every
board completion, ranks each player's seven cards with eval7 and splits each pot equally among
its winners: each player's equity must equal the command's ``equity_exact`` as a Fraction, and
the holdings, the (weighted) boards, wins, ties, losses and per-category counts.  Cases are drawn
small enough to enumerate in Python; the seed is printed in every failure
(``CPOLY_HOSTILE_SEED=N`` replays one).
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb, gcd, lcm, prod
from typing import Any

import eval7

from cpoly.cli.main import main
from tests.hostile.seed import SEED, replay

RANKS = "23456789TJQKA"
DECK = [rank + suit for rank in RANKS for suit in "shdc"]
EVAL7 = {card: eval7.Card(card) for card in DECK}
ROYAL = eval7.evaluate([EVAL7[card] for card in ("As", "Ks", "Qs", "Js", "Ts")])
CATEGORY = {"High Card": "high card", "Pair": "pair", "Two Pair": "two pair", "Trips": "three of a kind",
            "Straight": "straight", "Flush": "flush", "Full House": "full house", "Quads": "four of a kind",
            "Straight Flush": "straight flush"}
CASES = 10
BUDGET = 120_000  # joint holdings x board completions of one case (showdowns listed in Python)
Combo = frozenset[str]


# ---- hands and ranges, with the combos they stand for ---------------------------------------------
def _pairs(low: int, high: int) -> set[Combo]:
    return {frozenset(c) for rank in RANKS[low:high + 1] for c in combinations([rank + s for s in "shdc"], 2)}


def _two_ranks(high: int, low: int, suited: bool | None) -> set[Combo]:
    return {frozenset((RANKS[high] + a, RANKS[low] + b)) for a in "shdc" for b in "shdc"
            if suited is None or (a == b) == suited}


def _random_item(rng: random.Random) -> tuple[str, set[Combo]]:
    """One range item as written and its combos (before card removal)."""
    kind = rng.choice(["pair", "pair+", "pairs", "two", "two+"])
    if kind.startswith("pair"):
        low = rng.randrange(13)
        high = rng.randrange(low, 13) if kind == "pairs" else 12 if kind == "pair+" else low
        text = {"pair": RANKS[low] * 2, "pair+": RANKS[low] * 2 + "+", "pairs": f"{RANKS[low] * 2}-{RANKS[high] * 2}"}
        return text[kind], _pairs(low, high)
    high = rng.randrange(1, 13)
    low = rng.randrange(high)
    suited = rng.choice([True, False, None])
    suffix = {True: "s", False: "o", None: ""}[suited]
    lows = range(low, high) if kind == "two+" else [low]
    combos = set().union(*(_two_ranks(high, r, suited) for r in lows))
    return RANKS[high] + RANKS[low] + suffix + ("+" if kind == "two+" else ""), combos


def random_hand(rng: random.Random, free: list[str]) -> tuple[str, dict[Combo, int]]:
    """A player's hand as written and each of its combos' weight (cards from ``free`` for
    known cards)."""
    kind = rng.choice(["known", "known", "one", "unknown", "range", "range", "weighted"])
    if kind == "known":
        cards = rng.sample(free, 2)
        return "".join(cards), {frozenset(cards): 1}
    if kind == "one":
        card = rng.choice(free)
        return card + "?", {frozenset((card, other)): 1 for other in DECK if other != card}
    if kind == "unknown":
        return "??", {frozenset(c): 1 for c in combinations(DECK, 2)}
    items = [_random_item(rng) for _ in range(2 if kind == "weighted" else rng.choice([1, 1, 2]))]
    if kind == "weighted" and not items[0][1] & items[1][1]:
        weight = rng.choice([25, 50, 75])
        return (f"{items[0][0]}@{weight},{items[1][0]}",
                {**{c: weight for c in items[0][1]}, **{c: 100 for c in items[1][1]}})
    return ",".join(text for text, _ in items), {c: 1 for _, combos in items for c in combos}


# ---- the case and its brute force ------------------------------------------------------------------
@dataclass
class Case:
    hands: list[str]
    ranges: list[dict[Combo, int]]
    board: list[str]
    dead: list[str]

    def arguments(self) -> list[str]:
        return (["equity", *self.hands] + (["--board", *self.board] if self.board else [])
                + (["--dead", *self.dead] if self.dead else []) + ["--exact", "--json"])

    def live(self) -> list[dict[Combo, int]]:
        """Each player's combos that use no board or dead card, their weights scaled to the
        smallest integers in the same proportions (as docs/holdem.md says counts are weighted)."""
        used = set(self.board) | set(self.dead)
        players = [{c: w for c, w in r.items() if not c & used} for r in self.ranges]
        return [{c: w // gcd(*player.values()) for c, w in player.items()} for player in players]

    def joint(self) -> list[tuple[tuple[Combo, ...], int]]:
        """Every joint holding (one combo per player, no card twice) and its weight."""
        found: list[tuple[tuple[Combo, ...], int]] = [((), 1)]
        for player in self.live():
            found = [((*held, c), weight * w) for held, weight in found for c, w in player.items()
                     if not c & frozenset().union(*held)]
        return found

    def completions(self) -> int:
        return comb(52 - len(self.board) - len(self.dead) - 2 * len(self.hands), 5 - len(self.board))


def random_case(rng: random.Random) -> Case:
    """A case small enough to list every showdown (drawn again until it is)."""
    while True:
        board_size = rng.choice([0, 3, 4, 5])
        deck = rng.sample(DECK, 52)
        board = deck[:board_size]
        dead_size = rng.randrange(25, 40) if board_size == 0 else rng.randrange(0, 12)
        dead = deck[board_size:board_size + dead_size]
        free = deck[board_size + dead_size:]
        hands, ranges = [], []
        for _ in range(rng.choice([2, 2, 3, 4])):
            text, combos = random_hand(rng, [c for c in free if not any(c in h for h in hands)])
            hands.append(text)
            ranges.append(combos)
        case = Case(hands, ranges, board, dead)
        if prod(len(r) for r in case.live()) * case.completions() <= BUDGET:
            return case


@dataclass
class Tally:
    """Per player: weighted boards won alone, shared, pot shares (in 1/lcm(1..players)), and
    per category [won, shared, held]."""

    players: int
    boards: int = 0
    win: list[int] = field(default_factory=list)
    tie: list[int] = field(default_factory=list)
    share: list[int] = field(default_factory=list)
    categories: list[dict[str, list[int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.win, self.tie, self.share = [0] * self.players, [0] * self.players, [0] * self.players
        self.categories = [{name: [0, 0, 0] for name in [*CATEGORY.values(), "royal flush"]}
                           for _ in range(self.players)]

    def showdown(self, values: list[int], names: list[str], weight: int) -> None:
        best = max(values)
        winners = [p for p, v in enumerate(values) if v == best]
        unit = lcm(*range(1, self.players + 1))
        self.boards += weight
        for p, name in enumerate(names):
            self.categories[p][name][2] += weight
            if p in winners:
                alone = len(winners) == 1
                self.share[p] += weight * unit // len(winners)
                (self.win if alone else self.tie)[p] += weight
                self.categories[p][name][0 if alone else 1] += weight

    def equity(self, p: int) -> Fraction:
        return Fraction(self.share[p], self.boards * lcm(*range(1, self.players + 1)))


def _strength(cards: list[str]) -> tuple[int, str]:
    value = eval7.evaluate([EVAL7[c] for c in cards])
    return value, "royal flush" if value == ROYAL else CATEGORY[eval7.handtype(value)]


def brute_force(case: Case) -> Tally:
    """Every joint holding and every board completion, ranked by eval7."""
    tally = Tally(len(case.hands))
    joint = case.joint()
    rest = [c for c in DECK if c not in set(case.board) | set(case.dead)]
    for extra in combinations(rest, 5 - len(case.board)):
        board = case.board + list(extra)
        strength: dict[Combo, tuple[int, str]] = {}
        for held, weight in joint:
            if any(card in combo for card in extra for combo in held):
                continue
            ranked = [strength.setdefault(c, _strength([*c, *board])) for c in held]
            tally.showdown([v for v, _ in ranked], [name for _, name in ranked], weight)
    return tally


# ---- the command against it -------------------------------------------------------------------------
def equity(arguments: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(arguments)
    return code, out.getvalue(), err.getvalue()


def expected_players(case: Case, tally: Tally) -> Iterator[dict[str, Any]]:
    """What each player's JSON must say: the equity, the (weighted) counts of boards won, tied
    and lost, and per category."""
    for p, hand in enumerate(case.hands):
        yield {"hand": hand, "equity_exact": tally.equity(p), "win": tally.win[p], "tie": tally.tie[p],
               "loss": tally.boards - tally.win[p] - tally.tie[p],
               "by_category": {name: counts for name, counts in tally.categories[p].items()}}


def _found_players(found: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"hand": player["hand"], "equity_exact": Fraction(player["equity_exact"]),
             **{key: player[key] for key in ("win", "tie", "loss")},
             "by_category": {name: [row["win"], row["tie"], row["occur"]] for name, row in player["by_category"].items()}}
            for player in found["players"]]


def test_random_equities_equal_eval7_enumeration_exactly() -> None:
    rng = random.Random(SEED)
    for _ in range(CASES):
        case = random_case(rng)
        where = replay(f"cpoly {' '.join(case.arguments())}")
        code, out, err = equity(case.arguments())
        if not case.joint():
            assert code == 2 and json.loads(out)["error"]["message"], (where, "no joint holding", code, out, err)
            continue
        assert code == 0, (where, out, err)
        found = json.loads(out)
        tally = brute_force(case)
        assert found["exact"] is True and found["board"] == case.board and found["dead"] == case.dead, where
        assert (found["holdings"], found["boards"]) == (len(case.joint()), tally.boards), where
        assert _found_players(found) == list(expected_players(case, tally)), where
