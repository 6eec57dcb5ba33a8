"""Which orderings satisfy an event (placement codes), against a plain Python loop."""

from __future__ import annotations

from itertools import permutations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cpoly.games.videopoker.play.ordered import PLACEMENT, POSITIONS, SIXES
from cpoly.games.videopoker.play.placed import code_masks

# An event places some of the deal's five cards (index) at positions; -1 = not placed.
event = st.lists(st.sampled_from([-1, 0, 1, 2, 3, 4]), min_size=5, max_size=5).filter(
    lambda places: any(p >= 0 for p in places))


@settings(max_examples=150, deadline=None)
@given(event)
def test_an_event_holds_in_exactly_the_orderings_placing_its_cards(places):
    code = int(((np.array(places) + 1) * SIXES).sum())
    mask = int(code_masks(np.array([code]))[0])
    assert mask == sum(1 << i for i, p in enumerate(places) if p >= 0)
    expected = [all(p < 0 or ordering[i] == p for i, p in enumerate(places))
                for ordering in permutations(range(5))]  # ordering[i] = position of card i
    assert POSITIONS.tolist() == [list(o) for o in permutations(range(5))]
    assert (PLACEMENT[mask] == code).tolist() == expected
