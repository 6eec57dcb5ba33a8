"""Completion, the seed's third function: fix the held cards, count the draws — for every deck.

A hold keeps some dealt cards at their positions and redraws the others from the deck less the
dealt cards.  :func:`complete` counts the draws that make ``node`` (a category, a paid form)
in the convention of ``cpoly hold`` (:func:`draw_convention`):

* an unordered game counts **unordered replacement sets**: each set of physical replacement
  cards once (with copies, a discarded card's twin is still in the deck and is a card of its
  own);
* an ordered game counts **ordered draws**: the drawn cards fill the discarded positions left
  to right, each ordered draw once.

**Unordered games.**  By inclusion–exclusion over the discarded physical cards ``D``, the
draws that avoid them are ``Σ_{T ⊆ D} (-1)^|T| N(H ∪ T)``, with ``N(S)`` the physical hands
containing the physical cards ``S``: every count has only fixed cards and free cards, no
exclusion literal.  ``N(S)`` is the deal's count with ``S`` fixed at the first positions: the
deal's copies weight ``Π_i (c - #earlier equal cards)`` is then ``K(S) = Π_v (c)_(s_v)`` on the
fixed positions times ``Π (c - s_v - #earlier free equal)`` on the free ones, which weighs
each free multiset by its physical realisations among the ``c - s_v`` copies left; so
``N(S) = count / (K(S) · free!)``.  Sub-multisets ``T`` of ``D`` stand for
``Π_v C(d_v, t_v)`` physical subsets.

**Ordered games.**  The held vertices are fixed and every free position ``i`` gets the weight
``c - Σ_{k dealt} [card_i = k] - Σ_{j < i free} [card_i = card_j]`` (the copies of its card
left), which is ``Π (1 - [card_i = k])`` for one deck; the deal without its copies weight.

:func:`draw_form` recognises a completion written in the notation (the seed's ``Redraw`` /
``Discard`` masks, the standard library's ``Draw``): held positions pinned by
``δF[i]{f} δS[i]{s}``, redrawn positions kept out of the dealt cards by
``(1 - δF[i]{f} δS[i]{s})``; ``cpoly count --param`` counts such a form with :func:`complete`.

>>> from cpoly.api import load_game
>>> game = load_game("definitions/jacks_or_better.cp")
>>> royal = [(12, 0), (11, 0), (10, 0), (9, 0)]          # Ah Kh Qh Jh held, 2c discarded
>>> complete(game, game.paid_form("RoyalFlush"), dict(enumerate(royal)), royal + [(0, 2)])
1
>>> draw_convention(game)
'unordered replacement sets'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from math import comb, factorial, perm, prod

from cpoly.cards import Card
from cpoly.condition import is_symmetric
from cpoly.counting import count_node
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.expr import Delta, Expr, Product, Sum
from cpoly.game import Game
from cpoly.rewrite import ONE, add, const, delta, mul, neg, one_minus, split_coefficient, substitute
from cpoly.symbolic import Number, expand

__all__ = ["ORDERED_DRAWS", "UNORDERED_SETS", "DrawForm", "complete", "draw_convention", "draw_form"]

UNORDERED_SETS = "unordered replacement sets"
ORDERED_DRAWS = "ordered draws"


def draw_convention(game: Game) -> str:
    """How :func:`complete` counts draws in ``game`` (the convention of ``cpoly hold``)."""
    return ORDERED_DRAWS if game.spec.ordered else UNORDERED_SETS


def complete(game: Game, node: Expr, held: Mapping[int, Card], excluded: Sequence[Card]) -> Number:
    """``Σ deal·node`` over the draws: the cards at the ``held`` positions fixed, the other
    positions drawn from the deck less the ``excluded`` cards (the deal; with copies a card
    listed twice removes both copies, and a held card is always removed), counted in the
    game's :func:`draw_convention`."""
    removed = _removed(game, held, excluded)
    if game.spec.ordered:
        return _complete_ordered(game, node, held, removed)
    held_cards = Counter(held.values())
    discards = removed - held_cards
    free = game.hand_size - len(held)
    total: Number = 0
    for chosen, ways in _sub_multisets(discards, free):
        cards = list(held_cards.elements()) + list(chosen.elements())
        total += (-1) ** sum(chosen.values()) * ways * _hands_containing(game, node, cards)
    return expand(total)


def _removed(game: Game, held: Mapping[int, Card], excluded: Sequence[Card]) -> Counter[Card]:
    """The physical cards out of the deck, by card: the excluded ones and the held ones."""
    if any(not 0 <= p < game.hand_size for p in held):
        raise CpolyInputError(f"held positions must be 0..{game.hand_size - 1}, not {sorted(held)}")
    deck = set(game.plan.deck_cards())
    removed = Counter(map(tuple, excluded))
    for card, n in Counter(held.values()).items():
        removed[card] = max(removed[card], n)
    for card, n in removed.items():
        if card not in deck:
            raise CpolyInputError(f"card {game.format(card)} is not in this deck")
        if n > game.spec.copies:
            raise CpolyInputError(f"{n} copies of {game.format(card)} taken out of a deck with "
                                  f"{game.spec.copies} of each card")
    return removed


def _sub_multisets(cards: Counter[Card], most: int) -> Iterator[tuple[Counter[Card], int]]:
    """Every sub-multiset of at most ``most`` cards, with the physical subsets it stands for."""
    values = sorted(cards)
    for counts in product(*(range(cards[v] + 1) for v in values)):
        if sum(counts) <= most:
            yield Counter(dict(zip(values, counts))), prod(comb(cards[v], t) for v, t in zip(values, counts))


def _fixed(game: Game, cards: Mapping[int, Card]) -> dict[int, int]:
    fixed: dict[int, int] = {}
    for position, (face, suit) in cards.items():
        fixed[game.face_vertices[position]] = face
        fixed[game.suit_vertices[position]] = suit
    return fixed


def _hands_containing(game: Game, node: Expr, cards: Sequence[Card]) -> Number:
    """The physical hands that contain the physical ``cards`` and make ``node`` (unordered)."""
    ordered = game.plan.count_fixed(node, _fixed(game, dict(enumerate(cards))))
    copies = game.spec.copies
    realisations = prod(perm(copies, n) for n in Counter(cards).values())
    return game.plan.per_hand(ordered, realisations * factorial(game.hand_size - len(cards)))


def _complete_ordered(game: Game, node: Expr, held: Mapping[int, Card], removed: Counter[Card]) -> Number:
    free = [i for i in range(game.hand_size) if i not in held]
    faces, suits = game.face_vertices, game.suit_vertices
    copies = game.spec.copies

    def is_card(i: int, card: Card) -> Expr:
        return mul(delta((faces[i],), {card[0]}), delta((suits[i],), {card[1]}))

    if copies == 1:
        weights = [one_minus(is_card(i, card)) for i in free for card in removed]
        deal = game.deal
    else:
        weights = [add(const(copies), *(mul(const(-n), is_card(i, card)) for card, n in removed.items()),
                       *(neg(mul(delta((faces[i], faces[j])), delta((suits[i], suits[j]))))
                         for j in free if j < i))
                   for i in free]
        deal = game.lowerer.expr(game.spec.deal, {})  # the deal's copies weight is replaced
    fixed = _fixed(game, held)
    target = substitute(mul(deal, node, *weights), fixed)
    return count_node(target, game.sorts, game.universe - frozenset(fixed))


# ---- completion forms in the notation ---------------------------------------------------------
@dataclass(frozen=True)
class DrawForm:
    """A completion written in the notation: the ``held`` positions' cards, the cards every
    redrawn position avoids, and the rest of the product (``body``)."""

    held: dict[int, Card]
    excluded: frozenset[Card]
    body: Expr


def draw_form(game: Game, node: Expr) -> DrawForm | None:
    """``node`` as a completion (module docstring), None when it pins no card vertex.

    Raises CpolyError when it pins cards but is not a completion the engine can count exactly:
    a position with only its face or only its suit pinned, redrawn positions that avoid
    different cards, or (unordered games) other factors that tell positions apart.
    """
    position = {v: (0, i) for i, v in enumerate(game.face_vertices)}
    position.update({v: (1, i) for i, v in enumerate(game.suit_vertices)})
    pins: dict[tuple[int, int], int] = {}
    avoiding: list[tuple[int, Card, Expr]] = []
    rest: list[Expr] = []
    for factor in node.factors if isinstance(node, Product) else (node,):
        pinned, avoid = _pin_of(factor, position), _avoided_card(factor, position)
        if pinned is not None:
            pins[pinned[0]] = pinned[1]  # two pins of one vertex were merged by the product
        elif avoid is not None:
            avoiding.append((*avoid, factor))
        else:
            rest.append(factor)
    if not pins:
        return None
    half = sorted({i for (kind, i) in pins if (1 - kind, i) not in pins})
    if half:
        part = "face" if (0, half[0]) in pins else "suit"
        raise CpolyError(f"this definition fixes only the {part} of card {half[0] + 1}: a completion "
                         "fixes whole cards (δF[i]{f} δS[i]{s}) and redraws the others")
    held = {i: (pins[(0, i)], pins[(1, i)]) for (kind, i) in pins if kind == 0}
    free = [i for i in range(game.hand_size) if i not in held]
    avoided = {i: {card for j, card, _ in avoiding if j == i} for i in free}
    if len({frozenset(cards) for cards in avoided.values()}) > 1:
        raise CpolyError("this definition is not a completion: its redrawn cards avoid different "
                         "cards (" + "; ".join(f"card {i + 1} avoids {_cards(game, avoided[i])}"
                                               for i in free) + ")")
    excluded = frozenset(avoided[free[0]]) if free else frozenset()
    body = mul(*rest, *(f for i, _, f in avoiding if i in held))
    if not game.spec.ordered and not is_symmetric(body, list(zip(game.face_vertices, game.suit_vertices))):
        raise CpolyError("this completion's other factors tell the card positions apart, but the "
                         "game deals unordered hands (declare 'ordered' to count ordered draws)")
    return DrawForm(held, excluded, body)


def _cards(game: Game, cards: set[Card]) -> str:
    return " ".join(game.format(c) for c in sorted(cards)) or "no card"


def _pin_of(factor: Expr, position: Mapping[int, tuple[int, int]]) -> tuple[tuple[int, int], int] | None:
    """``((face or suit, position), value)`` when ``factor`` is ``δF[i]{f}`` or ``δS[i]{s}``."""
    if (isinstance(factor, Delta) and len(factor.vertices) == 1 and factor.values is not None
            and len(factor.values) == 1 and factor.vertices[0] in position):
        (value,) = factor.values
        return position[factor.vertices[0]], value
    return None


def _avoided_card(factor: Expr, position: Mapping[int, tuple[int, int]]) -> tuple[int, Card] | None:
    """``(i, (f, s))`` when ``factor`` is ``1 - δF[i]{f} δS[i]{s}`` (card i is not (f, s))."""
    if not (isinstance(factor, Sum) and len(factor.terms) == 2 and factor.terms[0] is ONE):
        return None
    coefficient, base = split_coefficient(factor.terms[1])
    if coefficient != -1 or not isinstance(base, Product) or len(base.factors) != 2:
        return None
    parts = [_pin_of(f, position) for f in base.factors]
    if any(p is None for p in parts):
        return None
    (first, a), (second, b) = parts  # type: ignore[misc]
    if first[1] != second[1] or {first[0], second[0]} != {0, 1}:
        return None
    face, suit = (a, b) if first[0] == 0 else (b, a)
    return first[1], (face, suit)
