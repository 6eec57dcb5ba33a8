"""``cpoly count`` and ``cpoly check``: deal frequencies and the category of a dealt hand."""

from __future__ import annotations

import argparse
from typing import Any

from cpoly.api import (
    check,
    count,
    count_deals,
    deal_table,
    load_game,
    load_program,
    refuse_identical_cards,
    symbolic_validity,
)
from cpoly.cli.output import (
    echo,
    print_json,
    print_table,
    print_warnings,
    thousands,
    warnings_json,
    working,
)
from cpoly.count.compiledgame import Game
from cpoly.count.completion import bound_deal, complete, draw_convention, draw_form, form_removed
from cpoly.errors import CpolyInputError
from cpoly.lang.lower import Lowerer
from cpoly.store.gameset import parse_overrides

__all__ = ["EVERY_ASSIGNMENT", "pay_forms", "register", "run_check", "run_count"]


def register(subparsers: Any) -> None:
    counting = subparsers.add_parser(
        "count", help="deal frequencies of a game (or counts of named definitions)",
        description="Count, exactly, the deals of each category of a .cp game: the ways "
                    "including higher wins and the paid ways (highest win only).")
    counting.add_argument("file", help="a .cp file")
    counting.add_argument("names", nargs="*", help="count these definitions instead of the game")
    counting.add_argument("--symbolic", nargs="+", default=[], metavar="NAME",
                          help="make these size constants symbols: counts become polynomials")
    counting.add_argument("--param", nargs="+", action="extend", default=[], metavar="NAME=VALUE",
                          dest="params",
                          help="bind run-time parameters (param F1 / param DF[5]), e.g. "
                               "--param F1=12 'DF[2]=3' (with named definitions)")
    counting.add_argument("--show-pay", action="store_true", help="print the derived Pay* forms")
    counting.add_argument("--json", action="store_true", help="print JSON")
    counting.set_defaults(func=run_count)

    checking = subparsers.add_parser("check", help="the category of a dealt hand")
    checking.add_argument("file", help="a .cp game file")
    checking.add_argument("cards", nargs="+", help="the dealt cards, e.g. Ah Kh Qh Jh Th")
    checking.add_argument("--json", action="store_true", help="print JSON")
    checking.set_defaults(func=run_check)


def run_count(args: argparse.Namespace) -> int:
    if args.names:
        return _count_names(args)
    if args.params:
        raise CpolyInputError("--param binds parameters of named definitions: name them, e.g. "
                              "cpoly count FILE DrawFlush --param F1=12")
    game = load_game(args.file, args.symbolic, parse_overrides(args.overrides))
    with working(f"counting {game.spec.title}"):
        table = deal_table(game)
        warnings = game.program.warnings + symbolic_validity(
            [game.deal, *game.categories.values()], game.sorts)
    print_warnings(warnings)
    forms = pay_forms(game) if args.show_pay else {}
    if args.json:
        print_json({"total": _number(table.total), "categories": [
            {"name": r.name, "ways": _number(r.ways), "paid_ways": _number(r.paid_ways)}
            | ({"pay_form": forms[r.name]} if forms else {}) for r in table.rows],
            "warnings": warnings_json(warnings)})
        return 0
    rows = [[r.name, thousands(r.ways), thousands(r.paid_ways)] for r in table.rows]
    rows.append(["all hands", thousands(table.total), ""])
    print_table(f"{game.spec.title}: wins on the deal",
                ["category", "ways incl. higher wins", "paid ways (highest only)"], rows,
                [False, True, True])
    if forms:
        echo()
        for name, form in forms.items():
            echo(f"Pay{name} = {form}")
    return 0


def _count_names(args: argparse.Namespace) -> int:
    """Named definitions: per dealt hand (times the deal) in a game file, else over all
    assignments of the vertices that have domains.  In a game file a completion form (held
    cards fixed, the others redrawn: the seed's Discard masks, autohold.cp's Draw) counts its
    draws as ``cpoly hold`` does (:mod:`cpoly.count.completion`)."""
    program = load_program(args.file, args.symbolic, parse_overrides(args.overrides))
    params = parse_overrides(args.params, "--param")
    draws: dict[str, dict[str, Any]] = {}
    if program.game is not None:
        game = Game.from_program(program)
        refuse_identical_cards(game)
        lowerer = Lowerer(program, params) if params else game.lowerer
        nodes = [lowerer.definition(name) for name in args.names] + [game.deal]
        results, conventions = {}, {}
        for name, node in zip(args.names, nodes):
            results[name], conventions[name] = _count_in_game(game, name, node, params, draws)
    else:
        nodes = [Lowerer(program, params).definition(name) for name in args.names]
        results = {name: count(program, name, params) for name in args.names}
        conventions = {name: EVERY_ASSIGNMENT for name in args.names}
    warnings = program.warnings + symbolic_validity(nodes, program.sorts)
    print_warnings(warnings)
    if args.json:
        print_json({"counts": {name: _number(value) for name, value in results.items()},
                    "conventions": conventions, "draws": draws, "warnings": warnings_json(warnings)})
        return 0
    print_table(None, ["definition", "count"], [[n, thousands(v)] for n, v in results.items()],
                [False, True])
    for line in _convention_lines(conventions, draws):
        print(line)
    return 0


def _convention_lines(conventions: dict[str, str], draws: dict[str, dict[str, Any]]) -> list[str]:
    """How the counts were counted, one line per group of definitions counted alike."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for name, convention in conventions.items():
        draw = draws.get(name)
        key = (convention,) if draw is None else (
            convention, f"held {' '.join(draw['held']) or 'nothing'}"
            + (f" (cards {', '.join(map(str, draw['positions']))})" if draw["positions"] else "")
            + f", drawn from the deck less {' '.join(draw['removed']) or 'the held cards'}")
        groups.setdefault(key, []).append(name)
    every = len(groups) == 1
    return [f"{'counted' if every else ', '.join(names) + ':'} as {'; '.join(key)}"
            for key, names in groups.items()]


EVERY_ASSIGNMENT = "every assignment of the vertices (no game section: no deal, card order counts)"


def _count_in_game(game: Game, name: str, node: Any, params: dict[str, int],
                   draws: dict[str, dict[str, Any]]) -> tuple[Any, str]:
    """One named definition of a game file and how it is counted (a completion's draws in the
    game's draw convention, else per dealt hand)."""
    form = draw_form(game, node)
    if form is None:
        return count_deals(game, node, f"'{name}'"), "ordered hands" if game.spec.ordered else "unordered hands"
    removed = form_removed(game, form, bound_deal(params, game.hand_size))
    draws[name] = {"held": [game.format(c) for _, c in sorted(form.held.items())],
                   "positions": [i + 1 for i in sorted(form.held)],
                   "removed": [game.format(c) for c in removed], "convention": draw_convention(game)}
    return complete(game, form.body, form.held, removed), draw_convention(game)


def pay_forms(game: Game) -> dict[str, str]:
    """Each category's derived paid form (the category times ``1 - h`` per excluded higher win h)."""
    return {name: " * ".join([name] + [f"(1 - {h})" for h in game.exclusions()[name]])
            for name in game.category_names}


def run_check(args: argparse.Namespace) -> int:
    game = load_game(args.file)
    category = check(game, args.cards)
    cards = [game.format(c) for c in game.parse_hand(args.cards)]
    if args.json:
        print_json({"category": category, "cards": cards})
    else:
        echo(f"{' '.join(cards)}: {category or 'no win'}")
    return 0


def _number(value: Any) -> Any:
    return value if isinstance(value, int) else str(value)

