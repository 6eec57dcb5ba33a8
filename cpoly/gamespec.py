"""The game section of a module: cards, deal, categories, pay tables and notation.

>>> from cpoly.api import load_program
>>> spec = load_program("definitions/jacks_or_better.cp").game
>>> spec.face_group, spec.suit_group, spec.ordered, spec.paytables[0].pay_of("FullHouse")
('F', 'S', False, Fraction(9, 1))
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from cpoly import syntax as S
from cpoly.errors import CpolyError, CpolyNameError, Span, Warning_
from cpoly.paytable import PayTable

if TYPE_CHECKING:
    from cpoly.resolve import Program

__all__ = ["DEFAULT_RANKS", "DEFAULT_SUIT_LETTERS", "DeclaredPays", "GameSpec", "add_game_statement",
           "game_spec", "paytable_of"]

DEFAULT_RANKS = "23456789TJQKA"
DEFAULT_SUIT_LETTERS = "hdcs"  # the seed's order: Heart = 0, Diamond = 1, Club = 2, Spade = 3


@dataclass(frozen=True)
class DeclaredPays:
    """A pay table statement by category name, before the categories' order is known."""

    name: str
    pays: dict[str, Fraction]
    dealt: dict[str, Fraction]
    span: Span | None = None

    def in_order(self, categories: list[str]) -> PayTable:
        """The :class:`~cpoly.paytable.PayTable` in pay order; unpaid categories pay 0."""
        pays = tuple(self.pays.get(name, Fraction(0)) for name in categories)
        dealt = tuple(self.dealt.get(name) for name in categories) if self.dealt else ()
        return PayTable(self.name, pays, dealt, tuple(categories), self.span)


@dataclass(frozen=True)
class GameSpec:
    """The game section: which vertices make the cards, the deal, categories, pay tables."""

    title: str
    face_group: str
    suit_group: str
    deal: S.Expr
    categories: tuple[S.NameRef, ...]
    paytables: tuple[PayTable, ...]
    ranks: str = DEFAULT_RANKS
    suit_letters: str = DEFAULT_SUIT_LETTERS
    copies: int = 1
    ordered: bool = False
    deal_span: Span | None = None  # the ``deal`` statement, where a deal that is not 0/1 is shown


def paytable_of(statement: S.PaytableDecl) -> DeclaredPays:
    """A pay table statement by category name (a category paid twice is an error)."""
    pays: dict[str, Fraction] = {}
    dealt: dict[str, Fraction] = {}
    for entry in statement.entries:
        if entry.category in pays:
            raise CpolyError(f"'{entry.category}' is paid twice in pay table '{statement.name}'", entry.span)
        pays[entry.category] = entry.pays
        if entry.dealt is not None:
            dealt[entry.category] = entry.dealt
    return DeclaredPays(statement.name, pays, dealt, statement.span)


def add_game_statement(statement: S.Statement, game: dict[str, object]) -> None:
    """Record a game-section statement by kind (each kind at most once)."""
    key = type(statement).__name__
    if key == "NotationDecl":
        assert isinstance(statement, S.NotationDecl)
        key = statement.kind
    if key in game:
        raise CpolyError(f"the game section says '{key}' twice", statement.span)
    game[key] = statement


def _first_span(game: dict[str, object], paytables: list[DeclaredPays], module: S.Module) -> Span:
    """Where an incomplete game section starts: its first statement (else the file's start)."""
    spans = [getattr(item, "span", None) for item in (*game.values(), *paytables)]
    return min((span for span in spans if isinstance(span, Span) and span.path == module.path),
               key=lambda span: span.line, default=Span(module.path, 1, 1, ""))


def game_spec(game: dict[str, object], paytables: list[DeclaredPays], program: Program,
              module: S.Module) -> GameSpec:
    """The checked :class:`GameSpec` of a module's game statements and pay tables."""
    cards = game.get("CardsDecl")
    deal = game.get("DealDecl")
    categories = game.get("CategoriesDecl")
    for needed, what in ((cards, "cards F S"), (deal, "deal EXPR"), (categories, "categories ...")):
        if needed is None:
            raise CpolyError(f"the game section lacks '{what}' (a game says 'cards F S', 'deal EXPR' "
                             "and 'categories ...')", _first_span(game, paytables, module))
    assert isinstance(cards, S.CardsDecl) and isinstance(deal, S.DealDecl)
    assert isinstance(categories, S.CategoriesDecl)
    _check_cards(cards, program)
    _check_categories(categories, paytables, program)
    spec = GameSpec(
        title=_title(game, module), face_group=cards.faces, suit_group=cards.suits,
        deal=deal.value, categories=categories.names, deal_span=deal.span,
        paytables=tuple(t.in_order([ref.name for ref in categories.names]) for t in paytables),
    )
    return _with_notation(spec, game, program)


def _title(game: dict[str, object], module: S.Module) -> str:
    decl = game.get("GameDecl")
    return decl.title if isinstance(decl, S.GameDecl) else module.path.rsplit("/", 1)[-1].removesuffix(".cp")


def _with_notation(spec: GameSpec, game: dict[str, object], program: Program) -> GameSpec:
    changes: dict[str, object] = {}
    for kind, group in (("ranks", spec.face_group), ("suit_letters", spec.suit_group)):
        decl = game.get(kind)
        if isinstance(decl, S.NotationDecl):
            if len(set(decl.letters.lower())) != len(decl.letters):
                raise CpolyError(f"'{kind}' letters must be distinct: \"{decl.letters}\"", decl.span)
            _check_letters(kind, decl, program.sorts.get(program.groups[group][0]), program)
            changes[kind] = decl.letters
    copies = game.get("CopiesDecl")
    if isinstance(copies, S.CopiesDecl):
        if copies.copies < 1:
            raise CpolyError("copies must be at least 1", copies.span)
        changes["copies"] = copies.copies
    changes["ordered"] = "OrderedDecl" in game
    return replace(spec, **changes)  # type: ignore[arg-type]


def _check_letters(kind: str, decl: S.NotationDecl, sort: object, program: Program) -> None:
    """One letter per value of the domain: an error for the file's own sizes, a warning when a
    size was changed with --set (the cards of the changed deck cannot all be named)."""
    size = getattr(sort, "size", None)
    if not isinstance(size, int) or size == len(decl.letters):
        return
    message = (f"'{kind}' has {len(decl.letters)} letters for a domain of {size} values "
               f"({getattr(sort, 'name', '?')}): every value needs exactly one letter")
    if getattr(sort, "name", None) in program.overridden:
        program.warnings.append(Warning_(message + "; cards of this deck cannot all be named", decl.span))
    else:
        raise CpolyError(message, decl.span)


def _check_cards(cards: S.CardsDecl, program: Program) -> None:
    for name in (cards.faces, cards.suits):
        if name not in program.groups:
            raise (program.unknown(name, cards.span) if name not in program.all_names()
                   else CpolyNameError(f"'{name}' is not a vertex group", cards.span))
    if len(program.groups[cards.faces]) != len(program.groups[cards.suits]):
        raise CpolyError(f"'{cards.faces}' and '{cards.suits}' must have as many vertices", cards.span)


def _check_categories(categories: S.CategoriesDecl, paytables: list[DeclaredPays], program: Program) -> None:
    names = [ref.name for ref in categories.names]
    for ref in categories.names:
        if ref.name not in program.expressions:
            raise (program.unknown(ref.name, ref.span) if ref.name not in program.all_names()
                   else CpolyNameError(f"category '{ref.name}' is not an expression", ref.span))
        if names.count(ref.name) > 1:
            raise CpolyError(f"category '{ref.name}' is listed twice", ref.span)
    first: dict[str, DeclaredPays] = {}
    for table in paytables:
        if table.name in first:
            earlier = first[table.name].span
            where = f" (first at line {earlier.line})" if earlier else ""
            raise CpolyError(f"pay table '{table.name}' is declared twice{where}", table.span)
        first[table.name] = table
        for category in table.pays:
            if category not in names:
                close = difflib.get_close_matches(category, names, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise CpolyNameError(
                    f"pay table '{table.name}' pays '{category}', which is not a category{hint}",
                    table.span)
        unpaid = [name for name in names if name not in table.pays]
        if unpaid:
            program.warnings.append(Warning_(
                f"pay table '{table.name}' does not pay {', '.join(unpaid)}: "
                f"{'it pays' if len(unpaid) == 1 else 'they pay'} 0", table.span))
