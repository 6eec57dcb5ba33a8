"""Completion, the seed's third function: fix the held cards, count the draws — for every deck.

A hold keeps some dealt cards at their positions and redraws the others from the deck less the
dealt cards.  :func:`complete` counts the draws that make ``node`` (a category, a paid form)
in the convention of ``cpoly hold`` (:func:`draw_convention`):

* an unordered game counts **unordered replacement sets**: each set of physical replacement
  cards once (with copies, a discarded card's twin is still in the deck and is a card of its
  own);
* an ordered game counts **ordered draws**: the drawn cards fill the discarded positions left
  to right, each ordered draw once.

Two methods, chosen by the number of draws:

* **checking every draw** (:mod:`cpoly.count.draws`) when there are at most CHECK_DRAWS: each draw
  weighed by its physical ways, the deal (without its copies weight) and the node evaluated
  on the final hands;
* **equality patterns** otherwise.  Unordered: by inclusion–exclusion over the discarded
  physical cards ``D``, the draws that avoid them are ``Σ_{T ⊆ D} (-1)^|T| N(H ∪ T)``, with
  ``N(S)`` the physical hands containing the physical cards ``S``: every count has only fixed
  cards and free cards, no exclusion literal.  ``N(S)`` is the deal's count with ``S`` fixed
  at the first positions: the deal's copies weight ``Π_i (c - #earlier equal cards)`` is then
  ``K(S) = Π_v (c)_(s_v)`` on the fixed positions times ``Π (c - s_v - #earlier free equal)``
  on the free ones, which weighs each free multiset by its physical realisations among the
  ``c - s_v`` copies left; so ``N(S) = count / (K(S) · free!)``, and a sub-multiset ``T`` of
  ``D`` stands for ``Π_v C(d_v, t_v)`` physical subsets.  Ordered (a node that depends on
  card order): the held vertices fixed where they lie, the same inclusion–exclusion with
  "the drawn cards contain T" written ``Π_{k in T} Σ_{i drawn} [card_i = k]`` (one deck), or
  with copies each drawn position weighed by ``c - Σ_{k dealt} [card_i = k] - Σ_{j < i drawn}
  [card_i = card_j]``, the copies of its card left.

A node symmetric in the positions (every category of an unordered game, and the categories
of an ordered game that do not depend on order) has ``free!`` ordered draws per unordered
replacement set; a node symmetric only in the drawn positions (a completion form's other
factors, held cards fixed) is counted where its cards lie; in an unordered game a node that
tells the drawn positions apart is refused.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from math import comb, factorial, perm, prod

from cpoly.count.compiledgame import Game
from cpoly.count.condition import is_symmetric
from cpoly.count.counting import count_node
from cpoly.count.draws import check_draws
from cpoly.dag.expr import Delta, Expr, Product
from cpoly.dag.rewrite import add, complement, const, delta, mul, neg
from cpoly.dag.symbolic import Number, expand
from cpoly.dag.vertices import substitute
from cpoly.deck.cards import Card
from cpoly.errors import CpolyError, CpolyInputError

__all__ = ["CHECK_DRAWS", "ORDERED_DRAWS", "UNORDERED_SETS", "DrawForm", "bound_deal", "complete",
           "complete_many", "draw_convention", "draw_form", "form_removed", "hands_containing"]

#: Draws enumerated and checked one by one (NumPy) when there are at most this many; more are
#: counted by equality patterns.
CHECK_DRAWS = 2_000_000

UNORDERED_SETS = "unordered replacement sets"
ORDERED_DRAWS = "ordered draws"


def draw_convention(game: Game) -> str:
    """How :func:`complete` counts draws in ``game`` (the convention of ``cpoly hold``)."""
    return ORDERED_DRAWS if game.spec.ordered else UNORDERED_SETS


def complete(game: Game, node: Expr, held: Mapping[int, Card], excluded: Sequence[Card],
             method: str | None = None) -> Number:
    """``Σ deal·node`` over the draws: the cards at the ``held`` positions fixed, the other
    positions drawn from the deck less the ``excluded`` cards (the deal; with copies a card
    listed twice removes both copies, and a held card is always removed), counted in the
    game's :func:`draw_convention`.  ``method``: "checking" or "patterns" (default: checking
    when there are at most CHECK_DRAWS draws)."""
    return complete_many(game, [node], held, excluded, method)[0]


def complete_many(game: Game, nodes: Sequence[Expr], held: Mapping[int, Card], excluded: Sequence[Card],
                  method: str | None = None) -> list[Number]:
    """:func:`complete` for several nodes at once (checking enumerates the draws once); a node
    that tells the drawn positions apart is refused in an unordered game (module docstring)."""
    if method not in (None, "checking", "patterns"):
        raise CpolyInputError(f"unknown completion method '{method}' (checking or patterns)")
    removed = _removed(game, held, excluded)
    kinds = [_order_kind(game, node, held) for node in nodes]
    results: dict[int, Number] = {}
    for kind in (SYMMETRIC, DRAWN_SYMMETRIC, ORDERED):
        chosen = [i for i, k in enumerate(kinds) if k == kind]
        if chosen:
            results.update(zip(chosen, _count(game, [nodes[i] for i in chosen], held, removed, kind, method)))
    return [results[i] for i in range(len(nodes))]


SYMMETRIC, DRAWN_SYMMETRIC, ORDERED = "symmetric", "drawn positions symmetric", "ordered"


def _order_kind(game: Game, node: Expr, held: Mapping[int, Card]) -> str:
    """How a node depends on card order (module docstring); the deal's copies weight
    is symmetric (it counts the physical orderings of a hand), though not written so."""
    target = mul(_base_deal(game), node)
    if is_symmetric(target, list(zip(game.face_vertices, game.suit_vertices))):
        return SYMMETRIC
    free = [(game.face_vertices[i], game.suit_vertices[i]) for i in range(game.hand_size) if i not in held]
    if game.spec.ordered:
        return ORDERED
    if is_symmetric(substitute(target, _fixed(game, held)), free):
        return DRAWN_SYMMETRIC
    raise CpolyError("this count depends on the order of the drawn cards (some replacement set "
                     "makes it in one order and not in another), but the game deals unordered "
                     "hands: declare 'ordered' to count ordered draws")


def _count(game: Game, nodes: Sequence[Expr], held: Mapping[int, Card], removed: Counter[Card],
           kind: str, method: str | None) -> list[Number]:
    """The draws of each node of one :func:`_order_kind`, in the game's draw convention."""
    ordered = kind == ORDERED
    drawn = factorial(game.hand_size - len(held))
    scale = drawn if game.spec.ordered and not ordered else 1
    if method == "checking" or (method is None and _draw_count(game, held, removed, ordered) <= CHECK_DRAWS):
        sorts = {v: s.name for v, s in game.sorts.items()}
        counts: list[Number] = list(check_draws(nodes, _base_deal(game), sorts,
                                                (game.face_vertices, game.suit_vertices),
                                                held, _available(game, removed), ordered))
    elif kind == SYMMETRIC:
        counts = [_complete_by_patterns(game, node, held, removed) for node in nodes]
    else:
        counts = [_complete_ordered(game, node, held, removed) for node in nodes]
        if not ordered:
            counts = [game.plan.per_hand(c, drawn, "this completion") for c in counts]
    return [expand(c * scale) for c in counts]


def _complete_by_patterns(game: Game, node: Expr, held: Mapping[int, Card], removed: Counter[Card]) -> Number:
    """Inclusion–exclusion over the physical discards (module docstring)."""
    held_cards = list(Counter(held.values()).elements())
    return _inclusion_exclusion(game, held, removed,
                                lambda chosen: hands_containing(game, node, held_cards + list(chosen.elements())))


def _removed(game: Game, held: Mapping[int, Card], excluded: Sequence[Card]) -> Counter[Card]:
    """The physical cards out of the deck, by card: the excluded ones and the held ones."""
    if any(not 0 <= p < game.hand_size for p in held):
        raise CpolyInputError(f"held positions must be 0..{game.hand_size - 1}, not {sorted(held)}")
    deck = set(game.plan.deck_cards())
    removed = Counter((int(f), int(s)) for f, s in excluded) | Counter((int(f), int(s)) for f, s in held.values())
    for card, n in removed.items():
        if card not in deck:
            raise CpolyInputError(f"card {game.format(card)} is not in this deck")
        if n > game.spec.copies:
            raise CpolyInputError(f"{n} copies of {game.format(card)} taken out of a deck with "
                                  f"{game.spec.copies} of each card")
    return removed


def _inclusion_exclusion(game: Game, held: Mapping[int, Card], removed: Counter[Card],
                         count: Callable[[Counter[Card]], Number]) -> Number:
    """``Σ_T (-1)^|T| · ways(T) · count(T)`` over the sub-multisets ``T`` of the physical discards
    of at most the drawn cards, each standing for ``ways(T) = Π_v C(d_v, t_v)`` physical subsets."""
    discards = removed - Counter(held.values())
    values = sorted(discards)
    total: Number = 0
    for counts in product(*(range(discards[v] + 1) for v in values)):
        if sum(counts) <= game.hand_size - len(held):
            ways = prod(comb(discards[v], t) for v, t in zip(values, counts))
            total += (-1) ** sum(counts) * ways * count(Counter(dict(zip(values, counts))))
    return expand(total)


def _fixed(game: Game, cards: Mapping[int, Card]) -> dict[int, int]:
    return {vertex: value for position, card in cards.items()
            for vertex, value in zip((game.face_vertices[position], game.suit_vertices[position]), card)}


def hands_containing(game: Game, node: Expr, cards: Sequence[Card]) -> Number:
    """The physical hands that contain the physical ``cards`` and make ``node`` (unordered)."""
    ordered = game.plan.count_fixed(node, _fixed(game, dict(enumerate(cards))))
    realisations = prod(perm(game.spec.copies, n) for n in Counter(cards).values())
    return game.plan.per_hand(ordered, realisations * factorial(game.hand_size - len(cards)))


def _available(game: Game, removed: Counter[Card]) -> dict[Card, int]:
    """The physical copies of each card left in the deck."""
    return {card: game.spec.copies - removed[card] for card in game.plan.deck_cards()
            if removed[card] < game.spec.copies}


def _draw_count(game: Game, held: Mapping[int, Card], removed: Counter[Card], ordered: bool) -> int | float:
    """The draws checking would enumerate (an upper bound with copies; infinite when a size is
    symbolic or the deal assigns more than the cards, so that the draws go to patterns)."""
    if game.plan.space.symbolic or game.universe != frozenset(game.face_vertices + game.suit_vertices):
        return float("inf")
    left = sum(_available(game, removed).values())
    free = game.hand_size - len(held)
    return perm(left, free) if ordered else comb(left, free)


def _base_deal(game: Game) -> Expr:
    """The deal without its copies weight (completion weighs the copies left itself)."""
    return game.deal if game.spec.copies == 1 else game.lowerer.expr(game.spec.deal, {})


def _complete_ordered(game: Game, node: Expr, held: Mapping[int, Card], removed: Counter[Card]) -> Number:
    """Ordered draws: the held vertices fixed; one deck by inclusion–exclusion over the discards
    (the fillings that contain the discards ``T``: ``Π_{k in T} Σ_{i drawn} [card_i = k]``, no
    exclusion literal per position), copies by the physical draw weights (module docstring)."""
    free = [i for i in range(game.hand_size) if i not in held]
    faces, suits = game.face_vertices, game.suit_vertices
    fixed = _fixed(game, held)
    universe = game.universe - frozenset(fixed)

    def is_card(i: int, card: Card) -> Expr:
        return mul(delta((faces[i],), {card[0]}), delta((suits[i],), {card[1]}))

    def containing(chosen: Counter[Card]) -> Number:
        contains = [add(*(is_card(i, card) for i in free)) for card in chosen.elements()]
        return count_node(substitute(mul(game.deal, node, *contains), fixed), game.sorts, universe)

    if game.spec.copies == 1:
        return _inclusion_exclusion(game, held, removed, containing)
    copies = game.spec.copies
    weights = [add(const(copies), *(mul(const(-n), is_card(i, card)) for card, n in removed.items()),
                   *(neg(mul(delta((faces[i], faces[j])), delta((suits[i], suits[j])))) for j in free if j < i))
               for i in free]
    target = substitute(mul(_base_deal(game), node, *weights), fixed)  # the deal's copies weight replaced
    return count_node(target, game.sorts, universe)


# ---- completion forms in the notation ---------------------------------------------------------
@dataclass(frozen=True)
class DrawForm:
    """A completion written in the notation: the ``held`` positions' cards, the cards every
    redrawn position avoids, and the rest of the product (``body``)."""

    held: dict[int, Card]
    excluded: frozenset[Card]
    body: Expr


def draw_form(game: Game, node: Expr) -> DrawForm | None:
    """``node`` as a completion (module docstring), None when it neither pins a card vertex
    nor keeps a card out of a position.

    Raises CpolyError when it pins cards but is not a completion the engine can count exactly:
    a position with only its face or only its suit pinned, redrawn positions that avoid
    different cards, or (unordered games) other factors that tell positions apart.
    """
    position = {v: (kind, i) for kind, group in enumerate((game.face_vertices, game.suit_vertices))
                for i, v in enumerate(group)}
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
    if not pins and not avoiding:
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
        avoids = {i: " ".join(game.format(c) for c in sorted(avoided[i])) or "no card" for i in free}
        raise CpolyError("this definition is not a completion: its redrawn cards avoid different "
                         "cards (" + "; ".join(f"card {i + 1} avoids {avoids[i]}" for i in free) + ")")
    excluded = frozenset(avoided[free[0]]) if free else frozenset()
    body = mul(*rest, *(f for i, _, f in avoiding if i in held))
    return DrawForm(held, excluded, body)


def _pin_of(factor: Expr, position: Mapping[int, tuple[int, int]]) -> tuple[tuple[int, int], int] | None:
    """``((face or suit, position), value)`` when ``factor`` is ``δF[i]{f}`` or ``δS[i]{s}``."""
    if (isinstance(factor, Delta) and len(factor.vertices) == 1 and factor.values is not None
            and len(factor.values) == 1 and factor.vertices[0] in position):
        (value,) = factor.values
        return position[factor.vertices[0]], value
    return None


def _avoided_card(factor: Expr, position: Mapping[int, tuple[int, int]]) -> tuple[int, Card] | None:
    """``(i, (f, s))`` when ``factor`` is ``1 - δF[i]{f} δS[i]{s}`` (card i is not (f, s))."""
    base = complement(factor)
    factors = base.factors if isinstance(base, Product) and len(base.factors) == 2 else ()
    pins = dict(pin for pin in (_pin_of(f, position) for f in factors) if pin is not None)
    i = min(i for _, i in pins) if pins else -1
    if pins.keys() != {(0, i), (1, i)}:
        return None
    return i, (pins[(0, i)], pins[(1, i)])


# ---- the dealt cards of a completion form --------------------------------------------------------
#: The standard library's names for the dealt cards (cpoly/lib/autohold.cp: DF[i], DS[i]).
DEALT_FACES, DEALT_SUITS = "DF", "DS"


def bound_deal(params: Mapping[str, int], hand_size: int) -> list[Card] | None:
    """The dealt cards bound to the standard library's parameters, None when not all are."""
    names = [(f"{DEALT_FACES}[{i}]", f"{DEALT_SUITS}[{i}]") for i in range(1, hand_size + 1)]
    if not all(f in params and s in params for f, s in names):
        return None
    return [(params[f], params[s]) for f, s in names]


def form_removed(game: Game, form: DrawForm, dealt: Sequence[Card] | None) -> list[Card]:
    """The cards a completion form takes out of the deck: the cards it avoids; with copies, the
    dealt cards bound to the library's parameters (``dealt``), which must be the cards the form
    avoids and hold the held cards at their positions.  Value exclusions alone cannot say how
    many copies of a card were dealt, so a form with copies and without them is refused."""
    if game.spec.copies == 1 or not form.excluded:
        return sorted(form.excluded)
    consistent = (dealt is not None and frozenset(dealt) == form.excluded
                  and all(dealt[i] == card for i, card in form.held.items()))
    if not consistent:
        raise CpolyError(
            f"this draw form cannot be counted exactly with {game.spec.copies} copies of each card: "
            "excluding card values does not say how many copies of each were dealt (a discarded "
            "card's twin is still in the deck); bind the dealt cards with the standard library's "
            f"draw form (import \"autohold.cp\": {DEALT_FACES}[i], {DEALT_SUITS}[i], Held[i]), or use cpoly hold")
    return list(dealt)  # type: ignore[arg-type]
