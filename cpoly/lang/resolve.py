"""Names, constants, vertex groups, domains and parameters of a module (the game section is
read by :mod:`cpoly.lang.gamespec`).

:func:`resolve` turns a :class:`~cpoly.lang.syntax.Module` into a :class:`Program`: every name
classified (constant, vertex, vertex group, expression), constants evaluated, definitions
ordered so that each comes after what it uses (a cycle is an error), domains attached to
vertices.  Expressions are lowered to the DAG later, by :mod:`cpoly.lang.lower`.

>>> from cpoly.lang.syntax import read_module
>>> p = resolve(read_module("Faces = 13\\nF = σ1-σ2\\ndomain F: Faces\\nPair = δF[1],F[2]\\n"))
>>> p.constants["Faces"], p.groups["F"], p.sorts[1].size
(13, (1, 2), 13)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from cpoly.dag.symbolic import Number, symbol
from cpoly.errors import CpolyError, CpolyNameError, Span, Warning_
from cpoly.lang import syntax as S
from cpoly.lang.gamespec import (
    DeclaredPays,
    GameSpec,
    GameStatements,
    game_spec,
    paytable_of,
)

__all__ = ["MAX_GROUP", "MAX_SET_VALUES", "Program", "Sort", "check_index_scopes", "dependency_order",
           "evaluate_constant", "referenced_names", "resolve", "scoped_nodes", "value_set", "vertex_of"]

MAX_GROUP = 10_000  # vertices in one σ range
MAX_SET_VALUES = 1_000_000  # values one {…} set may list


@dataclass(frozen=True)
class Sort:
    """A domain: the values ``0 .. size-1``; ``size`` is an int or a sympy Symbol."""

    name: str
    size: Number

    @property
    def symbolic(self) -> bool:
        return not isinstance(self.size, int)


@dataclass
class Program:
    """A resolved module: what every name means, in an order safe to lower."""

    module: S.Module
    constants: dict[str, int] = field(default_factory=dict)
    symbols: dict[str, Number] = field(default_factory=dict)
    vertex_names: dict[str, int] = field(default_factory=dict)
    groups: dict[str, tuple[int, ...]] = field(default_factory=dict)
    sorts: dict[int, Sort] = field(default_factory=dict)
    params: set[str] = field(default_factory=set)
    expressions: dict[str, S.Definition] = field(default_factory=dict)
    sets: dict[str, frozenset[int]] = field(default_factory=dict)  # Wild = {Two, Joker}
    order: list[str] = field(default_factory=list)
    uses: dict[str, dict[str, Span]] = field(default_factory=dict)  # definition -> those it uses, at the first use
    game: GameSpec | None = None
    warnings: list[Warning_] = field(default_factory=list)
    overridden: set[str] = field(default_factory=set)  # constants given other values (--set)
    _warned: set[Warning_] = field(default_factory=set, repr=False, compare=False)

    def all_names(self) -> set[str]:
        return set().union(self.constants, self.symbols, self.vertex_names, self.groups, self.params,
                           self.expressions, self.sets)

    def warn(self, warning: Warning_) -> None:
        """Add a lint to :attr:`warnings` unless it is there (several lowerers may share a program)."""
        if warning not in self._warned:
            self._warned.add(warning)
            self.warnings.append(warning)

    def defines(self, name: str) -> bool:
        """Whether ``name`` is a name of the program (``name in all_names()`` without building
        the set: checked for every index of every indexed form)."""
        return any(name in names for names in (self.constants, self.symbols, self.vertex_names,
                                               self.groups, self.params, self.expressions, self.sets))

    def unknown(self, name: str, span: Span | None, scope: Iterator[str] | None = None) -> CpolyNameError:
        """An 'unknown name' error with a did-you-mean suggestion."""
        candidates = (self.all_names() | set(scope or ())) - {name}
        close = difflib.get_close_matches(name, sorted(candidates), n=1)
        if not close and _FACE_OF_LETTER.get(name) in candidates:  # a card's letter: {A} for {Ace}
            close = [_FACE_OF_LETTER[name]]
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return CpolyNameError(f"unknown name '{name}'{hint}", span)

    def sort_of(self, vertex: int, span: Span) -> Sort:
        if vertex not in self.sorts:
            raise CpolyNameError(f"vertex σ{vertex} has no domain: add 'domain NAME: SIZE' for it", span)
        return self.sorts[vertex]


#: A face written as in a card string (``Ah``), meant as the library's name (values.cp).
_FACE_OF_LETTER = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "Ten"}


def _no_constant(option: str, name: str, program: Program) -> CpolyError:
    """``--set`` or ``--symbolic`` naming no constant of the game, with the one meant when one is
    close (``Suit``: ``Suits``)."""
    close = difflib.get_close_matches(name, sorted({*program.constants, *program.symbols}), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return CpolyError(f"{option} {name}: no constant named '{name}' in {program.module.path}{hint}")


def resolve(module: S.Module, symbolic: frozenset[str] = frozenset(),
            overrides: Mapping[str, int] | None = None) -> Program:
    """Resolve ``module``; the constants named in ``symbolic`` become sympy symbols, those in
    ``overrides`` take the given values instead of their definitions."""
    both = sorted(set(symbolic) & set(overrides or {}))
    if both:
        raise CpolyError(f"--set {both[0]}=… and --symbolic {both[0]}: a constant is either given "
                         "a value or made a symbol, not both")
    program = Program(module)
    definitions = _collect_definitions(module)
    program.order = _dependency_order(definitions, program)
    overrides = dict(overrides or {})
    program.overridden = set(overrides)
    for name in program.order:
        _classify(definitions[name], program, symbolic)
        if name in overrides and name in program.constants:
            program.constants[name] = overrides.pop(name)
    for sym in sorted(symbolic):
        if sym not in program.symbols:
            raise _no_constant("--symbolic", sym, program)
    for name in overrides:
        if name in program.sets:
            raise CpolyError(f"--set {name}: '{name}' is a set of values {{…}}, not a number")
        raise _no_constant("--set", name, program)
    _declarations(module, program)
    for definition in program.expressions.values():
        check_index_scopes(definition.value, program)
    if program.game is not None:
        check_index_scopes(program.game.deal, program)
    return program


def _collect_definitions(module: S.Module) -> dict[str, S.Definition]:
    found: dict[str, S.Definition] = {}
    for statement in module.statements:
        if isinstance(statement, S.Definition) and found.setdefault(statement.name, statement) is not statement:
            raise CpolyNameError(f"'{statement.name}' is defined twice (first at line "
                                 f"{found[statement.name].span.line})", statement.span)
    return found


# ---- dependencies ------------------------------------------------------------------------
def scoped_nodes(expr: S.Expr | S.IExpr | S.SetItem | S.ValueSet) -> Iterator[tuple[object, frozenset[str]]]:
    """Every node of a syntax tree with the index names bound where it stands (iterative).

    >>> from cpoly.lang.syntax import read_module
    >>> body = read_module("X = sum(i in 1..2) δA,i\\n").statements[0].value
    >>> sorted((type(n).__name__, sorted(b)) for n, b in scoped_nodes(body))[:2]
    [('Delta', ['i']), ('IInt', [])]
    """
    stack: list[tuple[object, frozenset[str]]] = [(expr, frozenset())]
    while stack:
        node, bound = stack.pop()
        yield node, bound
        if isinstance(node, S.Ref) and node.index is not None:
            stack.append((node.index, bound))
        elif isinstance(node, S.IIndex):
            stack.append((node.index, bound))
        elif isinstance(node, S.Indexed):
            inner = bound | set(node.names)
            stack += [(node.low, bound), (node.high, bound), (node.body, inner)]
        elif isinstance(node, (S.Binary, S.IBinary)):
            stack += [(node.left, bound), (node.right, bound)]
        elif isinstance(node, S.Negate):
            stack.append((node.operand, bound))
        elif isinstance(node, S.Delta):
            stack += [(op, bound) for op in node.operands]
            stack += [(item, bound) for item in node.values or ()]
        elif isinstance(node, S.ValueSet):
            stack += [(item, bound) for item in node.items]
        elif isinstance(node, S.SetItem):
            stack += [(node.low, bound)] + ([(node.high, bound)] if node.high else [])


def referenced_names(expr: S.Expr | S.IExpr | S.SetItem | S.ValueSet) -> Iterator[tuple[str, Span]]:
    """Free names used by a syntax tree (index variables bound inside it excluded)."""
    for node, bound in scoped_nodes(expr):
        if isinstance(node, (S.Ref, S.IName)) and node.name not in bound:
            yield node.name, node.span


def check_index_scopes(expr: S.Expr | S.ValueSet, program: Program) -> None:
    """Refuse an index used after the body of the indexed form that binds it has ended.

    The body of ``any(k<l in 1..5) body`` is the one factor after it, so in
    ``any(k<l in 1..5) δF[k],F[l] δS[k],S[l]`` the second δ is outside; without this check the
    error would only say "unknown name 'k'".
    """
    binders = {name: node for node, _ in scoped_nodes(expr) if isinstance(node, S.Indexed)
               for name in node.names}
    if not binders:  # no indexed form: no index to misplace (most definitions)
        return
    stray = [(span.line, span.column, name, span) for name, span in referenced_names(expr)
             if name in binders and not program.defines(name)]
    if not stray:
        return
    _, _, name, span = min(stray, key=lambda item: item[:2])
    form = binders[name]
    head = f"{form.op}({'<'.join(form.names)} in …)"
    raise CpolyNameError(
        f"index '{name}' is used outside the body of its {head} (line {form.span.line}, column "
        f"{form.span.column}): the body of an indexed form is the one factor that follows it; "
        f"put the whole body in parentheses: {head} (… {name} …)",
        span)


def _dependency_order(definitions: dict[str, S.Definition], program: Program) -> list[str]:
    """Definitions ordered so each follows the definitions it uses (recorded in ``program.uses``)."""
    for name, definition in definitions.items():
        used = program.uses[name] = {}
        for other, span in referenced_names(definition.value):
            if other in definitions:
                used.setdefault(other, span)
    return dependency_order(program.uses, definitions)


def dependency_order(uses: Mapping[str, Mapping[str, Span]], roots: Iterable[str],
                     done: Container[str] = ()) -> list[str]:
    """``roots`` and the names they use (``uses``: at the first use), directly or not, each after
    those it uses, none of those ``done``: an iterative depth-first walk, so a long chain never
    recurses.  A cycle is an error at the use that closes it.

    >>> dependency_order({"A": {"B": None}, "B": {}, "C": {"A": None}}, ["C"])
    ['B', 'A', 'C']
    """
    order: list[str] = []
    state: dict[str, int] = {}  # 1 = on the path, 2 = done
    for root in roots:
        if root in state or root in done:
            continue
        path, stack = [root], [iter(uses[root].items())]
        state[root] = 1
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                state[path[-1]] = 2
                order.append(path.pop())
                continue
            name, span = step
            if state.get(name) == 1:
                cycle = " -> ".join(path[path.index(name):] + [name])
                raise CpolyNameError(f"definitions refer to each other in a cycle: {cycle}", span)
            if name not in state and name not in done:
                state[name] = 1
                path.append(name)
                stack.append(iter(uses[name].items()))
    return order


# ---- classification ----------------------------------------------------------------------
def _classify(definition: S.Definition, program: Program, symbolic: frozenset[str]) -> None:
    value, name = definition.value, definition.name
    if isinstance(value, S.ValueSet):
        program.sets[name] = frozenset(value_set(value.items, program,
                                                 lambda item: evaluate_constant(item, program, {})))
    elif isinstance(value, S.SigmaRange):
        if value.last < value.first:
            raise CpolyError(f"empty vertex range σ{value.first}-σ{value.last}", value.span)
        if value.last - value.first + 1 > MAX_GROUP:
            raise CpolyError(f"vertex range σ{value.first}-σ{value.last} has "
                             f"{value.last - value.first + 1:,} vertices (at most {MAX_GROUP:,})", value.span)
        program.groups[name] = tuple(range(value.first, value.last + 1))
    elif isinstance(value, S.Sigma):
        program.vertex_names[name] = value.number
    elif isinstance(value, S.Ref) and value.index is None and value.name in program.groups:
        program.groups[name] = program.groups[value.name]
    elif isinstance(value, S.Ref) and (value.name in program.vertex_names or value.name in program.groups):
        program.vertex_names[name] = vertex_of(value, program, {})
    elif _is_constant(value, program):
        number = evaluate_constant(value, program, {})
        if name in symbolic:
            program.symbols[name] = symbol(name)
        program.constants[name] = number
    else:
        program.expressions[name] = definition


def _is_constant(expr: S.Expr, program: Program) -> bool:
    return all(isinstance(node, (S.Num, S.Binary, S.Negate))
               or (isinstance(node, S.Ref) and node.index is None and node.name in program.constants)
               for node, _ in scoped_nodes(expr))


def evaluate_constant(expr: S.Expr | S.IExpr, program: Program, scope: dict[str, int]) -> int:
    """The integer value of a constant expression (numbers, constants, bound indices, + - *).

    Iterative, so a long chain like ``1 + 1 + … + 1`` does not recurse.
    """
    results: list[int] = []
    stack: list[tuple[object, bool]] = [(expr, False)]
    while stack:
        node, expanded = stack.pop()
        if isinstance(node, (S.Binary, S.IBinary)):
            if expanded:
                right, left = results.pop(), results.pop()
                results.append({"+": left + right, "-": left - right, "*": left * right}[node.op])
            else:
                stack += [(node, True), (node.right, False), (node.left, False)]
        elif isinstance(node, S.Negate):
            if expanded:
                results.append(-results.pop())
            else:
                stack += [(node, True), (node.operand, False)]
        else:
            results.append(_constant_leaf(node, program, scope))
    return results[0]


def _constant_leaf(node: object, program: Program, scope: dict[str, int]) -> int:
    if isinstance(node, (S.Num, S.IInt)):
        return node.value
    if isinstance(node, (S.Ref, S.IName)):
        if isinstance(node, S.Ref) and node.index is not None:
            raise CpolyNameError(f"'{node.name}[…]' is a vertex, not a number", node.span)
        if node.name in scope:
            return scope[node.name]
        if node.name in program.symbols:
            raise CpolyError(
                f"'{node.name}' is symbolic (--symbolic) and can only be a domain size, "
                "not a value", node.span)
        if node.name in program.constants:
            return program.constants[node.name]
        if node.name in program.sets:
            raise CpolyNameError(f"'{node.name}' is a set of values, not a number: name it alone "
                                 f"among the values of a δ, e.g. δF[1]{{{node.name}}}", node.span)
        if program.defines(node.name):
            raise CpolyNameError(f"'{node.name}' is not a number here", node.span)
        raise program.unknown(node.name, node.span, iter(scope))
    span = getattr(node, "span", None)
    raise CpolyError("expected a number", span)


def value_set(items: Iterable[S.SetItem], program: Program, value: Callable[[S.IExpr], int]) -> set[int]:
    """The values of the items of ``{…}``: numbers and ranges (their bounds read by ``value``),
    and named sets (``Wild`` of ``Wild = {Two, Joker}``), which stand for their values.

    >>> from cpoly.lang.syntax import read_module
    >>> p = resolve(read_module("Two = 0\\nJoker = 13\\nWild = {Two, Joker}\\nOdd = {Wild, 5-7}\\n"))
    >>> sorted(p.sets["Wild"]), sorted(p.sets["Odd"])
    ([0, 13], [0, 5, 6, 7, 13])
    """
    values: set[int] = set()
    for item in items:
        if item.high is None and isinstance(item.low, S.IName) and item.low.name in program.sets:
            values |= program.sets[item.low.name]
            continue
        low = value(item.low)
        high = low if item.high is None else value(item.high)
        if high < low:
            raise CpolyError(f"empty range {low}..{high} in a value set", item.span)
        if high - low + 1 + len(values) > MAX_SET_VALUES:
            raise CpolyError(f"a value set of {high - low + 1 + len(values):,} values (at most "
                             f"{MAX_SET_VALUES:,}); a δ can only match values of its domain", item.span)
        values.update(range(low, high + 1))
    return values


def vertex_of(ref: S.Ref | S.Sigma, program: Program, scope: dict[str, int]) -> int:
    """The σ number a vertex operand denotes (alias, σ literal or group[index], 1-based)."""
    if isinstance(ref, S.Sigma):
        return ref.number
    if ref.name in program.groups:
        members = program.groups[ref.name]
        if ref.index is None:
            raise CpolyError(f"'{ref.name}' is a group of {len(members)} vertices: index it, "
                             f"e.g. {ref.name}[1]", ref.span)
        position = evaluate_constant(ref.index, program, scope)
        if not 1 <= position <= len(members):
            raise CpolyError(f"index {position} is outside {ref.name}[1..{len(members)}]", ref.span)
        return members[position - 1]
    if ref.name in program.vertex_names and ref.index is None:
        return program.vertex_names[ref.name]
    if program.defines(ref.name) or ref.name in scope:
        raise CpolyNameError(f"'{ref.name}' is not a vertex", ref.span)
    raise program.unknown(ref.name, ref.span, iter(scope))


# ---- declarations --------------------------------------------------------------------------
def _declarations(module: S.Module, program: Program) -> None:
    game = GameStatements()
    paytables: list[DeclaredPays] = []
    features: list[S.FeatureDecl] = []
    for statement in module.statements:
        if isinstance(statement, S.DomainDecl):
            _domain(statement, program)
        elif isinstance(statement, S.ParamDecl):
            program.params.update(statement.names)
        elif isinstance(statement, S.PaytableDecl):
            paytables.append(paytable_of(statement))
        elif isinstance(statement, S.FeatureDecl):
            features.append(statement)
        elif not isinstance(statement, (S.Definition, S.ImportDecl)):
            game.add(statement)
    if game.statements() or paytables or features:
        program.game = game_spec(game, paytables, program, module, features)


def _domain(statement: S.DomainDecl, program: Program) -> None:
    size_expr = statement.size
    if isinstance(size_expr, S.IName) and size_expr.name in program.symbols:
        size: Number = program.symbols[size_expr.name]
        sort_name = size_expr.name
    else:
        size = evaluate_constant(size_expr, program, {})
        sort_name = size_expr.name if isinstance(size_expr, S.IName) else f"<{size} values>"
        if size < 1:
            raise CpolyError(f"a domain needs at least one value, not {size}", size_expr.span)
    for name in statement.names:
        if name in program.groups:
            vertices = program.groups[name]
        elif name in program.vertex_names:
            vertices = (program.vertex_names[name],)
        else:
            raise program.unknown(name, statement.span) if not program.defines(name) else \
                CpolyNameError(f"'{name}' is not a vertex or vertex group", statement.span)
        for v in vertices:
            if v in program.sorts and program.sorts[v].name != sort_name:
                raise CpolyError(f"σ{v} already has domain '{program.sorts[v].name}'", statement.span)
            program.sorts[v] = Sort(sort_name, size)
