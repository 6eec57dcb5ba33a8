"""Parse tree to frozen syntax objects, each with the span of its source.

:func:`read_module` is the front door: text in, :class:`Module` out.

>>> module = read_module("Faces = 13\\nF = σ1-σ5\\n", "demo.cp")
>>> [type(s).__name__ for s in module.statements]
['Definition', 'Definition']
>>> module.statements[1].value
SigmaRange(first=1, last=5, span=demo.cp:2:5)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Union, cast

from cpoly.errors import CpolyError, Span
from cpoly.store.sources import Sources

if TYPE_CHECKING:  # lark is imported on the first parse (a game loaded from a snapshot never is)
    from lark import Lark, Token, Tree

__all__ = ["Amount", "Binary", "CardsDecl", "CategoriesDecl", "CopiesDecl", "DealDecl", "Definition",
           "Delta", "DomainDecl", "Expr", "FeatureDecl", "FeatureItem", "FeatureSetting", "GameDecl",
           "IBinary", "IExpr", "IIndex", "IInt", "IName", "ImportDecl", "Indexed", "Module", "NameRef",
           "Negate", "Node", "NotationDecl", "Num", "OrderedDecl", "ParamDecl", "PayEntry", "PaytableDecl",
           "Ref", "SetItem", "Sigma", "SigmaRange", "Statement", "TieRuleDecl", "ValueSet", "read_module"]


@dataclass(frozen=True)
class Node:
    """Base of every syntax object: carries where it came from (not part of equality)."""

    span: Span = field(compare=False, kw_only=True)

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{k}={getattr(self, k)!r}" for k in self.__dataclass_fields__ if k != "span"
        )
        return f"{type(self).__name__}({fields}, span={self.span})"


# ---- index arithmetic -------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class IInt(Node):
    value: int


@dataclass(frozen=True, repr=False)
class IName(Node):
    name: str


@dataclass(frozen=True, repr=False)
class IBinary(Node):
    op: str  # '+', '-', '*'
    left: IExpr
    right: IExpr


@dataclass(frozen=True, repr=False)
class IIndex(Node):
    """``DF[i]``: one parameter of a parameter group (``param DF[5]``), used as a value."""

    name: str
    index: IExpr


IExpr = Union[IInt, IName, IBinary, IIndex]


# ---- expressions -----------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Num(Node):
    value: int


@dataclass(frozen=True, repr=False)
class Ref(Node):
    """A name, optionally indexed into a vertex group: ``Hand``, ``C1F``, ``F[i]``."""

    name: str
    index: IExpr | None = None


@dataclass(frozen=True, repr=False)
class Sigma(Node):
    number: int


@dataclass(frozen=True, repr=False)
class SigmaRange(Node):
    first: int
    last: int


@dataclass(frozen=True, repr=False)
class SetItem(Node):
    low: IExpr
    high: IExpr | None = None


@dataclass(frozen=True, repr=False)
class ValueSet(Node):
    """``{Two, Joker}`` as the whole value of a definition: a named set of values, which a
    value set ``{Wild, Ten-Ace}`` may name among its items."""

    items: tuple[SetItem, ...]


@dataclass(frozen=True, repr=False)
class Delta(Node):
    """``δa,b,c{S}``: 1 when all operands are equal (and their value is in S)."""

    operands: tuple[Ref | Sigma, ...]
    values: tuple[SetItem, ...] | None = None


@dataclass(frozen=True, repr=False)
class Binary(Node):
    op: str  # '+', '-', '*'
    left: Expr
    right: Expr


@dataclass(frozen=True, repr=False)
class Negate(Node):
    operand: Expr


@dataclass(frozen=True, repr=False)
class Indexed(Node):
    """``prod(i<j in 1..5) body``; ``op`` is 'prod', 'sum' or 'any'."""

    op: str
    names: tuple[str, ...]
    low: IExpr
    high: IExpr
    body: Expr


Expr = Union[Num, Ref, Sigma, SigmaRange, Delta, Binary, Negate, Indexed]


# ---- statements ------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class Definition(Node):
    name: str
    value: Expr | ValueSet
    override: bool = False  # 'override NAME = …': replaces an imported definition


@dataclass(frozen=True, repr=False)
class DomainDecl(Node):
    names: tuple[str, ...]
    size: IExpr


@dataclass(frozen=True, repr=False)
class ParamDecl(Node):
    names: tuple[str, ...]


@dataclass(frozen=True, repr=False)
class CardsDecl(Node):
    faces: str
    suits: str


@dataclass(frozen=True, repr=False)
class DealDecl(Node):
    value: Expr


@dataclass(frozen=True, repr=False)
class NameRef(Node):
    name: str


@dataclass(frozen=True, repr=False)
class CategoriesDecl(Node):
    names: tuple[NameRef, ...]


@dataclass(frozen=True, repr=False)
class PayEntry(Node):
    category: str
    pays: Fraction
    dealt: Fraction | None = None


@dataclass(frozen=True, repr=False)
class PaytableDecl(Node):
    name: str
    entries: tuple[PayEntry, ...]


@dataclass(frozen=True, repr=False)
class NotationDecl(Node):
    kind: str  # 'ranks' or 'suit_letters'
    letters: str


@dataclass(frozen=True, repr=False)
class CopiesDecl(Node):
    copies: int


@dataclass(frozen=True, repr=False)
class OrderedDecl(Node):
    pass


@dataclass(frozen=True, repr=False)
class TieRuleDecl(Node):
    """``tie_rule fewest-cards``: the game's rule among holds of equal EV; ``rule_span`` is
    where the rule's name starts (its span, the keyword's)."""

    rule: str
    rule_span: Span = field(compare=False)


@dataclass(frozen=True, repr=False)
class Amount(Node):
    """A number as written: ``8``, ``8.5``, ``97/3``, ``-800``, or ``7.6%`` (``percent``: the
    value is already divided by 100)."""

    value: Fraction
    percent: bool = False


@dataclass(frozen=True, repr=False)
class FeatureItem(Node):
    """One item of a feature setting: an amount, a category name, or a category and its amount
    (``FullHouse 12``)."""

    name: str | None
    amount: Amount | None


@dataclass(frozen=True, repr=False)
class FeatureSetting(Node):
    """``levels (1, 2, 4, 8)``: a setting's name and its items (one without parentheses)."""

    name: str
    items: tuple[FeatureItem, ...]


@dataclass(frozen=True, repr=False)
class FeatureDecl(Node):
    """``feature multi_strike "16X": levels (1, 2, 4, 8, 16), free_ride (...)``: a feature of
    the game as data, checked by :mod:`cpoly.lang.features`; ``kind_span`` is where its kind is."""

    kind: str
    title: str | None
    settings: tuple[FeatureSetting, ...]
    kind_span: Span = field(compare=False)


@dataclass(frozen=True, repr=False)
class GameDecl(Node):
    title: str


@dataclass(frozen=True, repr=False)
class ImportDecl(Node):
    """``import "poker.cp"``: read by :mod:`cpoly.lang.imports`, never seen by :mod:`cpoly.lang.resolve`."""

    target: str


Statement = Union[
    Definition, DomainDecl, ParamDecl, CardsDecl, DealDecl, CategoriesDecl, PaytableDecl,
    NotationDecl, CopiesDecl, OrderedDecl, TieRuleDecl, FeatureDecl, GameDecl, ImportDecl,
]


@dataclass(frozen=True)
class Module:
    """A parsed .cp file: its statements in order, its text for error messages, and (for a
    file read by :func:`cpoly.lang.imports.load_module`) the files it was read from."""

    path: str
    text: str
    statements: tuple[Statement, ...]
    sources: Sources | None = None


# ---- the one Transformer --------------------------------------------------------------
class _ToSyntax:
    """The rules of the one lark Transformer (parse -> syntax objects), one method per grammar
    rule, called by the LALR parser as it reduces (no parse tree is built, nothing recurses);
    :func:`_builder` makes it a lark ``Transformer`` on the first parse, so that importing this
    module loads no lark.  A statement's span is its keyword (kept by ``!`` in the grammar)."""

    def begin(self, path: str, text: str, via: str = "") -> None:
        """Make the next parse's spans point into ``text`` at ``path``."""
        self._path = path
        self._via = via
        self._lines = text.split("\n")  # as the lexer counts lines (read_module made every ending \n)

    def _tok(self, token: Token) -> Span:
        line = token.line or 1
        text = self._lines[line - 1] if 0 < line <= len(self._lines) else ""
        return Span(self._path, line, token.column or 1, text, self._via)

    # statements
    def start(self, *statements: Statement) -> tuple[Statement, ...]:
        return statements

    def definition(self, *parts: Any) -> Definition:
        *head, name, value = parts
        return Definition(str(name), value, bool(head), span=self._tok(name))

    def domain_decl(self, keyword: Token, names: tuple[NameRef, ...], colon: Token, size: IExpr) -> DomainDecl:
        return DomainDecl(tuple(n.name for n in names), size, span=self._tok(keyword))

    def param_decl(self, keyword: Token, *items: tuple[str, ...] | Token) -> ParamDecl:
        names = tuple(name for item in items if isinstance(item, tuple) for name in item)
        return ParamDecl(names, span=self._tok(keyword))

    def param_item(self, name: Token, size: Token | None = None) -> tuple[str, ...]:
        """``F1`` is one parameter; ``DF[5]`` the group ``DF[1]`` … ``DF[5]``."""
        if size is None:
            return (str(name),)
        return tuple(f"{name}[{k}]" for k in range(1, int(size) + 1))

    def cards_decl(self, keyword: Token, *names: Token) -> CardsDecl:
        faces, suits = (str(n) for n in names if n.type == "NAME")
        return CardsDecl(faces, suits, span=self._tok(keyword))

    def deal_decl(self, keyword: Token, value: Expr) -> DealDecl:
        return DealDecl(value, span=self._tok(keyword))

    def categories_decl(self, keyword: Token, names: tuple[NameRef, ...]) -> CategoriesDecl:
        return CategoriesDecl(names, span=self._tok(keyword))

    def name_list(self, *names: Token) -> tuple[NameRef, ...]:
        return tuple(NameRef(str(n), span=self._tok(n)) for n in names if n.type == "NAME")

    def paytable_decl(self, keyword: Token, name: Token, *rest: PayEntry | Token) -> PaytableDecl:
        entries = tuple(entry for entry in rest if isinstance(entry, PayEntry))
        return PaytableDecl(str(name)[1:-1], entries, span=self._tok(keyword))

    def pay_entry(self, name: Token, pays: Amount, dealt: Amount | None = None) -> PayEntry:
        return PayEntry(str(name), pays.value, None if dealt is None else dealt.value, span=self._tok(name))

    def number(self, *tokens: Token) -> Amount:
        """``-`` (any dash), digits, and ``/ INT`` for a fraction; a zero denominator is an error."""
        sign = -1 if tokens[0].type == "DASH" else 1
        digits = [token for token in tokens if token.type != "DASH"]
        if len(digits) == 2 and int(digits[1]) == 0:
            raise CpolyError(f"'{digits[0]}/{digits[1]}' divides by zero", self._tok(digits[1]))
        value = Fraction(str(digits[0])) / (int(digits[1]) if len(digits) == 2 else 1)
        return Amount(sign * value, span=self._tok(tokens[0]))

    def quantity(self, amount: Amount, percent: Token | None = None) -> Amount:
        return amount if percent is None else Amount(amount.value / 100, True, span=amount.span)

    def feature_decl(self, keyword: Token, kind: Token, *rest: Token | FeatureSetting) -> FeatureDecl:
        title = next((str(item)[1:-1] for item in rest if not isinstance(item, FeatureSetting)
                      and item.type == "STRING"), None)
        settings = tuple(item for item in rest if isinstance(item, FeatureSetting))
        return FeatureDecl(str(kind), title, settings, span=self._tok(keyword), kind_span=self._tok(kind))

    def feature_setting(self, name: Token, *items: FeatureItem | Token) -> FeatureSetting:
        return FeatureSetting(str(name), tuple(i for i in items if isinstance(i, FeatureItem)), span=self._tok(name))

    def feature_item(self, *parts: Token | Amount) -> FeatureItem:
        name = next((part for part in parts if not isinstance(part, Amount)), None)
        amount = next((part for part in parts if isinstance(part, Amount)), None)
        span = self._tok(name) if name is not None else cast(Amount, amount).span
        return FeatureItem(None if name is None else str(name), amount, span=span)

    def notation_decl(self, kind: Tree[Token], letters: Token) -> NotationDecl:
        keyword = cast("Token", kind.children[0])
        return NotationDecl(str(keyword), str(letters)[1:-1], span=self._tok(keyword))

    def copies_decl(self, keyword: Token, count: Token) -> CopiesDecl:
        return CopiesDecl(int(count), span=self._tok(keyword))

    def ordered_decl(self, keyword: Token) -> OrderedDecl:
        return OrderedDecl(span=self._tok(keyword))

    def tie_rule_decl(self, keyword: Token, *words: Token) -> TieRuleDecl:
        """The rule's name is its words and dashes as written (``fewest-cards``)."""
        return TieRuleDecl("".join(str(word) for word in words), span=self._tok(keyword),
                           rule_span=self._tok(words[0]))

    def game_decl(self, keyword: Token, title: Token) -> GameDecl:
        return GameDecl(str(title)[1:-1], span=self._tok(keyword))

    def import_decl(self, keyword: Token, target: Token) -> ImportDecl:
        return ImportDecl(str(target)[1:-1], span=self._tok(keyword))

    # expressions
    def add(self, left: Expr, op: Token, right: Expr) -> Binary:
        return Binary("+" if op.type == "PLUS" else "-", left, right, span=self._tok(op))

    subtract = add

    def negate(self, op: Token, operand: Expr) -> Negate:
        return Negate(operand, span=self._tok(op))

    def product(self, left: Expr, right: Expr) -> Binary:
        return Binary("*", left, right, span=right.span)

    def integer(self, token: Token) -> Num:
        return Num(int(token), span=self._tok(token))

    def ref(self, name: Token, index: IExpr | None = None) -> Ref:
        return Ref(str(name), index, span=self._tok(name))

    def operand(self, name: Token | Sigma, index: IExpr | None = None) -> Ref | Sigma:
        return name if isinstance(name, Sigma) else self.ref(name, index)

    def sigma(self, mark: Token, number: Token) -> Sigma:
        return Sigma(int(number), span=self._tok(mark))

    def sigma_range(self, mark: Token, first: Token, dash: Token, mark2: Token, last: Token) -> SigmaRange:
        return SigmaRange(int(first), int(last), span=self._tok(mark))

    def delta_commas(self, mark: Token, *rest: Any) -> Delta:
        values = rest[-1] if rest and isinstance(rest[-1], tuple) else None
        operands = rest[:-1] if values is not None else rest
        return Delta(tuple(operands), values, span=self._tok(mark))

    delta_blanks = delta_commas

    def value_set(self, *items: SetItem) -> tuple[SetItem, ...]:
        return items

    def set_literal(self, brace: Token, *rest: SetItem | Token) -> ValueSet:
        return ValueSet(tuple(item for item in rest if isinstance(item, SetItem)), span=self._tok(brace))

    def set_item(self, low: IExpr, *rest: Any) -> SetItem:
        high = rest[-1] if rest else None
        return SetItem(low, high, span=low.span)

    def indexed(self, op: Tree[Token], binder: tuple[Any, ...], body: Expr) -> Indexed:
        names, low, high = binder
        token = cast("Token", op.children[0])  # the operator's one token
        op_name = {"∏": "prod", "∑": "sum", "Σ": "sum"}.get(str(token), str(token))
        return Indexed(op_name, names, low, high, body, span=self._tok(token))

    def binder(self, *parts: Any) -> tuple[Any, ...]:
        *names, low, high = parts
        return tuple(str(n) for n in names), low, high

    # index arithmetic
    def iint(self, token: Token) -> IInt:
        return IInt(int(token), span=self._tok(token))

    def iname(self, token: Token) -> IName:
        return IName(str(token), span=self._tok(token))

    def iindex(self, token: Token, index: IExpr) -> IIndex:
        return IIndex(str(token), index, span=self._tok(token))

    def iadd(self, left: IExpr, right: IExpr) -> IBinary:
        return IBinary("+", left, right, span=left.span)

    def isub(self, left: IExpr, op: Token, right: IExpr) -> IBinary:
        return IBinary("-", left, right, span=self._tok(op))

    def imul(self, left: IExpr, right: IExpr) -> IBinary:
        return IBinary("*", left, right, span=left.span)


_PARSING = threading.Lock()  # one parser, one builder: one parse at a time


@lru_cache(maxsize=1)
def _builder() -> tuple[_ToSyntax, Lark]:
    """The builder of syntax objects (:class:`_ToSyntax` as a lark ``Transformer``, its rule
    methods taking their children inline) and the LALR parser that calls it while parsing."""
    from lark import Transformer, v_args

    from cpoly.lang.parse import syntax_parser

    rules = {name: value for name, value in vars(_ToSyntax).items() if not name.startswith("_")}
    builder = type("_ToSyntax", (_ToSyntax, Transformer), rules)
    v_args(inline=True)(builder)  # wraps the rule methods in place
    instance = builder()
    return instance, syntax_parser(instance)


def read_module(text: str, path: str = "<string>", via: str = "") -> Module:
    """Parse .cp text into a :class:`Module`; every error is a CpolyError with a position.

    Line endings may be ``\\n``, ``\\r\\n`` or ``\\r``.  ``via`` (``"imported from game.cp:3"``)
    is attached to every span of an imported file.
    """
    from cpoly.lang.parse import parse_with

    text = text.replace("\r\n", "\n").replace("\r", "\n")
    builder, parser = _builder()
    try:
        with _PARSING:
            builder.begin(path, text, via)
            statements = parse_with(parser, text, path)
    except CpolyError as error:
        if error.span is not None and via and not error.span.via:
            error.span = error.span._replace(via=via)
        raise
    return Module(path, text, tuple(statements))
