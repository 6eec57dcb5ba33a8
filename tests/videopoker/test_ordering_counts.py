"""The grouping of a deal's 120 orderings by satisfied events, against a plain Python loop."""

from __future__ import annotations

from itertools import permutations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cpoly.games.videopoker.ordered import _event_sets, _satisfied_events

# An event places some of the deal's five cards (index) at positions; -1 = not placed.
event = st.lists(st.sampled_from([-1, 0, 1, 2, 3, 4]), min_size=5, max_size=5).filter(
    lambda places: any(p >= 0 for p in places))


def brute_force(places: list[list[int]]) -> list[int]:
    """For each set of events, the orderings satisfying exactly those events."""
    counts = [0] * (1 << len(places))
    for ordering in permutations(range(5)):  # ordering[i] = position of card i
        satisfied = sum(1 << j for j, event_places in enumerate(places)
                        if all(p < 0 or ordering[i] == p for i, p in enumerate(event_places)))
        counts[satisfied] += 1
    return counts


@settings(max_examples=150, deadline=None)
@given(st.lists(event, min_size=0, max_size=4))
def test_orderings_per_event_set_equal_enumeration(events):
    places = np.array(events, dtype=np.int64).reshape(1, len(events), 5)
    expected = brute_force(events)
    deal, event_set, orderings = _event_sets(_satisfied_events(places))
    assert set(deal.tolist()) == {0}
    assert dict(zip(event_set.tolist(), orderings.tolist())) == {
        k: n for k, n in enumerate(expected) if n}
