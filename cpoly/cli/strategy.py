"""``cpoly strategy`` (a game's strategy chart with its exact cost) and ``cpoly train`` (deal
random hands, read the player's holds, price each mistake)."""

from __future__ import annotations

import argparse
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from cpoly.cli.output import echo, print_error, print_json, print_table, progress_bar, working
from cpoly.cli.statehold import asked_state, game_feature, played_warnings
from cpoly.cli.tieflag import add_state_options
from cpoly.deck.cards import Notation, held_positions
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.hold.holdchoice import HoldResult
from cpoly.games.videopoker.hold.lattice import HAND_SIZE
from cpoly.games.videopoker.strategy import DEFAULT_LINES, StrategyChart
from cpoly.games.videopoker.strategy.chart import chart_of, check_lines, collect
from cpoly.games.videopoker.strategy.chartfile import parse_chart
from cpoly.games.videopoker.strategy.collected import HoldNamer, StrategyData
from cpoly.games.videopoker.strategy.wordchart import WordsChart, play_words
from cpoly.lang.paytable import PayTable
from cpoly.store.inputfile import read_text_input

__all__ = ["DEAL_ATTEMPTS", "SHOWN_EXCEPTIONS", "exact", "mine_json", "mine_option", "percent",
           "print_strategy", "random_deal", "register", "run_own_chart", "run_strategy", "run_train",
           "strategy_json", "words_json"]

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
    strategy.add_argument("--chart", metavar="FILE",
                          help="play your own chart, written in a player's words (one rule per line, best first; "
                               "see docs/videopoker.md), and print its exact return and each rule's cost")
    add_state_options(strategy, "the chart")
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
    state = asked_state(args)
    for line in played_warnings(poker, () if state is None else (game_feature(poker, state[0]),)):
        echo(line, error=True)
    if state is not None:
        return _run_state_strategy(args, poker, table, *state)
    with progress_bar(f"analysing {poker.game.spec.title} ({table.name})", not args.json) as update:
        game = collect(poker, table.name, update)
    if args.chart is not None:
        return run_own_chart(args, game)
    with progress_bar(f"searching the chart order ({len(game.values):,} deal classes)", not args.json) as update:
        chart = chart_of(game, args.lines, update)
    if args.json:
        print_json(strategy_json(chart))
    else:
        print_strategy(chart)
    return 0


def _run_state_strategy(args: argparse.Namespace, poker: VideoPoker, table: PayTable, kind: str,
                        asked: tuple[Fraction, ...]) -> int:
    """``strategy --level K`` / ``--multipliers M``: the chart in that state beside the base
    game's (or ``--chart`` played in it), :mod:`~cpoly.cli.statestrategy`."""
    from cpoly.cli.statestrategy import compare_with_base, comparison_json, print_changes, state_game, state_heading

    game, state = state_game(args, poker, table, kind, asked)
    if args.chart is not None:
        return run_own_chart(args, game, state)
    found = compare_with_base(args, game, state)
    if args.json:
        print_json({**strategy_json(found.chart), **comparison_json(found, words_json)})
    else:
        state_heading(found)
        print_strategy(found.chart, state)
        print_changes(found)
    return 0


def run_own_chart(args: argparse.Namespace, game: StrategyData, state: dict[str, Any] | None = None) -> int:
    """``strategy --chart FILE``: the chart played on ``game`` (in a feature game's ``state``,
    :func:`~cpoly.cli.statehold.state_summary`, when given)."""
    text = read_text_input(Path(args.chart), "--chart")
    played = play_words(game, parse_chart(text, args.chart, game.vocabulary))
    title = f"{game.poker.game.spec.title} ({game.paytable}{_at(state)})"
    if args.json:
        print_json({"game": game.poker.game.spec.title, "paytable": game.paytable, "chart": args.chart,
                    **words_json(played), **({} if state is None else {"state": state})})
    else:
        _print_words(f"{title}, {args.chart}: hold what the first matching rule names", played)
    return 0


def percent(value: Fraction) -> str:
    """A share of the bet in percent, with its unit."""
    return f"{float(value * 100):.5f} %"


def words_json(chart: WordsChart) -> dict[str, Any]:
    """A chart in words as played (``strategy --json``'s ``words`` and ``strategy --chart --json``)."""
    return {
        "optimal_return": float(chart.optimal_return), "optimal_return_exact": exact(chart.optimal_return),
        "chart_return": float(chart.chart_return), "chart_return_exact": exact(chart.chart_return),
        "cost": float(chart.cost), "cost_exact": exact(chart.cost), "cost_percent": float(chart.cost * 100),
        "total_deals": chart.total_deals,
        "lines": [{"words": line.text, "deals": line.deals, "frequency": float(line.frequency),
                   "cost": float(line.cost), "cost_exact": exact(line.cost), "cost_percent": float(line.cost * 100)}
                  for line in chart.lines],
        "unmatched": {"deals": chart.unmatched_deals, "cost": float(chart.unmatched_cost),
                      "cost_exact": exact(chart.unmatched_cost), "play": "draw five"},
    }


def _print_words(title: str, chart: WordsChart) -> None:
    rows = [[str(i), line.text, f"{float(line.frequency * 100):.4f} %", percent(line.cost)]
            for i, line in enumerate(chart.lines, 1)]
    if chart.unmatched_deals:
        rows.append(["", "(no rule matches: draw five)", f"{chart.unmatched_deals / chart.total_deals * 100:.4f} %",
                     percent(chart.unmatched_cost)])
    print_table(title, ["#", "hold", "deals", "return lost"], rows, [True, False, True, True])
    echo(f"optimal return  {float(chart.optimal_return * 100):.4f} %  ({exact(chart.optimal_return)})")
    echo(f"chart return    {float(chart.chart_return * 100):.4f} %  ({exact(chart.chart_return)})")
    lost = f"one bet every {float(1 / chart.cost):,.0f} hands" if chart.cost else "none"
    echo(f"chart cost      {percent(chart.cost)} of each bet ({lost})")
    if chart.unmatched_deals:
        echo(f"no rule matches {chart.unmatched_deals:,} of {chart.total_deals:,} deals: they draw five")


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
        "lines": [{"pattern": line.name, "words": line.words, "frequency": float(line.frequency), "deals": line.deals,
                   "cost": float(line.cost), "cost_exact": exact(line.cost)} for line in chart.lines],
        "exceptions": [{"line": group.line, "instead": group.instead, "deals": group.deals,
                        "cost": float(group.cost), "cost_exact": exact(group.cost),
                        "hands": [{"deal": deal, "hold": hold, "deals": deals} for deal, hold, deals in group.hands]}
                       for group in chart.exceptions],
        "returns_by_lines": {str(n): float(v) for n, v in chart.returns_by_lines.items()},
        "words": words_json(chart.words),
    }


def _at(state: dict[str, Any] | None) -> str:
    """A feature game's state after the pay table's name in a title: ``, --level 4``."""
    return "" if state is None else f", {state['option']} {state['value']}"


def print_strategy(chart: StrategyChart, state: dict[str, Any] | None = None) -> None:
    """A chart as ``strategy`` prints it (in a feature game's ``state`` when given)."""
    _print_words(f"{chart.title} ({chart.paytable}{_at(state)}): hold what the first matching line names",
                 chart.words)
    echo(f"(the engine's patterns, --json: {float(chart.chart_return * 100):.4f} % with {len(chart.lines)} lines; "
         f"with their exceptions {float(chart.return_with_exceptions * 100):.4f} %"
         + (" = optimal)" if chart.return_with_exceptions == chart.optimal_return else ", NOT optimal)"))
    groups = chart.exceptions
    if groups:
        shown = [[g.line, g.instead, f"{g.deals:,}", percent(g.cost), f"{g.hands[0][0]}: {g.hands[0][1]}"]
                 for g in groups[:SHOWN_EXCEPTIONS]]
        print_table("the engine chart's costliest exceptions (--json lists every deal)",
                    ["chart line", "hold instead", "deals", "return lost", "e.g."], shown,
                    [False, False, True, True, False])


# ---- train -------------------------------------------------------------------------------------
def run_train(args: argparse.Namespace) -> int:
    """Random deals, the player's holds read from stdin, each mistake costed (in its state, on
    a Multi-Strike or Ultimate X game: :mod:`~cpoly.cli.featuretrain`)."""
    from cpoly.cli.featuretrain import feature_session

    poker = VideoPoker.load(args.file)
    table = poker.paytable(args.paytable)
    if args.hands < 0:
        raise CpolyInputError(f"--hands {args.hands}: give a number of hands, or 0 to play until the end of input")
    rng = random.Random(args.seed)
    session = _Session()
    feature = feature_session(poker, table, rng, not args.json)
    if not args.json:
        echo(f"{poker.game.spec.title} ({table.name}): type the cards to hold (e.g. 'Kd Js'), "
              "'none' to draw five, 'all' to keep all; 'quit' or end of input stops.")
    while not args.hands or session.hands < args.hands:
        texts = random_deal(poker, rng)
        state = "" if feature is None else f" ({feature.start()})"
        if not args.json:
            echo(f"\nhand {session.hands + 1}{state}: {' '.join(texts)}")
        with working("preparing the game", not args.json and not session.hands):
            result = poker.hold(texts, table.name) if feature is None else feature.hold(poker.deal_indices(texts))
        option = _read_hold(poker, result)
        if option is None:
            break
        cost = result.best_option.ev - option.ev
        session.add(cost, None if feature is None else feature.label)
        if not args.json:
            verdict = "best play" if not cost else _mistake(session, poker, table.name, result, option, cost)
            echo(f"  EV {float(option.ev):.6f} (best {float(result.best_option.ev):.6f}): {verdict}")
        if feature is not None:
            played = feature.play_out(result.deal, option)
            if not args.json:
                echo(played)
    if args.json:
        print_json({"hands": session.hands, "mistakes": session.mistakes,
                    "total_cost": float(session.cost), "total_cost_exact": exact(session.cost),
                    **({} if feature is None else {"by_state": session.by_state_json()})})
    else:
        echo(f"\nsession: {_counted(session.hands, 'hand')}, {_counted(session.mistakes, 'mistake')}, "
              f"total cost {float(session.cost):.6f} {'bets' if feature is None else 'units (one line bet each)'}")
    return 0


def _mistake(session: _Session, poker: VideoPoker, paytable: str, result: HoldResult, option: Any,
             cost: Fraction) -> str:
    """A mistake in a player's words: what was held, what is best, and the cost."""
    if session.namer is None:
        session.namer = HoldNamer(poker, paytable)
    best = result.best_option
    cards = " ".join(poker.card_name(c) for c in best.held) or "nothing"
    return (f"mistake: you held {session.namer.name(result.deal, option.held)}; best is "
            f"{session.namer.name(result.deal, best.held)} ({cards}); costs {float(cost):.6f} bets")


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


#: What a player may type to end a session, as the end of input does (none is a hold).
STOP_WORDS = frozenset({"q", "quit", "exit"})


def _read_hold(poker: VideoPoker, result: HoldResult) -> Any:
    """The player's hold from the next line of stdin (asked again after a bad one); None at
    the end of input or a stop word."""
    while True:
        line = sys.stdin.readline()
        if not line or line.strip().lower() in STOP_WORDS:
            return None
        try:
            return mine_option(poker, result, line)
        except CpolyInputError as error:
            print_error(error)


def _counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless one.

    >>> _counted(1, "hand"), _counted(0, "mistake")
    ('1 hand', '0 mistakes')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


class _Session:
    """A training session's running totals."""

    def __init__(self) -> None:
        self.hands = 0
        self.mistakes = 0
        self.cost = Fraction(0)
        self.namer: HoldNamer | None = None       # built at the first mistake (a few seconds)
        self.by_state: dict[str, list[Fraction]] = {}

    def add(self, cost: Fraction, state: str | None = None) -> None:
        """A hand played at ``cost`` (in a feature game's ``state``: its label)."""
        self.hands += 1
        self.mistakes += cost > 0
        self.cost += cost
        if state is not None:
            self.by_state.setdefault(state, []).append(cost)

    def by_state_json(self) -> dict[str, dict[str, Any]]:
        """Hands, mistakes and their cost in each state played (``train --json``)."""
        return {state: {"hands": len(costs), "mistakes": sum(cost > 0 for cost in costs),
                        "cost": float(sum(costs)), "cost_exact": exact(sum(costs, Fraction(0)))}
                for state, costs in self.by_state.items()}


def mine_json(poker: VideoPoker, result: HoldResult, text: str, paytable: str | None = None) -> dict[str, Any]:
    """``hold --mine``: the player's hold, its EV and its cost against the best hold, and both
    holds in a player's words as the trainer names them (``words``, ``best_words``; None for a
    game that has no words: ordered deals, decks with copies)."""
    option = mine_option(poker, result, text)
    cost = result.best_option.ev - option.ev
    words: list[str | None] = [None, None]
    try:
        namer = HoldNamer(poker, paytable)
        words = [namer.name(result.deal, held) for held in (option.held, result.best_option.held)]
    except CpolyError:
        pass  # a game without chart words: the hold is priced all the same
    return {"held": [poker.card_name(c) for c in option.held], "ev": float(option.ev),
            "ev_exact": exact(option.ev), "cost": float(cost), "cost_exact": exact(cost),
            "words": words[0], "best_words": words[1]}


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
