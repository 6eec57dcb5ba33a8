"""``cpoly analyze`` and ``cpoly report`` on a game whose deal is final (no draw: Pair Plus, the
6-Card Bonus): the engine's deal table priced by a pay table
(:func:`~cpoly.games.dealonly.returns.deal_return`), as a table, JSON or a PAR page.

The video-poker commands hand such a game over here when loading it says it has no draw
(:class:`~cpoly.games.videopoker.nodraw.DealIsFinal`); ``--pay`` changes pays as it does there,
the options about holds (``--tie-rule``, ``--plays``, ``--play-as``) are refused.
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cpoly.api import load_game
from cpoly.cli.analyze_options import AnalyzeOptions, exact
from cpoly.cli.output import echo, print_json, print_table, print_warnings, thousands, working
from cpoly.count.compiledgame import Game
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.games.dealonly import DealReturn, deal_return
from cpoly.lang.paytable import PayTable

__all__ = ["ReportWriter", "deal_json", "run_deal_analysis", "run_deal_report"]

#: Writes a report's data with a page writer into the report's folder; the page's path.
ReportWriter = Callable[[dict[str, Any], Callable[[dict[str, Any], Sequence[dict[str, str]]], str]], Path]


def run_deal_analysis(args: argparse.Namespace) -> int:
    """``cpoly analyze`` of a final deal: the pay table, each category's ways, probability and
    contribution, the return and house edge, the variance and the hit frequency."""
    game = load_game(args.file, use_cache=not args.no_cache)
    result = _priced(args, game)
    if args.json:
        print_json(deal_json(result))
        return 0
    rows = [[name, str(_pay(pay)), thousands(ways), f"{float(p):.9f}", f"{float(c):.6f}"]
            for name, pay, ways, p, c in zip(result.names, result.pays, result.combinations,
                                             result.probabilities, result.contributions)]
    rows.append(["total", "", thousands(result.total), "1", f"{float(result.expected_return):.6f}"])
    print_table(f"{game.spec.title} ({result.paytable.name}), every deal final (no draw)",
                ["hand", "pays", "combinations", "probability", "return"], rows, [False, True, True, True, True])
    for line in summary_lines(result):
        echo(line)
    return 0


def summary_lines(result: DealReturn) -> list[str]:
    """The figures below the table, exact fractions beside the return and the edge."""
    value, edge = result.expected_return, result.house_edge
    deals = "ordered deals" if result.ordered else "hands"
    return [f"return {float(value):.6%} ({exact(value)}), house edge {float(edge):.6%} ({exact(edge)})",
            f"variance {float(result.variance):.4f}, standard deviation {result.standard_deviation:.4f}, "
            f"hit frequency {float(result.hit_frequency):.6f}",
            f"pays per unit bet, the bet included (40 to 1 is 41); combinations: the {result.total:,} {deals} dealt"]


def deal_json(result: DealReturn) -> dict[str, Any]:
    """``analyze --json`` of a final deal (the keys of video poker's where they mean the same)."""
    return {"paytable": result.paytable.name, "draw": False,
            "return": float(result.expected_return), "return_exact": exact(result.expected_return),
            "house_edge": float(result.house_edge), "house_edge_exact": exact(result.house_edge),
            "variance": float(result.variance), "variance_exact": exact(result.variance),
            "standard_deviation": result.standard_deviation,
            "hit_frequency": float(result.hit_frequency), "hit_frequency_exact": exact(result.hit_frequency),
            "total_combinations": result.total, "ordered": result.ordered,
            "categories": [{"name": name, "pays": _pay(pay), "pays_exact": exact(pay), "combinations": ways,
                            "probability": float(p), "probability_exact": exact(p),
                            "return": float(c), "return_exact": exact(c)}
                           for name, pay, ways, p, c in zip(result.names, result.pays, result.combinations,
                                                            result.probabilities, result.contributions)]}


def _priced(args: argparse.Namespace, game: Game) -> DealReturn:
    """The table asked for (``--pay`` applied) priced on the game's deal table."""
    _refuse_hold_options(args)
    print_warnings(game.program.warnings)
    table: PayTable = AnalyzeOptions.of(args).table(game.paytable(args.paytable))
    with working(f"counting {game.spec.title}", not args.json):
        return deal_return(game, table)


def _refuse_hold_options(args: argparse.Namespace) -> None:
    given = [flag for flag, value in (("--tie-rule", args.tie_rule), ("--plays", getattr(args, "plays", None)),
                                      ("--play-as", args.play_as), ("--strategy", getattr(args, "strategy", False)),
                                      ("--sweep", getattr(args, "sweep", None))) if value]
    if given:
        raise CpolyInputError(f"{given[0]}: this game has no draw (every deal is final), so there are no "
                              "holds to choose or play")


def _pay(value: Any) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


# ---- report --------------------------------------------------------------------------------------
def run_deal_report(args: argparse.Namespace, write: ReportWriter) -> int:
    """``cpoly report`` of a final deal: the figures of ``analyze --json`` and the PAR sheet's
    (cycles, shares, volatility, confidence limits) as JSON, and with ``--out`` a page with its
    figures, written by ``write`` (``cpoly report``'s writer: it returns the page's path)."""
    from cpoly.games.dealonly.page import render_deal_page

    game = load_game(args.file, use_cache=not args.no_cache)
    result = _priced(args, game)
    data = {"game": game.spec.title, "heading": "every deal final (no draw)",
            "analysis": deal_json(result), "par": par_figures(result), "multiplay": None, "sweep": None,
            "strategy": None, "provenance": _provenance(args)}
    page = None if args.out is None else write(data, render_deal_page)
    if args.json:
        print_json(data)
    else:
        echo(f"wrote {page}: {data['game']} ({result.paytable.name}), return "
             f"{float(result.expected_return):.6%}, house edge {float(result.house_edge):.6%}")
    return 0


def par_figures(result: DealReturn) -> dict[str, Any]:
    """Per hand its cycle and share of the return; the volatility index and the confidence
    limits of the return (:mod:`cpoly.games.videopoker.par.sheet`'s formulas)."""
    from cpoly.games.videopoker.par.sheet import volatility_figures

    expected, deviation = result.expected_return, result.standard_deviation
    hands = [{"name": name, "pays_exact": exact(pay), "combinations": ways,
              "probability": float(p), "cycle": float(1 / p) if p else None, "return": float(c),
              "return_exact": exact(c), "share": float(c / expected) if expected else None}
             for name, pay, ways, p, c in zip(result.names, result.pays, result.combinations,
                                              result.probabilities, result.contributions)]
    return {"return": float(expected), "return_exact": exact(expected), "hands": hands,
            **volatility_figures(expected, deviation)}


def _provenance(args: argparse.Namespace) -> dict[str, Any]:
    """cpoly's version and code digest, the game's files with their SHA-256, the date."""
    from cpoly import __version__
    from cpoly.api import load_program
    from cpoly.store.sources import code_digest

    sources = load_program(args.file, use_cache=not args.no_cache).module.sources
    if sources is None or not sources.unchanged():
        raise CpolyError(f"{args.file} (or a file it imports) changed while the report was made: run it again")
    return {"cpoly_version": __version__, "code_digest": code_digest(),
            "files": [{"path": found, "sha256": digest} for found, _, digest in sources.files],
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
