"""``cpoly equity`` and ``cpoly eval``: Hold'em equity and hand evaluation."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cpoly.cli.output import echo, print_table, progress_bar
from cpoly.deck.cards import split_cards
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.gamefile import resolve_game
from cpoly.games.holdem.intcards import check_in_deck, format_card, format_cards, is_card_text, parse_cards
from cpoly.games.holdem.planner import AUTO_EXACT_SECONDS, DEFAULT_SAMPLES, check_samples, check_seed
from cpoly.games.holdem.results import EquityResult
from cpoly.games.holdem.showdown import showdown_of

__all__ = ["category_rows", "equity_title", "hands_in_order", "register", "run_equity", "run_eval",
           "split_board_words"]


def register(subparsers: Any) -> None:
    """Add the ``equity`` and ``eval`` subcommands."""
    eq = subparsers.add_parser(
        "equity", help="Hold'em equity of two or more hands (exact or Monte Carlo)",
        description="Equity of each HAND: two cards ('AcKc', 'Ac Kc'), one known card ('As?'), "
                    "'??' for two unknown cards (quote it: unquoted it is a shell glob), or a "
                    "range ('QQ+,AKs', 'A2s+', '77-99', 'random'; weights 'AA@50,KK'). "
                    "Exact or Monte Carlo: without --exact or --samples, every deal is "
                    "enumerated exactly when the fastest exact method is predicted to take at "
                    f"most {AUTO_EXACT_SECONDS:.0f} s (or Monte Carlo cannot sample the hands), "
                    f"else {DEFAULT_SAMPLES:,} Monte Carlo samples are drawn; the last line "
                    "says which method ran and why. The table gives equity, win and tie "
                    "(% and deals: every joint holding with every board; --fractions adds the "
                    "exact fractions, --json has everything).")
    eq.add_argument("hands", nargs="*", metavar="HAND", action=_InOrder,
                    help="a player's hand or range, e.g. AcKc, 'As?', '??', QQ+,AKs (two or more)")
    eq.add_argument("--board", nargs="+", default=[], metavar="CARDS", action=_InOrder,
                    help="known board cards (0, 3, 4 or 5), e.g. '2c 7d 9h' or 2c7d9h; may come "
                         "before the hands (after its first word it takes single cards only: "
                         "a word of two cards is a hand)")
    eq.add_argument("--dead", nargs="+", default=[], metavar="CARDS", action=_InOrder,
                    help="dead cards (out of play), single cards or one word (the same rule)")
    method = eq.add_mutually_exclusive_group()
    method.add_argument("--exact", action="store_true",
                        help="exact enumeration, however long it takes (refused only when too large)")
    method.add_argument("--samples", type=int, metavar="N", help="Monte Carlo with N samples")
    eq.add_argument("--fractions", action="store_true",
                    help="also print each hand's equity, win and tie as exact fractions")
    eq.add_argument("--seed", type=int, default=None, help="Monte Carlo seed")
    eq.add_argument("--no-flushes", action="store_true",
                    help="rank hands by ranks only (seed 000's poker with no flushes)")
    eq.add_argument("--json", action="store_true", help="print one JSON object")
    eq.add_argument("--game", metavar="FILE", default=None,
                    help="the game's .cp file (deck, straights, category order, hole cards): "
                         "definitions/short_deck.cp, definitions/omaha.cp; default standard "
                         "Hold'em (definitions/holdem.cp). Omaha hands are four cards or a range: "
                         "'AsAh??', 'AAxx', 'AKQJ', 'AAKKds', 'AKQJss', 'AAxx,KKxx', '??'")
    eq.set_defaults(func=run_equity)

    ev = subparsers.add_parser("eval", help="evaluate a 5- to 7-card poker hand",
                               description="Category, strength and best five cards of a hand "
                                           "(Omaha: the four hole cards first, then 3 to 5 board cards).")
    ev.add_argument("cards", nargs="+", metavar="CARD", help="the cards, e.g. Ah Kh Qh Jh Th 2c 3d")
    ev.add_argument("--json", action="store_true", help="print one JSON object")
    ev.add_argument("--game", metavar="FILE", default=None,
                    help="the game's .cp file (default standard Hold'em)")
    ev.set_defaults(func=run_eval)


class _InOrder(argparse.Action):
    """Store the words and remember where they came on the command line (``args.in_order``):
    hands typed after ``--board`` or ``--dead`` keep their place among the others."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        if values:
            namespace.in_order = [*getattr(namespace, "in_order", []), self.dest]


def hands_in_order(args: argparse.Namespace, after: dict[str, list[str]]) -> list[str]:
    """The hands as typed: the positional ones and those after ``--board`` (``after["board"]``)
    or ``--dead``, in the order those groups came on the command line.

    >>> args = argparse.Namespace(hands=["AA"], in_order=["hands", "dead", "board"])
    >>> hands_in_order(args, {"board": ["QQ"], "dead": ["KK"]})
    ['AA', 'KK', 'QQ']
    """
    groups = {**after, "hands": args.hands}
    order = [*dict.fromkeys([*getattr(args, "in_order", []), "hands", "board", "dead"])]
    return [hand for name in order for hand in groups.get(name, [])]


def split_board_words(words: list[str], most: int) -> tuple[list[str], list[str]]:
    """The words of ``--board`` (``most`` = 5) or ``--dead`` (``most`` = 52) that are its cards,
    and the words after them, which are hands.  The rule never takes a hand: the first word is
    the option's (one card, or several written as one word, ``2c7d9h``); each later word joins
    only if it is one card (``9h``) and the option stays within ``most`` cards.  A two-card word
    after the first is always a hand, so ``--board 2c 7c AcKc QQ`` is a board of two cards (an
    error), never the board 2c 7c Ac Kc.

    >>> split_board_words(["2c", "7d", "9h", "AsAh", "KsKh"], 5)
    (['2c', '7d', '9h'], ['AsAh', 'KsKh'])
    >>> split_board_words(["2c7d9h", "QQ+", "??"], 5)
    (['2c7d9h'], ['QQ+', '??'])
    >>> split_board_words(["2c", "7c", "AcKc", "QQ"], 5)
    (['2c', '7c'], ['AcKc', 'QQ'])
    """
    cards = 0
    for index, word in enumerate(words):
        count = len(split_cards(word)) if is_card_text(word) else 0
        if index > 0 and (count != 1 or cards + count > most):
            return words[:index], words[index:]
        cards += count
    return words, []


def run_equity(args: argparse.Namespace) -> int:
    """Compute and print equities; returns the exit code."""
    check_samples(args.samples, "--samples")
    check_seed(args.seed)
    board, after_board = split_board_words(args.board, 5)
    dead, after_dead = split_board_words(args.dead, 52)
    args.hands = hands_in_order(args, {"board": after_board, "dead": after_dead})
    rules = resolve_game(args.game)
    for hand in args.hands:
        showdown_of(rules).check_text(hand)  # a bad hand is named before the count is checked
    if len(args.hands) < 2:
        raise CpolyInputError(
            f"equity needs at least 2 hands, got {len(args.hands)}"
            + (f" (--board took {' '.join(board)!r})" if board else "")
            + "; write '??' (quoted) for an unknown hand")
    with progress_bar(f"equity of {' vs '.join(args.hands)}", not args.json) as update:
        result = equity(args.hands, " ".join(board), " ".join(dead),
                        exact=True if args.exact else None, samples=args.samples, seed=args.seed,
                        flushes=not args.no_flushes, progress=update, game=rules)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        _print_equity(result, args.fractions)
    return 0


def _print_equity(result: EquityResult, fractions: bool) -> None:
    """The equity tables, narrow enough for 80 columns: equity, win and tie (% and deals) per
    hand, the exact fractions with ``fractions``, then each hand's deals won, tied and lost by
    the hand it made."""
    columns, rows = _equity_columns(result)
    if result.game:
        echo(result.game)  # on its own line: a game's title may be long
    print_table(equity_title(result), columns, rows, [False] + [True] * (len(columns) - 1))
    if fractions and result.exact:
        print_table("exact", ["hand", "equity", "win", "tie"],
                    [[p.hand, str(p.equity_exact), str(p.outcome.probability("win")),
                      str(p.outcome.probability("tie"))] for p in result.players],
                    [False, True, True, True])
    print_table(f"{'deals' if result.exact else 'samples'} won / tied / lost by the hand made at "
                f"showdown", ["hand", "made", "won", "tied", "lost"],
                category_rows(result), [False, False, True, True, True])
    echo(f"method: {result.method_reason}")


def equity_title(result: EquityResult) -> str:
    """The table's title: the known cards and what was counted (deals: every joint holding
    with every board; or samples), in the characters a table prints without rich.

    >>> from cpoly.games.holdem.equity import equity
    >>> equity_title(equity(["AsAh", "KK"], "2c 7d 9h"))
    'board 2c 7d 9h, 5,940 deals (6 holdings x boards), exact'
    """
    known = f"board {format_cards(result.board) if result.board else '(none)'}"
    known += f", dead {format_cards(result.dead)}" if result.dead else ""
    holdings = f"{result.holdings:,} holding{'s' if result.holdings != 1 else ''}"
    counted = (f"{result.boards:,} deals ({holdings} x boards), exact" if result.exact
               else f"{result.boards:,} samples, Monte Carlo")
    return f"{known}, {counted}"  # no ':' (rich's emoji)


def _equity_columns(result: EquityResult) -> tuple[list[str], list[list[str]]]:
    """The main table's columns and rows: the percentages first, then the counts they come
    from (losses follow from them; ``--json`` has them)."""
    unit = "deals" if result.exact else "samples"
    columns = ["hand", "equity %", *([] if result.exact else ["s.e. %"]), "win %", "tie %",
               f"win {unit}", f"tie {unit}"]
    rows = []
    for player in result.players:
        totals = player.outcome
        error = [] if result.exact else [f"{100 * (player.stderr or 0.0):.4f}"]
        rows.append([player.hand, f"{100 * player.equity:.4f}", *error,
                     f"{100 * float(totals.probability('win')):.4f}",
                     f"{100 * float(totals.probability('tie')):.4f}", f"{player.win:,}", f"{player.tie:,}"])
    return columns, rows


def category_rows(result: EquityResult) -> list[list[str]]:
    """One row per hand and category it makes on some deal: deals won, tied and lost (the hand
    named on its first row only)."""
    rows = []
    for player in result.players:
        made = [(name, cell) for name, cell in zip(player.names, player.by_category) if cell.occur]
        for index, (name, cell) in enumerate(made):
            rows.append([player.hand if index == 0 else "", name, f"{cell.win:,}", f"{cell.tie:,}",
                         f"{cell.loss:,}"])
    return rows


def run_eval(args: argparse.Namespace) -> int:
    """Evaluate one hand and print it; returns the exit code."""
    from cpoly.games.holdem.evaluator import best_five, category_codes, evaluate_one  # NumPy: not for equity

    rules = resolve_game(args.game)
    cards = parse_cards(" ".join(args.cards))
    check_in_deck(cards, rules, "eval")
    showdown = showdown_of(rules)
    low, high, what = showdown.eval_sizes()
    if not low <= len(cards) <= high:
        raise CpolyInputError(f"eval takes {low} to {high} cards{what}, got {len(cards)}: "
                              f"{format_cards(cards)}")
    best = best_five(cards, rules, showdown.eval_hole)
    strength = evaluate_one(best, rules)
    code = int(category_codes([strength], rules)[0])
    out = {"category": rules.names[code - 1], "code": code, "strength": strength,
           "best_five": [format_card(c) for c in best], "cards": [format_card(c) for c in cards]}
    if args.json:
        print(json.dumps(out))
    else:
        echo(f"{out['category']} (code {code}, strength {strength}): {format_cards(best)}")
    return 0
