"""The game section of a module: cards, deal, categories, pay tables and notation.

>>> from cpoly.api import load_program
>>> spec = load_program("definitions/jacks_or_better.cp").game
>>> spec.face_group, spec.suit_group, spec.ordered, spec.paytables[0].pay_of("FullHouse")
('F', 'S', False, Fraction(9, 1))
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Protocol, Union

from cpoly.errors import CpolyError, CpolyNameError, Span, Warning_
from cpoly.lang import syntax as S
from cpoly.lang.features import Feature, base_game_only, features_of
from cpoly.lang.paytable import PayTable
from cpoly.lang.tierule import TieRule, tie_rule_names

__all__ = ["DEFAULT_RANKS", "DEFAULT_SUIT_LETTERS", "GAME_KEYWORDS", "DeclaredPays", "GameSpec", "GameStatement",
           "GameStatements", "game_keyword", "game_spec", "paytable_of"]

DEFAULT_RANKS = "23456789TJQKA"
DEFAULT_SUIT_LETTERS = "hdcs"  # the seed's order: Heart = 0, Diamond = 1, Club = 2, Spade = 3


class ResolvedNames(Protocol):
    """What the game section reads of a resolved module (:class:`cpoly.lang.resolve.Program`
    provides it): its names, vertex groups, domains and expressions, and where lints go."""

    @property
    def groups(self) -> Mapping[str, tuple[int, ...]]: ...
    @property
    def sorts(self) -> Mapping[int, object]: ...
    @property
    def expressions(self) -> Mapping[str, object]: ...
    @property
    def overridden(self) -> set[str]: ...
    @property
    def warnings(self) -> list[Warning_]: ...
    def all_names(self) -> set[str]: ...
    def unknown(self, name: str, span: Span | None, scope: Iterator[str] | None = None) -> CpolyNameError: ...


@dataclass(frozen=True)
class DeclaredPays:
    """A pay table statement by category name, before the categories' order is known."""

    name: str
    pays: dict[str, Fraction]
    dealt: dict[str, Fraction]
    span: Span
    names: dict[str, Span] = field(default_factory=dict)  # where each category is named

    def in_order(self, categories: list[str]) -> PayTable:
        """The :class:`~cpoly.lang.paytable.PayTable` in pay order; unpaid categories pay 0."""
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
    tie_rule: TieRule | None = None  # the ``tie_rule`` statement's rule (None: the game states none)
    tie_rule_span: Span | None = None  # where it is stated
    features: tuple[Feature, ...] = ()  # the ``feature`` statements, checked (cpoly.lang.features)


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
    return DeclaredPays(statement.name, pays, dealt, statement.span,
                        {entry.category: entry.span for entry in statement.entries})


GameStatement = Union[S.GameDecl, S.CardsDecl, S.DealDecl, S.CategoriesDecl, S.NotationDecl, S.CopiesDecl,
                      S.OrderedDecl, S.TieRuleDecl]
#: The keyword of each kind of game statement (a notation statement's is its own: ranks, suit_letters).
GAME_KEYWORDS: dict[type, str] = {S.GameDecl: "game", S.CardsDecl: "cards", S.DealDecl: "deal",
                                  S.CategoriesDecl: "categories", S.CopiesDecl: "copies",
                                  S.OrderedDecl: "ordered", S.TieRuleDecl: "tie_rule"}


def game_keyword(statement: S.Statement) -> str | None:
    """The keyword of a game-section statement (None for any other statement).

    >>> from cpoly.errors import Span
    >>> game_keyword(S.CopiesDecl(2, span=Span("x.cp", 1, 1, "copies 2")))
    'copies'
    """
    if isinstance(statement, S.NotationDecl):
        return statement.kind
    return GAME_KEYWORDS.get(type(statement))


@dataclass
class GameStatements:
    """The game section's statements, one field a kind, each kind at most once."""

    game: S.GameDecl | None = None
    cards: S.CardsDecl | None = None
    deal: S.DealDecl | None = None
    categories: S.CategoriesDecl | None = None
    copies: S.CopiesDecl | None = None
    ordered: S.OrderedDecl | None = None
    tie_rule: S.TieRuleDecl | None = None
    ranks: S.NotationDecl | None = None
    suit_letters: S.NotationDecl | None = None

    def add(self, statement: GameStatement, imported: Collection[str] = ()) -> None:
        """Set the statement of its kind.  A file says each kind once; one of the files
        ``imported`` (those the statement's file imports) may have said it, and is replaced."""
        keyword = game_keyword(statement)
        assert keyword is not None, statement
        old: GameStatement | None = getattr(self, keyword)
        if old is not None and old.span.path == statement.span.path:
            raise CpolyError(f"the game section says '{keyword}' twice", statement.span)
        if old is not None and old.span.path not in imported:
            raise CpolyError(f"'{keyword}' is stated both here and in {old.span}, and neither file "
                             "imports the other", statement.span)
        setattr(self, keyword, statement)

    def statements(self) -> list[GameStatement]:
        return [s for s in (getattr(self, f.name) for f in fields(self)) if s is not None]

    def only_from(self, path: str) -> GameStatements:
        """The statements written in the file ``path``."""
        return GameStatements(**{f.name: s if s is not None and s.span.path == path else None
                                 for f in fields(self) for s in [getattr(self, f.name)]})


def game_spec(game: GameStatements, paytables: list[DeclaredPays], program: ResolvedNames,
              module: S.Module, features: Sequence[S.FeatureDecl] = ()) -> GameSpec:
    """The checked :class:`GameSpec` of a module's game statements and pay tables."""
    cards, deal, categories = game.cards, game.deal, game.categories
    for needed, what in ((cards, "cards F S"), (deal, "deal EXPR"), (categories, "categories ...")):
        if needed is None:  # the error at the section's first statement in the file, else the file's start
            spans = [item.span for item in (*game.statements(), *paytables) if item.span.path == module.path]
            deck = ('; import "poker.cp" states the first two: five cards from 52'
                    if cards is None and deal is None else "")
            raise CpolyError(f"the game section lacks '{what}' (a game says 'cards F S', 'deal EXPR' "
                             f"and 'categories ...'{deck})",
                             min(spans, key=lambda span: span.line, default=Span(module.path, 1, 1, "")))
    assert cards is not None and deal is not None and categories is not None
    _check_cards(cards, program)
    _check_categories(categories, paytables, program)
    for decl, group in ((game.ranks, cards.faces), (game.suit_letters, cards.suits)):
        if decl is not None:
            if len(set(decl.letters.lower())) != len(decl.letters):
                raise CpolyError(f"'{decl.kind}' letters must be distinct: \"{decl.letters}\"", decl.span)
            _check_letters(decl, program.sorts.get(program.groups[group][0]), program)
    if game.copies is not None and game.copies.copies < 1:
        raise CpolyError("copies must be at least 1", game.copies.span)
    checked = features_of(features, [ref.name for ref in categories.names],
                          game.copies.copies if game.copies else 1, game.ordered is not None)
    for feature in checked:  # never silently ignored: the commands say what they leave out
        program.warnings.append(base_game_only(feature))
    return GameSpec(
        title=game.game.title if game.game is not None else module.path.rsplit("/", 1)[-1].removesuffix(".cp"),
        face_group=cards.faces, suit_group=cards.suits, deal=deal.value, categories=categories.names,
        paytables=tuple(t.in_order([ref.name for ref in categories.names]) for t in paytables),
        ranks=game.ranks.letters if game.ranks else DEFAULT_RANKS,
        suit_letters=game.suit_letters.letters if game.suit_letters else DEFAULT_SUIT_LETTERS,
        copies=game.copies.copies if game.copies else 1, ordered=game.ordered is not None, deal_span=deal.span,
        tie_rule=tie_rule_of(game.tie_rule) if game.tie_rule else None,
        tie_rule_span=game.tie_rule.span if game.tie_rule else None,
        features=checked,
    )


def tie_rule_of(statement: S.TieRuleDecl) -> TieRule:
    """The rule a ``tie_rule`` statement names; an error at the name for one that is not a rule.

    >>> from cpoly.errors import Span
    >>> at = Span("x.cp", 1, 10, "tie_rule fewest-card")
    >>> tie_rule_of(S.TieRuleDecl("fewest-card", span=at._replace(column=1), rule_span=at))
    Traceback (most recent call last):
    cpoly.errors.CpolyError: unknown tie rule 'fewest-card' (did you mean 'fewest-cards'?); the rules are rank-order, first, fewest-cards, most-cards, lowest-variance, highest-variance
    """
    try:
        return TieRule(statement.rule)
    except ValueError:
        close = difflib.get_close_matches(statement.rule, [rule.value for rule in TieRule], n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise CpolyError(f"unknown tie rule '{statement.rule}'{hint}; the rules are {tie_rule_names()}",
                         statement.rule_span) from None


def _check_letters(decl: S.NotationDecl, sort: object, program: ResolvedNames) -> None:
    """One letter per value of the domain: an error for the file's own sizes, a warning when a
    size was changed with --set (the cards of the changed deck cannot all be named)."""
    size = getattr(sort, "size", None)
    if not isinstance(size, int) or size == len(decl.letters):
        return
    message = (f"'{decl.kind}' has {len(decl.letters)} letters for a domain of {size} values "
               f"({getattr(sort, 'name', '?')}): every value needs exactly one letter")
    if getattr(sort, "name", None) in program.overridden:
        program.warnings.append(Warning_(message + "; cards of this deck cannot all be named", decl.span))
    else:
        raise CpolyError(message, decl.span)


def _check_cards(cards: S.CardsDecl, program: ResolvedNames) -> None:
    for name in (cards.faces, cards.suits):
        if name not in program.groups:
            raise (program.unknown(name, cards.span) if name not in program.all_names()
                   else CpolyNameError(f"'{name}' is not a vertex group", cards.span))
    if len(program.groups[cards.faces]) != len(program.groups[cards.suits]):
        raise CpolyError(f"'{cards.faces}' and '{cards.suits}' must have as many vertices", cards.span)


def _check_categories(categories: S.CategoriesDecl, paytables: list[DeclaredPays], program: ResolvedNames) -> None:
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
            raise CpolyError(f"pay table '{table.name}' is declared twice (first at line "
                             f"{first[table.name].span.line})", table.span)
        first[table.name] = table
        for category in table.pays:
            if category not in names:
                close = difflib.get_close_matches(category, names, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise CpolyNameError(
                    f"pay table '{table.name}' pays '{category}', which is not a category{hint}",
                    table.names.get(category, table.span))
        unpaid = [name for name in names if name not in table.pays]
        if unpaid:
            program.warnings.append(Warning_(
                f"pay table '{table.name}' does not pay {', '.join(unpaid)}: "
                f"{'it pays' if len(unpaid) == 1 else 'they pay'} 0", table.span))
