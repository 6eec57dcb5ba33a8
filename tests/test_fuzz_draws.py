"""Fuzzing draw forms (issue 21): the standard library's Draw (cpoly/lib/autohold.cp) on a small
deck with one or two copies of each card, random dealt cards (repeated ones where the deck has
copies) and a random hold, counted by ``cpoly count --param`` and checked against a brute-force
enumeration of every set of physical replacement cards, written here independently of the engine.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from itertools import combinations
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpoly.cli.main import main

FACES, SUITS = 5, 2
RANKS, LETTERS = "9TJQK", "hd"


def _game(copies: int) -> str:
    return f"""Faces = {FACES}
Suits = {SUITS}
F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits
Hand = prod(i<j<k in 1..5) (1 - δF[i],F[j],F[k] δS[i],S[j],S[k])
Pair = any(i<j in 1..5) δF[i],F[j]
Flush = δ S[1] S[2] S[3] S[4] S[5]
Trips = any(i<j<k in 1..5) δF[i],F[j],F[k]
game "draws"
cards F S
deal {"Hand" if copies == 2 else "prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])"}
categories Trips, Flush, Pair
ranks "{RANKS}"
suit_letters "{LETTERS}"
copies {copies}
import "autohold.cp"
DrawPair = Draw * Pair
DrawFlush = Draw * Flush
DrawTrips = Draw * Trips
DrawAll = Draw
"""


@st.composite
def deal_and_hold(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]], list[bool]]:
    copies = draw(st.sampled_from([1, 2]))
    physical = [(f, s) for f in range(FACES) for s in range(SUITS) for _ in range(copies)]
    chosen = draw(st.lists(st.integers(0, len(physical) - 1), min_size=5, max_size=5, unique=True))
    held = draw(st.lists(st.booleans(), min_size=5, max_size=5))
    return copies, [physical[i] for i in chosen], held


def _brute_force(copies: int, dealt: list[tuple[int, int]], held: list[bool]) -> dict[str, int]:
    """Per form, the sets of physical replacement cards (from the deck less the dealt cards) that
    make the final hand hit it."""
    left = Counter({(f, s): copies for f in range(FACES) for s in range(SUITS)})
    left.subtract(Counter(dealt))
    deck = [card for card, n in left.items() for _ in range(n)]
    kept = [card for card, keep in zip(dealt, held) if keep]
    counts = Counter[str]()
    for drawn in combinations(range(len(deck)), 5 - len(kept)):
        hand = kept + [deck[i] for i in drawn]
        faces = Counter(f for f, _ in hand)
        counts["DrawAll"] += 1
        counts["DrawPair"] += max(faces.values()) >= 2
        counts["DrawTrips"] += max(faces.values()) >= 3
        counts["DrawFlush"] += len({s for _, s in hand}) == 1
    return {name: counts[name] for name in ("DrawPair", "DrawFlush", "DrawTrips", "DrawAll")}


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(deal_and_hold())
def test_draw_forms_count_as_brute_force(tmp_path: Path, case: tuple[int, list[tuple[int, int]], list[bool]]) -> None:
    copies, dealt, held = case
    path = tmp_path / f"draws{copies}.cp"
    path.write_text(_game(copies), encoding="utf-8")
    params = [f"{k}[{i}]={v}" for i, ((face, suit), keep) in enumerate(zip(dealt, held), start=1)
              for k, v in (("DF", face), ("DS", suit), ("Held", int(keep)))]
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["count", str(path), "DrawPair", "DrawFlush", "DrawTrips", "DrawAll", "--param", *params,
                     "--json", "--no-cache"])
    assert code == 0, (case, err.getvalue())
    assert json.loads(out.getvalue())["counts"] == _brute_force(copies, dealt, held), case
