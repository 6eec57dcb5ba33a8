"""``cpoly hold``, ``cpoly analyze`` and ``cpoly paytables``: video poker from a .cp game.

Module-level imports are light: a warm ``hold`` answers from the game's prepared-game file
(:mod:`~cpoly.games.videopoker.warm.holdfile`) without loading NumPy or the parser, and a warm
``analyze`` analyses the game prepared from that file
(:mod:`~cpoly.games.videopoker.warm.warmanalysis`) without loading the game; everything else
loads the game (:class:`~cpoly.games.videopoker.game.VideoPoker`) when it runs.  Both paths of
``hold`` print one :class:`~cpoly.games.videopoker.hold.holdchoice.HoldReport` with
:func:`print_hold`, both paths of ``analyze`` (:func:`~cpoly.games.videopoker.gamesource.game_source`)
print with :func:`print_analysis`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from contextlib import ExitStack
from fractions import Fraction
from math import perm
from typing import TYPE_CHECKING, Any

from cpoly.cli.daskoptions import add_dask_options, feature_cluster
from cpoly.cli.output import (
    echo,
    print_json,
    print_table,
    print_warnings,
    progress_bar,
    thousands,
)
from cpoly.cli.tieflag import add_options as add_analyze_options
from cpoly.cli.tieflag import add_state_options, add_tie_rule_option
from cpoly.errors import CpolyError
from cpoly.games.videopoker.hold.holdchoice import HoldOption, HoldReport
from cpoly.games.videopoker.hold.tiebreak import choose_tie_rule

if TYPE_CHECKING:
    from cpoly.cli.analyze_options import AnalyzeOptions
    from cpoly.cli.daskoptions import FeatureCluster
    from cpoly.games.videopoker.play.summary import GameAnalysis

__all__ = ["EXACT_WIDTH", "analysis_json", "holds_text", "print_analysis", "print_hold",
           "print_source_warnings", "register", "run_analyze", "run_hold", "run_paytables"]

def register(subparsers: Any) -> None:
    hold = subparsers.add_parser("hold", help="autohold: the EV of all 32 holds of a dealt hand")
    hold.add_argument("file", help="a .cp game file")
    hold.add_argument("cards", nargs="+", help="the five dealt cards, e.g. Ah Kh Qh Jh 2c")
    hold.add_argument("--mine", help="your hold, e.g. \"Kd Js\" ('none' = draw five): its EV and cost")
    add_state_options(hold, "the holds")
    _common(hold)
    hold.set_defaults(func=run_hold)

    analyze = subparsers.add_parser("analyze", help="a game's full return under optimal play")
    analyze.add_argument("file", help="a .cp game file")
    _common(analyze)
    add_analyze_options(analyze)
    add_dask_options(analyze, "worker processes of a local Dask cluster for a multi-line Ultimate X solve "
                              "(default and 0: this process)")
    analyze.set_defaults(func=run_analyze)

    tables = subparsers.add_parser("paytables", help="the pay tables of a game")
    tables.add_argument("file", help="a .cp game file")
    tables.add_argument("--json", action="store_true", help="print JSON")
    tables.set_defaults(func=run_paytables)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paytable", help="pay table name (default: the game's first)")
    add_tie_rule_option(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")


def _pay_number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


# ---- hold --------------------------------------------------------------------------------------
def run_hold(args: argparse.Namespace) -> int:
    from cpoly.cli.statehold import asked_state, state_hold

    asked = asked_state(args)
    if asked is not None:
        report, state, warnings = state_hold(args, *asked)
        print_source_warnings(warnings)
        print_hold(report, args.json, state=state)
        return 0
    if args.mine is None and _warm_hold(args):
        return 0
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.games.videopoker.warm.preparedfile import store_hold_file

    poker = VideoPoker.load(args.file)
    print_warnings(poker.game.program.warnings)
    table = poker.paytable(args.paytable)
    with progress_bar(f"preparing {poker.game.spec.title} (once: later holds read the cache)", not args.json) as update:
        result = poker.hold(args.cards, table.name, args.tie_rule, progress=update)
    mine = None
    if args.mine is not None:
        from cpoly.cli.strategy import mine_json  # the strategy modules only when asked

        mine = mine_json(poker, result, args.mine, table.name)
    store_hold_file(poker, args.file)
    report = HoldReport(poker.game.spec.title, table.name, poker.game.spec.ordered,
                        (*poker.game.category_names, "Nothing"),
                        {card: poker.card_name(card) for card in result.deal}, result)
    print_hold(report, args.json, mine)
    return 0


def _warm_hold(args: argparse.Namespace) -> bool:
    """Answer from the game's hold file when there is a valid one for unchanged definitions
    (False, having printed nothing, when the slow path must answer: also when the file, though
    its checksum is right, does not hold what this code reads)."""
    from cpoly.games.videopoker.warm.holdfile import WarmHold, header_paytable, header_warnings

    warm = WarmHold.open(args.file)
    if warm is None:
        return False
    try:
        table, warnings = header_paytable(warm.header, args.paytable), header_warnings(warm.header, args.file)
        if table is None or warnings is None:
            return False
        try:
            deal = warm.deal(args.cards)
        except CpolyError:
            print_source_warnings(warnings)
            raise
        counts = warm.counts(deal)
        rule = choose_tie_rule(args.tie_rule, warm.header["tie_rule"]).rule
        report = None if counts is None else warm.report(deal, counts, table, rule)
    except CpolyError:
        raise
    except (KeyError, IndexError, TypeError, ValueError):
        return False
    if report is None:
        return False
    print_source_warnings(warnings)
    print_hold(report, args.json)
    return True


def print_source_warnings(lines: Sequence[str]) -> None:
    """Warnings already rendered, on stderr (as :func:`print_warnings` prints them)."""
    for line in lines:
        echo(line, error=True)


def print_hold(report: HoldReport, as_json: bool, mine: dict[str, Any] | None = None,
               state: dict[str, Any] | None = None) -> None:
    """The holds of a deal, best first (then by EV, then hold index), as text or JSON (``state``:
    a feature's state the holds are played in, :func:`~cpoly.cli.statehold.state_json`)."""
    result = report.result
    ranked = _distinct_holds(report, sorted(result.options, key=lambda o: (o.hold != result.best, -o.ev, o.hold)))
    names = list(report.categories)
    if as_json:
        print_json({"paytable": report.paytable, "ordered": report.ordered,
                    "holds": [_hold_json(report, o, names) for o in ranked],
                    "best": _hold_json(report, result.best_option, names, outcomes=False),
                    **({"mine": mine} if mine else {}), **({"state": state} if state else {})})
        return
    echo(f"{report.title} ({report.paytable}): " + " ".join(report.card_names[c] for c in result.deal))
    draws = "winning ordered draws" if report.ordered else "winning draws"
    echo(holds_text([(("* " if o.hold == result.best else "  ") + _held_text(report, o.held), o.ev,
                       [f"{n} {c:,}" for n, c in zip(names[:-1], o.counts) if c]) for o in ranked],
                     draws))
    if report.ordered:
        echo("ordered deal: the cards are read left to right, and drawn cards fill the discarded "
              "positions (each ordered draw counted once)")
    if len(result.tied) > 1:
        echo(f"{len(result.tied)} holds tie for the best EV; the {result.tie_rule.value} rule chose.")
    if state:
        from cpoly.cli.statehold import state_lines

        echo("\n".join(state_lines(state)))
    if mine:
        words = f" (in a player's words: {mine['words']}; the best: {mine['best_words']})" if mine["words"] else ""
        echo(f"your hold {' '.join(mine['held']) or '(draw five)'}: EV {mine['ev']:.6f}, "
              + ("the best play" if not mine["cost"] else f"costs {mine['cost']:.6f} bets against the best") + words)


#: The longest exact EV shown in ``hold``'s text (a feature's state can need hundreds of digits).
EXACT_WIDTH = 40


def holds_text(rows: list[tuple[str, Fraction, list[str]]], draws: str, width: int = 80) -> str:
    """The holds as lines of at most ``width`` characters (unless one entry is longer): held
    cards, EV and exact EV (when it fits :data:`EXACT_WIDTH`), then the winning draws indented
    below, broken between entries.

    >>> print(holds_text([("* Ah Kh", Fraction(7, 2), ["Flush 8", "Straight 3", "JacksOrBetter 12"])],
    ...                  "winning draws", width=32))
      held                 EV  exact  (winning draws below)
    * Ah Kh          3.500000    7/2
        Flush 8, Straight 3,
        JacksOrBetter 12
    """
    held_width = max([len(r[0]) for r in rows] + [6])
    exact = [text if len(text := f"{ev.numerator}/{ev.denominator}") <= EXACT_WIDTH else "in --json"
             for _, ev, _ in rows]
    exact_width = max([len(e) for e in exact] + [5])
    lines = [f"{'  held':<{held_width}}  {'EV':>10}  {'exact':>{exact_width}}  ({draws} below)"]
    for (held, ev, wins), text in zip(rows, exact):
        lines.append(f"{held:<{held_width}}  {float(ev):>10.6f}  {text:>{exact_width}}")
        line = "   "
        for i, win in enumerate(wins):
            piece = win + ("," if i < len(wins) - 1 else "")
            if len(line) + 1 + len(piece) > width and line.strip():
                lines.append(line)
                line = "   "
            line += " " + piece
        if line.strip():
            lines.append(line)
    return "\n".join(lines)


def _distinct_holds(report: HoldReport, options: list[HoldOption]) -> list[HoldOption]:
    """Holds that keep the same cards by name are one choice (with copies, keeping one Ah or
    the other is the same play): the first of each is kept."""
    seen: set[tuple[str, ...]] = set()
    distinct = []
    for option in options:
        names = tuple(sorted(report.card_names[c] for c in option.held))
        if names not in seen:
            seen.add(names)
            distinct.append(option)
    return distinct


def _held_text(report: HoldReport, held: tuple[int, ...]) -> str:
    return " ".join(report.card_names[c] for c in held) or "(draw five)"


def _hold_json(report: HoldReport, option: HoldOption, names: list[str], outcomes: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"held": [report.card_names[c] for c in option.held],
                            "ev": float(option.ev),
                            "ev_exact": f"{option.ev.numerator}/{option.ev.denominator}",
                            "draws": option.draws}
    if outcomes:
        data["outcomes"] = dict(zip(names, option.counts))
    return data


# ---- analyze -----------------------------------------------------------------------------------
def run_analyze(args: argparse.Namespace) -> int:
    """The table (``--pay`` changes applied) analysed warm when the cache can answer, else from
    the loaded game (:func:`~cpoly.games.videopoker.gamesource.game_source`), with what the
    options add (:mod:`~cpoly.cli.analyze_options`)."""
    from cpoly.cli.analyze_options import AnalyzeOptions

    options = AnalyzeOptions.of(args)
    with ExitStack() as stack:
        return _analyze(args, options, feature_cluster(args, stack))


def _analyze(args: argparse.Namespace, options: AnalyzeOptions, cluster: FeatureCluster | None) -> int:
    """:func:`run_analyze` with ``cluster`` (a Dask cluster for a feature's solve, or None)."""
    from cpoly.cli.featurekinds import solved_features, warnings_left, with_features
    from cpoly.cli.featurerow import FeatureInputs
    from cpoly.cli.statehold import state_keeper
    from cpoly.games.videopoker.gamesource import game_source
    from cpoly.games.videopoker.nodraw import DealIsFinal

    try:
        source = game_source(args.file, not args.no_cache, (args.paytable, *options.paytables))
    except DealIsFinal:  # no draw: priced by cpoly.cli.dealonly
        from cpoly.cli.dealonly import run_deal_analysis

        return run_deal_analysis(args)
    solved = solved_features(source, options.play_as)
    print_source_warnings(warnings_left(source.warnings, solved))
    options.check(source)
    table = options.table(source.paytable(args.paytable))
    with progress_bar(f"analysing {source.title} ({table.name})", not args.json) as update:
        analysis = source.analyse(table, args.tie_rule, update)
    source.finish()
    report = with_features(options.report(source, analysis, args.tie_rule), solved,
                           FeatureInputs(lambda: source.plain("a feature"), table, lambda: analysis.expected_return,
                                         state_keeper(source, table, not args.no_cache), base=lambda: analysis,
                                         cluster=cluster),
                           not args.json)
    if cluster is not None and not cluster.started:
        echo("warning: --scheduler/--workers: nothing in this analysis runs on Dask (only a multi-line "
             "Ultimate X solve does); it ran in this process", error=True)
    origin = {"tie_rule_from": source.tie_rule(args.tie_rule).origin}
    print_analysis(source.title, report.analysis, [*source.categories, "Nothing"], args.json,
                   origin | report.extra_json, report.extra_lines, report.heading, origin["tie_rule_from"])
    return 0


def print_analysis(title: str, analysis: GameAnalysis, names: list[str], as_json: bool,
                   extra_json: dict[str, Any] | None = None, extra_lines: Sequence[str] = (),
                   heading: str = "optimal play", tie_rule_from: str = "") -> None:
    """A game's analysis (``names``: its categories, "Nothing" last) as a table or JSON, with
    ``extra_json`` added to the JSON and ``extra_lines`` printed after the text (the tied
    deals' line says where the tie rule comes from: ``tie_rule_from``)."""
    if as_json:
        print_json({**analysis_json(analysis, names), **(extra_json or {})})
    else:
        _print_analysis(title, analysis, names, heading, tie_rule_from)
        for line in extra_lines:
            echo(line)


def _category_rows(analysis: GameAnalysis, names: list[str]) -> list[dict[str, Any]]:
    pays = list(analysis.paytable.pays) + [Fraction(0)]
    return [{"name": name, "pays": _pay_number(pays[i]), "combinations": analysis.combinations[i],
             "probability": float(analysis.probabilities[i]),
             "return": float(analysis.contributions[i])} for i, name in enumerate(names)]


def analysis_json(analysis: GameAnalysis, names: list[str]) -> dict[str, Any]:
    value = analysis.expected_return
    return {"paytable": analysis.paytable.name, "return": float(value),
            "return_exact": f"{value.numerator}/{value.denominator}",
            "variance": float(analysis.variance), "standard_deviation": analysis.standard_deviation,
            "hit_frequency": float(analysis.hit_frequency),
            "total_combinations": analysis.total, "ordered": analysis.ordered,
            "tie_rule": analysis.tie_rule.value,
            "tied_deals": analysis.tied_deals,
            "categories": _category_rows(analysis, names),
            "deal": dict(zip(names, analysis.deal_counts))}


def _print_analysis(title: str, analysis: GameAnalysis, names: list[str], heading: str,
                    tie_rule_from: str) -> None:
    rows = [[r["name"], str(r["pays"]), thousands(r["combinations"]), f"{r['probability']:.9f}",
             f"{r['return']:.6f}"] for r in _category_rows(analysis, names)]
    rows.append(["total", "", thousands(analysis.total), "1", f"{float(analysis.expected_return):.6f}"])
    print_table(f"{title} ({analysis.paytable.name}), {heading}",
                ["hand", "pays", "combinations", "probability", "return"], rows,
                [False, True, True, True, True])
    if analysis.ordered:
        echo(f"ordered deals: every one of the {perm(analysis.n_cards, 5):,} ordered deals played "
              "on its own; combinations count ordered deals and ordered draws")
    value = analysis.expected_return
    echo(f"return {float(value):.6%} ({value.numerator}/{value.denominator})")
    echo(f"variance {float(analysis.variance):.4f}, standard deviation "
          f"{analysis.standard_deviation:.4f}, hit frequency {float(analysis.hit_frequency):.6f}")
    if analysis.tied_deals:
        deals = "ordered deals" if analysis.ordered else "deals"
        where = f", from {tie_rule_from}" if tie_rule_from else ""
        echo(f"{analysis.tied_deals:,} {deals} have tied best holds ({analysis.tie_rule.value} rule{where})")


# ---- paytables ---------------------------------------------------------------------------------
def run_paytables(args: argparse.Namespace) -> int:
    from cpoly.api import load_game

    game = load_game(args.file)  # any game: one that has no draw too
    game.paytable()  # an error when the game has none
    names = game.category_names
    tables = game.spec.paytables
    if args.json:
        print_json([{"name": t.name, "pays": {n: _pay_number(t.pay_of(n)) for n in names},
                     **({"dealt": {n: _pay_number(p) for n in names if (p := t.dealt_of(n)) is not None}}
                        if any(p is not None for p in t.dealt_pays) else {})}
                    for t in tables])
        return 0
    rows = [[n, *[_pay_text(t.pay_of(n), t.dealt_of(n)) for t in tables]] for n in names]
    print_table(f"{game.spec.title}: pay tables (per coin)", ["hand", *[t.name for t in tables]],
                rows, [False] + [True] * len(tables))
    return 0


def _pay_text(pays: Fraction, dealt: Fraction | None) -> str:
    text = str(_pay_number(pays))
    return text if dealt is None else f"{text} (dealt {_pay_number(dealt)})"
