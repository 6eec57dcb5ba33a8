"""Test-only helpers for the variant games: every hand of a game's deck, first-category
classification from per-category predicates, and brute-force draws.

Nothing here classifies poker hands; each test module writes its own classifier (the oracle)
as per-category predicates over the faces and suits of every hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

import numpy as np

from cpoly.api import count_deals, deal_table, load_game
from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.game import VideoPoker


def deck_hands(poker: VideoPoker) -> tuple[np.ndarray, np.ndarray]:
    """Faces and suits, shape (C(n, 5), 5), of every hand of the deck in colex order."""
    hands = all_hands(poker.n_cards, 5).astype(np.int64)
    return poker.faces[hands].astype(np.int64), poker.suits[hands].astype(np.int64)


def face_counts(faces: np.ndarray, faces_counted: Sequence[int]) -> np.ndarray:
    """``counts[h, k]`` = cards of hand h whose face is ``faces_counted[k]``."""
    return np.stack([(faces == f).sum(axis=1) for f in faces_counted], axis=1)


def first_category(predicates: Sequence[np.ndarray]) -> np.ndarray:
    """Index of the first true predicate (pay order) of each hand; len(predicates) for none."""
    result = np.full(len(predicates[0]), len(predicates), dtype=np.int64)
    for k in reversed(range(len(predicates))):
        result[predicates[k]] = k
    return result


def assert_categories_equal_oracle(poker: VideoPoker, names: Sequence[str], first: np.ndarray) -> None:
    """Every hand's category by the engine against the test-only classifier."""
    assert poker.game.category_names == list(names)
    engine = poker.categories()
    assert len(engine) == len(first)
    np.testing.assert_array_equal(engine, first)


def assert_deal_table_equals_oracle(path: str, predicates: Sequence[np.ndarray], first: np.ndarray) -> None:
    """Both columns of ``cpoly count`` (ways including higher wins, paid ways) against the
    oracle's predicates and first categories."""
    table = deal_table(load_game(path))
    assert table.total == len(first)
    for index, (row, predicate) in enumerate(zip(table.rows, predicates)):
        assert (row.ways, row.paid_ways) == (int(predicate.sum()), int((first == index).sum())), row.name


def assert_pattern_counts_equal_oracle(path: str, names: Sequence[str], predicates: Sequence[np.ndarray]) -> None:
    """Each category counted by equality patterns against counting the oracle's predicate."""
    game = load_game(path)
    for name, predicate in zip(names, predicates):
        assert count_deals(game, game.categories[name]) == int(predicate.sum()), name


def brute_hold_counts(poker: VideoPoker, oracle: np.ndarray, texts: Sequence[str]) -> np.ndarray:
    """Final-hand counts ``(32, K + 1)`` of every hold of a deal by enumerating every draw and
    looking each final hand up in the oracle's categories (bit i = card i of ``texts`` held)."""
    deal = np.array(poker.deal_indices(texts), dtype=np.int64)
    rest = np.setdiff1d(np.arange(poker.n_cards), deal)
    n_columns = len(poker.game.category_names) + 1
    out = np.zeros((32, n_columns), dtype=np.int64)
    for mask in range(32):
        held = deal[[i for i in range(5) if mask >> i & 1]]
        pick = all_hands(len(rest), 5 - len(held)).astype(np.int64)
        finals = np.concatenate([np.broadcast_to(held, (len(pick), len(held))), rest[pick]], axis=1)
        finals.sort(axis=1)
        out[mask] = np.bincount(oracle[colex_rank(finals)], minlength=n_columns)[:n_columns]
        assert out[mask].sum() == comb(len(rest), 5 - len(held))
    return out


def expected_values(counts: np.ndarray, pays: Sequence[int]) -> list[Fraction]:
    """Exact EV of each hold from its outcome counts (the last column pays nothing)."""
    values = list(pays) + [0]
    return [Fraction(sum(int(c) * v for c, v in zip(row, values)), int(row.sum())) for row in counts]


def cli_hold(path: str, texts: Sequence[str], paytable: str, capsys) -> tuple[dict[int, list[int]],
                                                                             dict[int, Fraction], int]:
    """``cpoly hold FILE CARDS --paytable NAME --json``: outcome counts and exact EV per hold
    (bit i = card i of ``texts`` held), and the best hold's mask."""
    import json

    from cpoly.cli.main import main

    assert main(["hold", path, *texts, "--paytable", paytable, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["paytable"] == paytable and len(payload["holds"]) == 32

    def mask(held: list[str]) -> int:
        return sum(1 << texts.index(card) for card in held)

    outcomes = {mask(h["held"]): list(h["outcomes"].values()) for h in payload["holds"]}
    evs = {mask(h["held"]): Fraction(h["ev_exact"]) for h in payload["holds"]}
    return outcomes, evs, mask(payload["best"]["held"])


def assert_holds_match_brute_force(poker: VideoPoker, categories: np.ndarray, texts: Sequence[str],
                                   paytable: str, pays: Sequence[int]) -> None:
    """``VideoPoker.hold``: all 32 holds' outcome counts, the best EV and the tied holds
    against enumerating every draw."""
    result = poker.hold(list(texts), paytable)
    brute = brute_hold_counts(poker, categories, texts)
    for mask in range(32):
        assert list(result.options[mask].counts) == brute[mask].tolist(), mask
    evs = expected_values(brute, pays)
    assert result.best_option.ev == max(evs)
    assert set(result.tied) == {m for m in range(32) if evs[m] == max(evs)}


def assert_cli_hold_matches_brute_force(path: str, poker: VideoPoker, categories: np.ndarray,
                                        texts: Sequence[str], paytable: str, pays: Sequence[int],
                                        capsys) -> None:  # type: ignore[no-untyped-def]
    """``cpoly hold … --json``: outcomes, exact EVs and the best hold against every draw."""
    outcomes, evs, best = cli_hold(path, texts, paytable, capsys)
    brute = brute_hold_counts(poker, categories, texts)
    assert {m: outcomes[m] for m in range(32)} == {m: brute[m].tolist() for m in range(32)}
    brute_evs = expected_values(brute, pays)
    assert evs == dict(enumerate(brute_evs))
    assert brute_evs[best] == max(brute_evs)
