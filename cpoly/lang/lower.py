"""Syntax to DAG: expressions of a resolved program as interned nodes.

Indexed forms are expanded here (``prod(i<j in 1..5) body`` is a product over the pairs;
``any(…) body`` is ``1 - prod(1 - body)``), parameters are substituted by their bound values,
and δs that mix vertices of different sorts are reported as lints.

>>> from cpoly.lang.syntax import read_module
>>> from cpoly.lang.resolve import resolve
>>> from cpoly.dag.expr import render
>>> text = "Faces = 13\\nF = σ1-σ3\\ndomain F: Faces\\nAllDiff = prod(i<j in 1..3) (1 - δF[i],F[j])\\n"
>>> low = Lowerer(resolve(read_module(text)))
>>> sorted(render(f, low.vertex_labels()) for f in low.definition("AllDiff").factors)
['(1 - δF[1],F[2])', '(1 - δF[1],F[3])', '(1 - δF[2],F[3])']
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from math import comb

from cpoly.dag.expr import Expr
from cpoly.dag.rewrite import ONE, add, const, delta, mul, neg, one_minus
from cpoly.errors import CpolyError, CpolyNameError, Span, Warning_
from cpoly.lang import syntax as S
from cpoly.lang.resolve import (
    Program,
    dependency_order,
    evaluate_constant,
    referenced_names,
    value_set,
    vertex_of,
)

__all__ = ["Lowerer", "MAX_EXPANDED", "MAX_NESTING", "Scope"]

Scope = dict[str, int]
MAX_NESTING = 150  # levels of nested sub-expressions one definition may have
MAX_EXPANDED = 2_000_000  # terms all indexed forms of one program may expand to


class Lowerer:
    """Lowers the expressions of one program, memoising each definition."""

    def __init__(self, program: Program, params: Mapping[str, int] | None = None) -> None:
        self.program = program
        self.params = dict(params or {})
        for name in self.params:
            if name not in program.params:
                raise CpolyError(f"no parameter named '{name}' (declared: "
                                 f"{', '.join(sorted(program.params)) or 'none'})")
        self._memo: dict[str, Expr] = {}
        self._depth = 0
        self._expanded = 0
        self._linted: set[Span] = set()

    def definition(self, name: str, span: Span | None = None) -> Expr:
        """The DAG of expression definition ``name`` (its dependencies lowered first)."""
        if name in self.program.constants and name not in self.program.symbols:
            return const(self.program.constants[name])
        if name not in self.program.expressions:
            if self.program.defines(name):
                raise CpolyNameError(f"'{name}' is a vertex or parameter, not an expression", span)
            raise self.program.unknown(name, span)
        if name not in self._memo:  # what it uses first; an unrelated definition is not lowered
            for dependency in dependency_order(self.program.uses, [name], self._memo):
                if dependency in self.program.expressions:
                    self._memo[dependency] = self.expr(_expression(self.program.expressions[dependency]), {})
        return self._memo[name]

    def check_all(self) -> None:
        """Lower every expression definition, used or not: the resolver's full checking pass
        (unknown names, indices out of range, δs over different domains are found everywhere)."""
        for name in self.program.order:
            if name in self.program.expressions:
                self.definition(name, self.program.expressions[name].span)

    def expr(self, node: S.Expr, scope: Scope) -> Expr:
        """Lower one syntax expression with index variables bound by ``scope``.

        Nesting deeper than MAX_NESTING levels is refused (whatever Python's recursion limit).
        """
        self._depth += 1
        try:
            if self._depth > MAX_NESTING:
                raise CpolyError(f"expression nests more than {MAX_NESTING} levels deep; split it "
                                 "into named definitions", getattr(node, "span", None))
            return self._expr(node, scope)
        finally:
            self._depth -= 1

    def _expr(self, node: S.Expr, scope: Scope) -> Expr:
        if isinstance(node, S.Binary):
            return self._chain(node, scope)
        if isinstance(node, S.Num):
            return const(node.value)
        if isinstance(node, S.Negate):
            return neg(self.expr(node.operand, scope))
        if isinstance(node, S.Ref):
            return self._ref(node, scope)
        if isinstance(node, S.Delta):
            return self._delta(node, scope)
        if isinstance(node, S.Indexed):
            return self._indexed(node, scope)
        kind = "a vertex" if isinstance(node, S.Sigma) else "a vertex range"
        raise CpolyError(f"{kind} cannot be used as a number; compare vertices with δ", node.span)

    def _chain(self, node: S.Binary, scope: Scope) -> Expr:
        """A left-nested chain of one operator, flattened iteratively (long sums and products)."""
        operands: list[tuple[str, S.Expr]] = []
        current: S.Expr = node
        op = node.op
        while isinstance(current, S.Binary) and (current.op == op or (op != "*" and current.op != "*")):
            operands.append((current.op, current.right))
            current = current.left
        operands.append(("+", current))
        operands.reverse()
        if op == "*":
            return mul(*(self.expr(item, scope) for _, item in operands))
        return add(*(self.expr(item, scope) if sign == "+" else neg(self.expr(item, scope))
                     for sign, item in operands))

    def _ref(self, node: S.Ref, scope: Scope) -> Expr:
        program = self.program
        if node.index is None and node.name in program.expressions:
            return self.definition(node.name, node.span)
        if node.index is None and any(node.name in k for k in (scope, program.constants, program.sets)):
            return const(evaluate_constant(node, program, scope))
        if node.name in program.vertex_names or node.name in program.groups:
            raise CpolyNameError(f"'{node.name}' is a vertex, not a number: compare vertices "
                                 f"with δ, e.g. δ{node.name},…", node.span)
        if self._parameter(node, scope) is not None:
            return const(self._value(node, scope))
        raise program.unknown(node.name, node.span, iter(scope))

    def _parameter(self, node: S.IExpr | S.Ref, scope: Scope) -> str | None:
        """The parameter ``node`` names (``F1``, or ``DF[2]`` for ``DF[i]`` with i = 2), if any."""
        name = getattr(node, "name", None)
        if name is None or name in scope:
            return None
        index = getattr(node, "index", None)
        if index is not None:
            name = f"{name}[{evaluate_constant(index, self.program, scope)}]"
            if name not in self.program.params:
                if f"{node.name}[1]" in self.program.params:  # type: ignore[union-attr]
                    raise CpolyError(f"no parameter {name}", node.span)
                return None
        return name if name in self.program.params else None

    def _value(self, node: S.IExpr | S.Ref, scope: Scope) -> int:
        name = self._parameter(node, scope)
        if name is not None:
            if name not in self.params:
                raise CpolyError(f"parameter '{name}' has no value (bind it: --param {name}=VALUE)",
                                 node.span)
            return self.params[name]
        if isinstance(node, S.IIndex):
            raise CpolyError(f"'{node.name}[…]' is not a parameter group", node.span)
        return evaluate_constant(node, self.program, scope)

    def _delta(self, node: S.Delta, scope: Scope) -> Expr:
        vertices: list[int] = []
        values: set[int] = set()
        known = (scope, self.program.constants, self.program.params, self.program.sets)
        for operand in node.operands:  # a number (index, constant, parameter) or a vertex
            if isinstance(operand, S.Ref) and operand.index is None and any(operand.name in k for k in known):
                values.add(self._value(operand, scope))
            else:
                vertices.append(vertex_of(operand, self.program, scope))
        if len(values) > 1:
            return const(0)
        allowed = (value_set(node.values, self.program, lambda item: self._value(item, scope))
                   if node.values is not None else None)
        if values:
            allowed = values if allowed is None else values & allowed
        self._lint_sorts(vertices, node.span)
        self._lint_values(vertices, allowed, node.span)
        if not vertices:
            return ONE if allowed is None or allowed else const(0)
        return delta(vertices, allowed)

    def _indexed(self, node: S.Indexed, scope: Scope) -> Expr:
        low = evaluate_constant(node.low, self.program, scope)
        high = evaluate_constant(node.high, self.program, scope)
        for position, name in enumerate(node.names):
            if name in scope or self.program.defines(name):
                raise CpolyNameError(f"index '{name}' hides an existing name", node.span)
            if name in node.names[:position]:
                raise CpolyNameError(f"index '{name}' is named twice in {node.op}(…)", node.span)
        terms = comb(max(high - low + 1, 0), len(node.names))
        if not terms and not _uses(scope, node.low, node.high):
            why = (f"the range {low}..{high} is empty (a range is low..high)" if high < low else
                   f"{len(node.names)} different indices cannot be chosen from {low}..{high}")
            raise CpolyError(f"{node.op}({'<'.join(node.names)} in {low}..{high}) has no terms: "
                             f"{why}", node.span)
        self._expanded += terms
        if self._expanded > MAX_EXPANDED:
            raise CpolyError(f"{node.op}({', '.join(node.names)} in {low}..{high}) expands to {terms:,} "
                             f"terms (at most {MAX_EXPANDED:,} for all indexed forms together); "
                             "use a smaller range", node.span)
        items = [self.expr(node.body, {**scope, **dict(zip(node.names, combo))})
                 for combo in combinations(range(low, high + 1), len(node.names))]
        if node.op == "sum":
            return add(*items)
        if node.op == "prod":
            return mul(*items)
        return one_minus(mul(*(one_minus(item) for item in items)))

    def _lint_sorts(self, vertices: list[int], span: Span) -> None:
        sorts = {self.program.sorts[v].name for v in vertices if v in self.program.sorts}
        if len(sorts) > 1 and span not in self._linted:
            self._linted.add(span)
            self.program.warn(Warning_(f"δ compares vertices of different domains ({', '.join(sorted(sorts))})", span))

    def _lint_values(self, vertices: list[int], allowed: set[int] | None, span: Span) -> None:
        """Warn about a δ whose values all lie outside its vertices' domain: it is always 0."""
        sizes = [self.program.sorts[v].size for v in vertices if v in self.program.sorts]
        if not allowed or not sizes or not all(isinstance(n, int) for n in sizes):
            return
        size = min(int(n) for n in sizes)
        if all(not 0 <= value < size for value in allowed) and span not in self._linted:
            self._linted.add(span)
            shown = ", ".join(str(v) for v in sorted(allowed)[:5]) + (", …" if len(allowed) > 5 else "")
            self.program.warn(Warning_(
                f"this δ is always 0: its values ({shown}) are outside the domain 0..{size - 1}", span))

    def vertex_labels(self) -> dict[int, str]:
        """A readable name for each vertex: its alias, else ``Group[i]``."""
        labels: dict[int, str] = {}
        for name, members in self.program.groups.items():
            for position, v in enumerate(members, start=1):
                labels.setdefault(v, f"{name}[{position}]")
        for name, v in self.program.vertex_names.items():
            labels[v] = name
        return labels


def _expression(definition: S.Definition) -> S.Expr:
    """The value of an expression definition (a named set ``{…}`` is a set, never one)."""
    if isinstance(definition.value, S.ValueSet):
        raise CpolyNameError(f"'{definition.name}' is a set of values, not an expression", definition.span)
    return definition.value


def _uses(scope: Scope, *parts: S.IExpr) -> bool:
    """Whether index expressions ``parts`` use an index bound in ``scope`` (an inner range that
    depends on an outer index may be empty for some of its values: ``prod(j in i+1..5)``)."""
    return any(name in scope for part in parts for name, _ in referenced_names(part))
