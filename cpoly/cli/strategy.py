"""``cpoly strategy`` (a game's strategy chart with its exact cost) and ``cpoly train`` (deal
random hands, read the player's holds, price each mistake)."""

from __future__ import annotations

import argparse
import random
import sys
from fractions import Fraction
from typing import Any

import numpy as np

from cpoly.cli.output import echo, print_error, print_json, print_table, progress_bar, working
from cpoly.deck.cards import Notation, held_positions
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.hold.holdchoice import HoldResult
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.strategy import DEFAULT_LINES, StrategyChart
from cpoly.games.videopoker.strategy.chart import chart_of, check_lines, collect

#: Exception groups shown in the text output (``--json`` lists them all).
SHOWN_EXCEPTIONS = 12
#: Random hands the trainer draws before giving up on a deal that rejects (nearly) all of them.
DEAL_ATTEMPTS = 10_000


def register(subparsers: Any) -> None:
    strategy = subparsers.add_parser("strategy", help="a strategy chart of a video-poker game, with its exact cost")
    strategy.add_argument("file", help="a .cp game file")
    strategy.add_argument("--paytable", help="pay table name (default: the game's first)")
    strategy.add_argument("--lines", type=int, default=DEFAULT_LINES,
                          help="most lines in the chart, 'draw five' included (default: %(default)s)")
    strategy.add_argument("--json", action="store_true", help="print JSON")
    strategy.set_defaults(func=run_strategy)

    train = subparsers.add_parser("train", help="practise: random deals, your holds, the cost of each mistake")
    train.add_argument("file", help="a .cp game file")
    train.add_argument("--paytable", help="pay table name (default: the game's first)")
    train.add_argument("--hands", type=int, default=0, help="stop after this many hands (default: until end of input)")
    train.add_argument("--seed", type=int, help="random seed (repeatable sessions)")
    train.add_argument("--json", action="store_true", help="print one JSON summary at the end")
    train.set_defaults(func=run_train)


def exact(value: Fraction) -> str:
    """A fraction as ``"p/q"``."""
    return f"{value.numerator}/{value.denominator}"


# ---- strategy ----------------------------------------------------------------------------------
def run_strategy(args: argparse.Namespace) -> int:
    poker = VideoPoker.load(args.file)
    table = poker.paytable(args.paytable)
    check_lines(args.lines)
    with progress_bar(f"analysing {poker.game.spec.title} ({table.name})", not args.json) as update:
        game = collect(poker, table.name, update)
    with progress_bar(f"searching the chart order ({len(game.values):,} deal classes)", not args.json) as update:
        chart = chart_of(game, args.lines, update)
    if args.json:
        print_json(strategy_json(chart))
    else:
        _print_strategy(chart)
    return 0


def strategy_json(chart: StrategyChart) -> dict[str, Any]:
    """The ``strategy --json`` contract."""
    return {
        "game": chart.title, "paytable": chart.paytable,
        "optimal_return": float(chart.optimal_return), "optimal_return_exact": exact(chart.optimal_return),
        "chart_return": float(chart.chart_return), "chart_return_exact": exact(chart.chart_return),
        "return_with_exceptions": float(chart.return_with_exceptions),
        "return_with_exceptions_exact": exact(chart.return_with_exceptions),
        "cost": float(chart.cost), "cost_exact": exact(chart.cost), "cost_percent": float(chart.cost * 100),
        "hands_per_bet_lost": None if not chart.cost else chart.hands_per_bet,
        "denominator": chart.denominator, "total_deals": chart.total_deals,
        "lines": [{"pattern": line.name, "frequency": float(line.frequency), "deals": line.deals,
                   "cost": float(line.cost), "cost_exact": exact(line.cost)} for line in chart.lines],
        "exceptions": [{"line": group.line, "instead": group.instead, "deals": group.deals,
                        "cost": float(group.cost), "cost_exact": exact(group.cost),
                        "hands": [{"deal": deal, "hold": hold, "deals": deals} for deal, hold, deals in group.hands]}
                       for group in chart.exceptions],
        "returns_by_lines": {str(n): float(v) for n, v in chart.returns_by_lines.items()},
    }


def _print_strategy(chart: StrategyChart) -> None:
    rows = [[str(i), line.name, f"{float(line.frequency):.6f}", f"{float(line.cost):.7f}"]
            for i, line in enumerate(chart.lines, 1)]
    print_table(f"{chart.title} ({chart.paytable}): hold the first line the deal contains",
                ["#", "pattern", "frequency", "cost"], rows, [True, False, True, True])
    echo(f"optimal return  {float(chart.optimal_return):.6f}  ({exact(chart.optimal_return)})")
    echo(f"chart return    {float(chart.chart_return):.6f}  ({exact(chart.chart_return)})")
    if chart.cost:
        echo(f"chart cost      {float(chart.cost * 100):.5f} % of each bet: one bet every "
              f"{chart.hands_per_bet:,.0f} hands")
    groups = chart.exceptions
    deals = sum(g.deals for g in groups)
    echo(f"exceptions      {deals:,} deals in {len(groups)} groups; chart + exceptions = "
          f"{float(chart.return_with_exceptions):.6f}"
          + (" = optimal" if chart.return_with_exceptions == chart.optimal_return else " (NOT optimal)"))
    if groups:
        shown = [[g.line, g.instead, f"{g.deals:,}", f"{float(g.cost):.7f}", f"{g.hands[0][0]}: {g.hands[0][1]}"]
                 for g in groups[:SHOWN_EXCEPTIONS]]
        print_table("costliest exceptions (--json lists every deal)",
                    ["chart line", "hold instead", "deals", "cost", "e.g."], shown,
                    [False, False, True, True, False])


# ---- train -------------------------------------------------------------------------------------
def run_train(args: argparse.Namespace) -> int:
    poker = VideoPoker.load(args.file)
    table = poker.paytable(args.paytable)
    if args.hands < 0:
        raise CpolyInputError(f"--hands {args.hands}: give a number of hands, or 0 to play until the end of input")
    rng = random.Random(args.seed)
    session = _Session()
    if not args.json:
        echo(f"{poker.game.spec.title} ({table.name}): type the cards to hold (e.g. 'Kd Js'), "
              "'none' to draw five, 'all' to keep all; end of input stops.")
    while not args.hands or session.hands < args.hands:
        texts = random_deal(poker, rng)
        if not args.json:
            echo(f"\nhand {session.hands + 1}: {' '.join(texts)}")
        with working("preparing the game", not args.json and not session.hands):
            result = poker.hold(texts, table.name)
        option = _read_hold(poker, result)
        if option is None:
            break
        cost = result.best_option.ev - option.ev
        session.add(cost)
        if not args.json:
            best = " ".join(poker.card_name(c) for c in result.best_option.held) or "(draw five)"
            verdict = "best play" if not cost else f"mistake: costs {float(cost):.6f} bets; best is {best}"
            echo(f"  EV {float(option.ev):.6f} (best {float(result.best_option.ev):.6f}): {verdict}")
    if args.json:
        print_json({"hands": session.hands, "mistakes": session.mistakes,
                    "total_cost": float(session.cost), "total_cost_exact": exact(session.cost)})
    else:
        echo(f"\nsession: {session.hands} hands, {session.mistakes} mistakes, "
              f"total cost {float(session.cost):.6f} bets")
    return 0


def random_deal(poker: VideoPoker, rng: random.Random) -> list[str]:
    """A random hand that the game's deal accepts (drawing again on a rejected one keeps the
    deal's own distribution); an error after ``DEAL_ATTEMPTS`` rejections in a row."""
    game = poker.game
    for _ in range(DEAL_ATTEMPTS):
        texts = [poker.card_name(c) for c in rng.sample(range(poker.n_cards), HAND_SIZE)]
        if game.deal_values(np.array([game.parse_hand(texts)], dtype=np.int64))[0]:
            return texts
    raise CpolyError(f"the game's deal rejected {DEAL_ATTEMPTS:,} random hands in a row: "
                     "it accepts too few hands to train on")


def _read_hold(poker: VideoPoker, result: HoldResult) -> Any:
    """The player's hold from the next line of stdin (asked again after a bad one); None at
    the end of input."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return None
        try:
            return mine_option(poker, result, line)
        except CpolyInputError as error:
            print_error(error)


class _Session:
    """A training session's running totals."""

    def __init__(self) -> None:
        self.hands = 0
        self.mistakes = 0
        self.cost = Fraction(0)

    def add(self, cost: Fraction) -> None:
        self.hands += 1
        self.mistakes += cost > 0
        self.cost += cost


def mine_json(poker: VideoPoker, result: HoldResult, text: str) -> dict[str, Any]:
    """``hold --mine``: the player's hold, its EV and its cost against the best hold."""
    option = mine_option(poker, result, text)
    cost = result.best_option.ev - option.ev
    return {"held": [poker.card_name(c) for c in option.held], "ev": float(option.ev),
            "ev_exact": exact(option.ev), "cost": float(cost), "cost_exact": exact(cost)}


def mine_option(poker: VideoPoker, result: HoldResult, text: str) -> Any:
    """The hold of ``result`` that keeps the cards named in ``text`` ("Kd Js", "none", "all")."""
    words = text.replace(",", " ").split()
    if not words:
        raise CpolyInputError("the hold is empty: name the cards to hold (e.g. 'Kd Js'), "
                              "or 'none' to draw five")
    if [w.lower() for w in words] in (["none"], ["-"]):
        words = []
    elif [w.lower() for w in words] == ["all"]:
        words = [poker.card_name(c) for c in result.deal]
    spec = poker.game.spec
    notation = Notation(spec.ranks, spec.suit_letters)
    dealt = [(int(poker.faces[c]), int(poker.suits[c])) for c in result.deal]
    held = notation.parse_all(words, copies=spec.copies)  # a card at most as often as the deck has it
    mask = sum(1 << p for p in held_positions(held, dealt, notation, " ".join(words)))
    return result.options[mask]
