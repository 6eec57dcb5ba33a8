"""The deal is a 0/1 selection of hands: checked once, exactly, with a witness when it is not.

Every count is ``Σ deal·node``, so a deal that is 2 somewhere counts those hands twice and one
that is -1 subtracts them: a silent wrong answer.  For an integer c, ``c(c - 1) >= 0`` with
equality exactly when c is 0 or 1, so one count decides it for every assignment of the deal's
vertices: ``Σ deal·(deal - 1) = 0``.  With symbolic sizes that sum is a polynomial, which must
vanish identically.  When it does not, the witness is found by fixing the vertices one at a
time (card by card, face then suit), each time keeping a value under which the sum is still
non-zero: a self-reduction of the same count, so the witness is exact.

>>> from cpoly.dag.rewrite import add, const, delta, mul, neg
>>> from cpoly.lang.resolve import Sort
>>> sorts = {1: Sort("F", 3), 2: Sort("F", 3)}
>>> zero_one_witness(add(delta((1, 2)), delta((1,), {0})), sorts, (1, 2))
{1: 0, 2: 0}
>>> zero_one_witness(mul(delta((1, 2)), delta((1,), {0})), sorts, (1, 2)) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cpoly.count.counting import count_node
from cpoly.count.patterncount import WorkBudget
from cpoly.dag.expr import Const, Expr
from cpoly.dag.rewrite import add, const, is_boolean, mul
from cpoly.dag.symbolic import Number, is_symbolic
from cpoly.dag.vertices import substitute
from cpoly.errors import CpolyTooLarge
from cpoly.lang.resolve import Sort

__all__ = ["WITNESS_SIZES", "deal_witness", "excess", "value_at", "zero_one_witness"]

WITNESS_SIZES = range(1, 33)  # sizes tried for a symbolic size when looking for a witness


def excess(deal: Expr) -> Expr:
    """``deal·(deal - 1)``: 0 exactly where the deal is 0 or 1, positive elsewhere."""
    return mul(deal, add(deal, const(-1)))


def zero_one_witness(deal: Expr, sorts: Mapping[int, Sort], vertices: Sequence[int],
                     budget: WorkBudget | None = None) -> dict[int, int] | None:
    """An assignment of ``vertices`` (numeric sizes) where ``deal`` is neither 0 nor 1, or None.

    ``vertices`` gives the order they are fixed in.  Raises CpolyTooLarge when a count is over
    the ``budget``.
    """
    if is_boolean(deal):
        return None
    target = excess(deal)
    if count_node(target, sorts, vertices, budget) == 0:
        return None
    fixed: dict[int, int] = {}
    for vertex in vertices:
        rest = [v for v in vertices if v != vertex and v not in fixed]
        for value in range(int(sorts[vertex].size)):
            trial = {**fixed, vertex: value}
            if _count_fixed(target, sorts, rest, trial, budget) != 0:
                fixed = trial
                break
    return fixed


def _count_fixed(target: Expr, sorts: Mapping[int, Sort], rest: Sequence[int],
                 fixed: Mapping[int, int], budget: WorkBudget | None) -> Number:
    node = substitute(target, dict(fixed))
    if not rest:
        assert isinstance(node, Const), "every vertex of the deal is fixed"
        return node.value
    return count_node(node, sorts, rest, budget)


def deal_witness(deal: Expr, sorts: Mapping[int, Sort], vertices: Sequence[int],
                 budget: WorkBudget | None = None, preferred: Mapping[str, int] | None = None,
                 ) -> tuple[dict[int, int], dict[str, int]] | None:
    """An assignment where ``deal`` is neither 0 nor 1, and the sizes it holds at (by symbol
    name; empty when every size is numeric); None when ``Σ deal·(deal - 1)`` vanishes
    identically.  A symbolic size is tried at its ``preferred`` value (the file's) first.

    Raises CpolyTooLarge when the polynomial is not zero but no witness is found at the sizes
    tried (its roots are where it holds, see :func:`cpoly.api.symbolic_validity`)."""
    if is_boolean(deal):
        return None
    total = count_node(excess(deal), sorts, vertices, budget)
    if not is_symbolic(total) or total == 0:
        return None if total == 0 else _numeric(deal, sorts, vertices, budget, {})
    names = sorted({str(s.size) for s in sorts.values() if s.symbolic})
    first = {name: (preferred or {}).get(name, WITNESS_SIZES.start) for name in names}
    for sizes in [first, *({name: size for name in names} for size in WITNESS_SIZES)]:
        found = _numeric(deal, sorts, vertices, budget, sizes)
        if found is not None:
            return found
    raise CpolyTooLarge(f"Σ deal·(deal - 1) is {total}, not 0, but no assignment where the deal is "
                        f"not 0/1 was found at sizes {WITNESS_SIZES.start}..{WITNESS_SIZES.stop - 1}")


def _numeric(deal: Expr, sorts: Mapping[int, Sort], vertices: Sequence[int],
             budget: WorkBudget | None, sizes: dict[str, int]) -> tuple[dict[int, int], dict[str, int]] | None:
    numeric = {v: Sort(s.name, sizes[str(s.size)]) if s.symbolic else s for v, s in sorts.items()}
    found = zero_one_witness(deal, numeric, vertices, budget)
    return None if found is None else (found, sizes)


def value_at(deal: Expr, assignment: Mapping[int, int]) -> int:
    """The deal's value at a full assignment of its vertices."""
    node = substitute(deal, dict(assignment))
    assert isinstance(node, Const)
    return int(node.value)
