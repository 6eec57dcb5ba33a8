"""What a player sees in a hold, for every hold of every deal: read from the held cards, the
game's categories (through the pattern tables) and its deck, never from a table per game.

One row per subset of 0..4 cards of the deck (laid out like the stacked subset tables), then
one row per deal for its five-card hold.  Columns:

* ``held``, ``wild``: cards held, wild cards among them (the game's wild faces);
* ``made``: the category every completion reaches (all paid), -1 = none; ``minimal``: made,
  and every held card is needed for it (the pair without its kicker);
* ``head``: the best-paying category the hold is toward (:mod:`.patterns`);
* ``high``: natural cards of the game's paying-pair ranks; ``suited``: the natural cards
  share one suit; ``pair``: two natural cards of one face; ``distinct``: no two naturals alike;
* ``mask``: the natural faces as bits; ``gaps``: straight windows the naturals miss,
  ``(6 - naturals) - windows containing them`` (0 = an outside straight), -1 = in no window.
  A window is five faces that make a paid hand unsuited (the game's straights, ace low
  included when the game has it);
* ``kind``: the one family the hold's words come from (:data:`KINDS`); a made hold is one
  of natural cards (a pair and its kicker too), or one whose every card, wild ones included,
  is needed (two deuces and a king are no "three of a kind").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.hold.lattice import HAND_SIZE, HOLDS, held_positions
from cpoly.games.videopoker.prepare.tables import HandCategories
from cpoly.games.videopoker.strategy.patterns import PatternTables

__all__ = ["KINDS", "HoldFeatures", "deal_features", "game_windows", "hold_features", "straight_windows"]

#: The families of holds, each named its own way (:mod:`.words`).
KINDS = ("nothing", "wild", "made", "low pair", "high cards", "draw", "other")
NOTHING, WILD, MADE, LOW_PAIR, HIGH_CARDS, DRAW, OTHER = range(len(KINDS))
#: Columns of :class:`HoldFeatures`, in order.
COLUMNS = ("held", "wild", "made", "minimal", "head", "high", "suited", "pair", "distinct", "mask", "gaps",
           "kind")


@dataclass(frozen=True, eq=False)
class HoldFeatures:
    """The columns of the module docstring (int64 arrays, one entry per row) and ``rows``, the
    row of each (deal, hold): ``(N, 32)``."""

    columns: dict[str, np.ndarray]
    rows: np.ndarray

    def __getitem__(self, name: str) -> np.ndarray:
        return self.columns[name]

    def straight_type(self) -> np.ndarray:
        """WoO's straight-flush draw type: 1 when the high cards make up for the gaps, one more
        per gap they do not."""
        kind: np.ndarray = 1 + np.maximum(0, self["gaps"] - self["high"])
        return kind


def straight_windows(faces: np.ndarray, suits: np.ndarray, wild: np.ndarray, category_of: HandCategories,
                     paid_hands: np.ndarray) -> np.ndarray:
    """Bitmasks of the face sets that make a paid hand with five distinct natural faces of two
    suits (the game's straights); ``category_of`` gives sorted hands' categories,
    ``paid_hands[category]`` says which categories pay."""
    natural = sorted({int(f) for f, w in zip(faces, wild) if not w})
    suit_values = sorted({int(s) for s in suits})
    if len(suit_values) < 2:
        return np.zeros(0, dtype=np.int64)
    card = {(int(f), int(s)): i for i, (f, s) in enumerate(zip(faces, suits))}
    chosen_faces, hands = [], []
    for chosen in combinations(natural, HAND_SIZE):
        cards = [card.get((f, suit_values[i == 0])) for i, f in enumerate(chosen)]
        if None not in cards:
            chosen_faces.append(sum(1 << f for f in chosen))
            hands.append(sorted(c for c in cards if c is not None))
    if not hands:
        return np.zeros(0, dtype=np.int64)
    windows: np.ndarray = np.array(chosen_faces, dtype=np.int64)[paid_hands[category_of(np.array(hands, dtype=np.int64))]]
    return windows


def _card_columns(hands: np.ndarray, faces: np.ndarray, suits: np.ndarray, wild: np.ndarray,
                  high: np.ndarray) -> dict[str, np.ndarray]:
    """The columns read from the held cards alone (``hands``: rows of card indices)."""
    n, size = hands.shape
    natural = ~wild[hands] if size else np.zeros((n, 0), dtype=bool)
    face = faces[hands]
    suit = np.where(natural, suits[hands], -1)
    bits = np.where(natural, np.int64(1) << face.astype(np.int64), 0)
    mask = np.bitwise_or.reduce(bits, axis=1) if size else np.zeros(n, dtype=np.int64)
    naturals = natural.sum(axis=1)
    first_suit = np.max(suit, axis=1, initial=-1)
    same_pairs = np.zeros(n, dtype=np.int64)
    for i, j in combinations(range(size), 2):
        same_pairs += natural[:, i] & natural[:, j] & (face[:, i] == face[:, j])
    return {"held": np.full(n, size, dtype=np.int64), "wild": size - naturals,
            "high": (natural & high[face]).sum(axis=1),
            "suited": ((suit == first_suit[:, None]) | ~natural).all(axis=1).astype(np.int64),
            "pair": (same_pairs == 1).astype(np.int64) * (naturals == 2),
            "distinct": (same_pairs == 0).astype(np.int64), "mask": mask}


def _gaps(mask: np.ndarray, naturals: np.ndarray, windows: np.ndarray) -> np.ndarray:
    inside = ((mask[:, None] & windows[None, :]) == mask[:, None]).sum(axis=1) if len(windows) else 0 * mask
    return np.where(inside > 0, (6 - naturals) - inside, -1)


def _kind(c: dict[str, np.ndarray], has_high: bool) -> np.ndarray:
    """Each hold's family: the first of :data:`KINDS` it belongs to."""
    held, wild = c["held"], c["wild"]
    naturals = held - wild
    high_only = (has_high & (wild == 0) & (held >= 1) & (held <= 3) & (c["high"] == naturals)
                 & ((held == 1) | ((c["distinct"] == 1) & (c["suited"] == 0))))
    choices = [held == 0, (held > 0) & (wild == held), (c["made"] >= 0) & ((c["minimal"] == 1) | (wild == 0)),
               (held == 2) & (wild == 0) & (c["pair"] == 1) & (c["made"] < 0), high_only, c["head"] >= 0]
    return np.select(choices, [NOTHING, WILD, MADE, LOW_PAIR, HIGH_CARDS, DRAW], OTHER)


def hold_features(deals: np.ndarray, index: np.ndarray, categories: np.ndarray, tables: PatternTables,
                  faces: np.ndarray, suits: np.ndarray) -> HoldFeatures:
    """The features of every subset of 0..4 cards and of every deal's five cards (``deals``:
    sorted card rows; ``index``: their holds' stacked-table rows; ``categories``: every
    five-card hand's category)."""
    n = len(faces)
    wild, high = tables.wild_cards, tables.high_faces
    made_of, head_of = _made_and_head(tables)
    blocks = [all_hands(n, size).astype(np.int64) for size in range(HAND_SIZE)] + [deals.astype(np.int64)]
    parts = [_card_columns(hands, faces, suits, wild, high) for hands in blocks]
    columns = {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}
    subsets = len(tables.by_subset)
    five = tables.by_category[0][categories[index[:, -1]]]
    columns["made"] = made_of[np.concatenate([tables.by_subset[:, 0], five])]
    columns["head"] = np.concatenate([head_of[tables.by_subset[:, 0]], np.full(len(deals), -1)])
    offsets = np.concatenate([[0], np.cumsum([len(b) for b in blocks])])
    columns["minimal"] = _minimal(blocks, offsets, columns["made"], index, subsets)
    windows = game_windows(tables, faces, suits, lambda hands: categories[colex_rank(hands)])
    columns["gaps"] = _gaps(columns["mask"], columns["held"] - columns["wild"], windows)
    columns["kind"] = _kind(columns, bool(high.any()))
    rows = index.copy()
    rows[:, HOLDS - 1] = subsets + np.arange(len(deals))
    return HoldFeatures(columns, rows)


def deal_features(cards: np.ndarray, index: np.ndarray, category: int, tables: PatternTables, faces: np.ndarray,
                  suits: np.ndarray, windows: np.ndarray) -> HoldFeatures:
    """:func:`hold_features` of one deal alone, read from its own 32 holds (one row per hold
    mask: ``rows`` is ``[0..31]``): ``cards`` sorted, ``index`` its ``(1, 32)`` stacked-table
    rows, ``category`` its hand's, ``windows`` the game's (:func:`game_windows`)."""
    wild, high = tables.wild_cards, tables.high_faces
    sizes = [len(held_positions(mask)) for mask in range(HOLDS)]
    order = sorted(range(HOLDS), key=sizes.__getitem__)                   # the holds by size
    blocks = [np.array([cards[held_positions(m)] for m in order if sizes[m] == size], dtype=np.int64)
              .reshape(sizes.count(size), size) for size in range(HAND_SIZE + 1)]
    parts = [_card_columns(hands, faces, suits, wild, high) for hands in blocks]
    back = np.argsort(order)
    columns = {name: np.concatenate([p[name] for p in parts])[back] for name in parts[0]}
    made_of, head_of = _made_and_head(tables)
    ids = np.append(tables.by_subset[index[0, :-1], 0], tables.by_category[0][category])
    made = columns["made"] = made_of[ids]
    columns["head"] = np.append(head_of[ids[:-1]], -1)
    columns["minimal"] = np.array([made[m] >= 0 and all(made[m ^ (1 << b)] != made[m] for b in held_positions(m))
                                   for m in range(HOLDS)], dtype=np.int64)
    columns["gaps"] = _gaps(columns["mask"], columns["held"] - columns["wild"], windows)
    columns["kind"] = _kind(columns, bool(high.any()))
    return HoldFeatures(columns, np.arange(HOLDS)[None, :])


def game_windows(tables: PatternTables, faces: np.ndarray, suits: np.ndarray, category_of: HandCategories
                 ) -> np.ndarray:
    """:func:`straight_windows` of a game from its pattern tables (which categories pay)."""
    made_of, _ = _made_and_head(tables)
    return straight_windows(faces, suits, tables.wild_cards, category_of, made_of[tables.by_category[0]] >= 0)


def _made_and_head(tables: PatternTables) -> tuple[np.ndarray, np.ndarray]:
    """Each pattern id's made category and head, -1 appended (a row no pattern has)."""
    return (np.array([p.made for p in tables.patterns] + [-1], dtype=np.int64),
            np.array([p.head for p in tables.patterns] + [-1], dtype=np.int64))


def _minimal(blocks: list[np.ndarray], offsets: np.ndarray, made: np.ndarray, index: np.ndarray,
             subsets: int) -> np.ndarray:
    """1 where the hold is made and dropping any held card leaves it not made that category."""
    minimal = (made >= 0).astype(np.int64)
    for size in range(1, HAND_SIZE):
        rows = slice(offsets[size], offsets[size + 1])
        for dropped in range(size):
            kept = np.delete(blocks[size], dropped, axis=1)
            smaller = made[offsets[size - 1] + colex_rank(kept)]
            minimal[rows] &= smaller != made[rows]
    for bit in range(HAND_SIZE):
        smaller = made[index[:, (HOLDS - 1) ^ (1 << bit)]]
        minimal[subsets:] &= smaller != made[subsets:]
    return minimal

