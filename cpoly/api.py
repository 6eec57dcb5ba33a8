"""The library's front door: load a .cp file, then count, check and complete through the game's
counting plan (:mod:`cpoly.count.counting`), which decides how every count is done.

>>> game = load_game("definitions/jacks_or_better.cp")
>>> table = deal_table(game)
>>> table.total, table.rows[0].name, table.rows[0].ways
(2598960, 'RoyalFlush', 4)
>>> check(game, ["Ah", "Kh", "Qh", "Jh", "Th"])
'RoyalFlush'

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.deck, cpoly.lang, cpoly.count
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from cpoly.count import completion
from cpoly.count.compiledgame import Game
from cpoly.count.counting import CountingPlan, count_node
from cpoly.count.evaluate import count_dense
from cpoly.count.positions import deal_depends_on_order, order_dependent
from cpoly.count.swallowed import swallowed
from cpoly.dag.expr import Delta, Expr, postorder
from cpoly.dag.rewrite import ONE, delta, mul, one_minus
from cpoly.dag.symbolic import Number
from cpoly.deck.cards import Card
from cpoly.errors import CpolyError, CpolyTooLarge, Warning_
from cpoly.lang.imports import blamed_on_override, load_module, read_text
from cpoly.lang.lower import Lowerer
from cpoly.lang.resolve import Program, Sort, resolve
from cpoly.store.gameset import given_overrides
from cpoly.store.snapshot import keep, recall_loaded
from cpoly.store.sources import collection_paused

__all__ = ["DealRow", "DealTable", "check", "complete", "count", "count_deals", "count_node",
           "deal_table", "dense_count", "load_game", "load_game_text",
           "load_program", "not_zero_one_categories", "refuse_identical_cards", "symbolic_validity"]

Loaded = TypeVar("Loaded", Program, Game)


def thousands(value: Number) -> str:
    """A count for a message: ``3,156,985`` (a polynomial as it is)."""
    return f"{value:,}" if isinstance(value, int) else str(value)


def load_program(path: str | Path, symbolic: Iterable[str] = (),
                 overrides: Mapping[str, int] | None = None, use_cache: bool = True) -> Program:
    """Parse and resolve a .cp file; ``symbolic`` constants become sympy symbols and
    ``overrides`` replace the values of constants (``--set Suits=5``).  Every definition is
    checked (names, indices, domains), used or not.  Read from its snapshot when loaded before
    (see :func:`load_game`)."""
    return _loaded(Program, path, symbolic, overrides, use_cache, _checked)


def load_game_text(text: str, name: str = "inline.cp", directory: str | Path | None = None,
                   check_order: bool = True) -> Game:
    """A game written inline (imports looked up from ``directory``, default the current one)."""
    program = resolve(read_text(text, name, None if directory is None else Path(directory)))
    return _game(program, check_order)


def load_game(path: str | Path, symbolic: Iterable[str] = (),
              overrides: Mapping[str, int] | None = None, use_cache: bool = True) -> Game:
    """A .cp file with a game section, ready to count, check and analyse.

    A game loaded before from unchanged files is read from its snapshot in the cache
    (:mod:`cpoly.store.snapshot`) instead of being parsed and checked again; ``use_cache=False``
    neither reads nor writes one.
    """
    return _loaded(Game, path, symbolic, overrides, use_cache, _game)


def _loaded(kind: type[Loaded], path: str | Path, symbolic: Iterable[str], overrides: Mapping[str, int] | None,
            use_cache: bool, build: Callable[[Program], Loaded]) -> Loaded:
    """``build`` of the resolved file, or its snapshot; the options are what a snapshot depends
    on besides the files (see :mod:`cpoly.store.snapshot`)."""
    symbolic = sorted(set(symbolic))
    overrides = given_overrides() if overrides is None else overrides  # --set on any command
    name = "game" if kind is Game else "program"
    options = {"kind": name, "symbolic": symbolic, "overrides": sorted((overrides or {}).items()),
               "check_order": name == "game"}
    with collection_paused():
        loaded = recall_loaded(path, options, kind) if use_cache else None
        if loaded is None:
            module = load_module(path)
            try:
                program = resolve(module, frozenset(symbolic), overrides)
                loaded = build(program)
            except CpolyError as error:  # at the user's override when it broke an imported line
                raise blamed_on_override(error, module) from None
            if use_cache:
                keep(path, options, loaded, program.module.sources)
    return loaded


def _checked(program: Program) -> Program:
    """``program`` with every definition lowered (parameters 0), used or not."""
    Lowerer(program, {name: 0 for name in program.params}).check_all()
    return program


def _game(program: Program, check_order: bool = True) -> Game:
    """The game of a resolved program, every definition checked; an unordered game whose
    category depends on where the cards lie is refused (``check_order``)."""
    lowerer = Lowerer(program, {name: 0 for name in program.params})
    lowerer.check_all()
    game = Game.from_program(program, lowerer if not program.params else None, CountingPlan)
    if check_order and not game.spec.ordered:
        if deal_depends_on_order(game):
            raise CpolyError("the deal expression depends on the order of the cards (it accepts a "
                             "hand in one order and not in another); the deal must accept every "
                             "ordering of a hand", game.spec.deal.span)
        dependent = order_dependent(game)
        if dependent:
            raise CpolyError(
                f"category '{dependent[0]}' depends on the order of the cards (some hand has it in one "
                "order and not in another), but the game deals unordered hands: declare 'ordered' in "
                "the game, or write the category for every position (e.g. any(i<j in 1..5) …)",
                game.program.expressions[dependent[0]].span)
    refuse_identical_cards(game)
    return game


def refuse_identical_cards(game: Game) -> None:
    """A deck with one copy of each card has no two identical cards: a deal that admits a hand
    with two equal cards (the seed's two-deck ``Hand`` without ``copies 2``) counts hands that
    cannot be dealt, so it is an error at the deal (skipped when that count is too large)."""
    if game.spec.copies != 1:
        return
    faces, suits = game.face_vertices, game.suit_vertices
    distinct = mul(*(one_minus(mul(delta((faces[i], faces[j])), delta((suits[i], suits[j]))))
                     for i in range(game.hand_size) for j in range(i)))
    try:
        repeated = game.plan.count(one_minus(distinct), "the hands of the deal with two equal cards")
    except CpolyTooLarge:
        return
    if repeated != 0:
        total = game.plan.count(ONE, "the hands of the deal")
        raise CpolyError(
            f"the deal admits hands with two identical cards ({thousands(repeated)} of its "
            f"{thousands(total)} hands), but the deck has one copy of each card: declare "
            "'copies 2' (two decks), or deal distinct cards (prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j]))",
            game.spec.deal.span)


def count(program: Program, name: str, params: Mapping[str, int] | None = None) -> Number:
    """The counting function of the seed: ``Σ`` of definition ``name`` over all assignments of
    the vertices that have a domain."""
    lowerer = Lowerer(program, params)
    node = lowerer.definition(name)
    plan = CountingPlan.over(program.sorts, program.sorts.keys(), labels=lowerer.vertex_labels())
    try:
        return plan.count_ordered(node, f"'{name}'")
    except CpolyTooLarge as too_large:
        definition = program.expressions.get(name)
        raise CpolyTooLarge(too_large.message, definition.span if definition else too_large.span) from None


def dense_count(game: Game, node: Expr, max_points: int = 50_000_000) -> int:
    """The brute-force oracle: ``Σ deal·node`` by enumerating every assignment (small decks)."""
    return count_dense(mul(game.deal, node), game.sorts, sorted(game.universe), max_points)


@dataclass(frozen=True)
class DealRow:
    """One category on the deal: ways including higher wins, and paid ways (highest win only)."""

    name: str
    ways: Number
    paid_ways: Number


@dataclass(frozen=True)
class DealTable:
    total: Number
    rows: tuple[DealRow, ...]


def count_deals(game: Game, node: Expr, what: str = "this count") -> Number:
    """``Σ deal·node``: per unordered hand unless the game's deal space is ordered; errors name
    ``what``."""
    return game.plan.count(node, what)


def deal_table(game: Game) -> DealTable:
    """Deal frequencies of every category, with and without the higher wins.

    The plan estimates every category's count first: by equality patterns when they all fit
    the table's budget (exact, symbolic sizes allowed), else by checking every deal once.
    Every category must be 0/1 on the deals (else an error at the category): counting sums a
    category's values, checking counts the deals it hits, and the two differ when some deal
    hits it more than once.
    """
    with collection_paused():  # planning walks the game's lasting DAG: a collection would traverse it all
        table = _deal_table(game)
    odd = not_zero_one_categories(game)
    if odd:
        symbols = sorted({str(game.sorts[v].size) for v in game.universe if game.sorts[v].symbolic})
        sizes = f"for some values of {', '.join(symbols)}, " if symbols else ""
        raise game.not_zero_one(odd[0], f"{sizes}its ways would depend on how the table is counted "
                                        "(the sum of its values over the deals, or the deals it hits)")
    never_paid = swallowed(game, [row.ways for row in table.rows], [row.paid_ways for row in table.rows])
    if never_paid is not None:
        raise never_paid
    game.plan.keep_plans()  # the next process counting this game plans nothing (cpoly.count.plancache)
    return table


def _deal_table(game: Game) -> DealTable:
    plan = game.plan
    estimates = [plan.estimate(game.categories[name]) for name in game.category_names]
    patterns = [e.patterns for e in estimates]
    by_counting: CpolyTooLarge | None = None
    if all(p is not None for p in patterns) and plan.budget.affords(sum(patterns)):  # type: ignore[arg-type]
        try:  # the plan's shared budget covers the exclusions and paid forms too
            rows = tuple(DealRow(name, plan.count(game.categories[name], f"category '{name}'"),
                                 plan.per_hand(game.paid_count_ordered(name), plan.space.order_factor, f"Pay{name}"))
                         for name in game.category_names)
            return DealTable(plan.count(ONE), rows)
        except CpolyTooLarge as too_large:
            by_counting = too_large  # an exclusion or paid form over budget: it names the count
    for name, estimate in zip(game.category_names, estimates):
        if estimate.method == "refuse":
            raise by_counting or plan.refusal(estimate, f"the count of category '{name}'")
        if estimate.checking is None:  # no deal-by-deal check (symbolic sizes, copies, order)
            raise by_counting or plan.table_refusal(game.category_names, estimates, "; ".join(estimate.why_not))
    try:
        return deal_table_by_checking(game)
    except CpolyTooLarge as too_large:
        raise plan.table_refusal(game.category_names, estimates, too_large.message) from None


def deal_table_by_checking(game: Game) -> DealTable:
    """The deal table by the checking function: every deal of the deck (the deal applied),
    each category evaluated on it.  The paid column is the first category in pay order each
    deal hits, which is what the derived ``Pay*`` forms count; the exclusions are read off
    the same tally."""
    names = game.category_names
    tally = game.plan.tally([game.categories[n] for n in names])
    game.set_exclusions(tally.masks)
    ways = [sum(w for mask, w in tally.masks.items() if mask >> i & 1) for i in range(len(names))]
    paid = [sum(w for mask, w in tally.masks.items() if mask and (mask & -mask) == 1 << i)
            for i in range(len(names))]
    return DealTable(tally.total, tuple(DealRow(n, ways[i], paid[i]) for i, n in enumerate(names)))


def not_zero_one_categories(game: Game) -> list[str]:
    """The categories that are not 0/1 on the deals: by counting when affordable, else read off
    the check of every deal."""
    try:
        return game.not_zero_one_categories()
    except CpolyTooLarge:
        tally = game.plan.tally([game.categories[n] for n in game.category_names])
        return [game.category_names[i] for i in sorted(tally.not_zero_one)]


def complete(game: Game, node: Expr, held: Mapping[int, Card], excluded: Sequence[Card],
             method: str | None = None) -> Number:
    """The completion function of the seed: ``Σ deal·node`` with the cards at the ``held``
    positions fixed, over every draw of the other positions from the deck less the
    ``excluded`` cards (the deal), for every deck, draws counted as ``cpoly hold`` counts them
    (:func:`~cpoly.count.completion.draw_convention`); ``method``: "checking" every draw or
    "patterns" (default: by the number of draws; see :mod:`cpoly.count.completion`).

    >>> game = load_game("definitions/double_deck_jacks.cp")
    >>> dealt = game.parse_hand(["Ah", "Ah", "Kd", "Qc", "2s"])
    >>> complete(game, game.paid_form("FiveOfAKind"), {0: dealt[0], 1: dealt[1]}, dealt)
    20
    """
    return completion.complete(game, node, held, excluded, method)


def symbolic_validity(nodes: Iterable[Expr], sorts: Mapping[int, Sort]) -> list[Warning_]:
    """Where the polynomials of symbolic sizes hold: above every value literal of their sort.

    A count with a symbolic size weighs value classes by falling factorials, which assume every
    literal value exists in the domain; below that size the polynomial does not apply.

    >>> game = load_game("definitions/jacks_or_better.cp", symbolic=["Faces"])
    >>> [w.message for w in symbolic_validity([game.deal, *game.categories.values()], game.sorts)]
    ['the counts are polynomials in Faces that hold for Faces >= 13 (a definition names the value 12)']
    """
    largest: dict[str, int] = {}
    for node in postorder(list(nodes)):
        if isinstance(node, Delta) and node.values and sorts[node.vertices[0]].symbolic:
            symbol = str(sorts[node.vertices[0]].size)
            largest[symbol] = max(largest.get(symbol, -1), max(node.values))
    return [Warning_(f"the counts are polynomials in {symbol} that hold for {symbol} >= {value + 1} "
                     f"(a definition names the value {value})") for symbol, value in sorted(largest.items())]


def check(game: Game, cards: Sequence[str]) -> str | None:
    """The category of a dealt hand given as card strings (None: no win)."""
    return game.check(game.parse_hand(cards))
