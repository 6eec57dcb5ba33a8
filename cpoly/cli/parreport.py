"""``cpoly report``: a game's PAR sheet (probability accounting report) as a self-contained
HTML page with its figures beside it, and as JSON.

One data object (:func:`report_data`) holds every figure; ``--json`` prints it, the page
(:mod:`~cpoly.games.videopoker.par.parpage`) and the figures
(:mod:`~cpoly.games.videopoker.par.parplots`) are drawn from it, and ``report.json`` in the
folder is the same document.  Its ``analysis`` is ``cpoly analyze --json`` of the table, its
``multiplay`` the ``multiplay`` of ``analyze --plays``, its ``sweep`` that of ``cpoly sweep
--json`` (with the exact curve added), its ``strategy`` that of ``cpoly strategy --json``.

``--out DIR`` is claimed before any work (:mod:`cpoly.store.outfolder`): a new path, an empty
folder, an earlier report (exactly the files a report writes, its ``report.json`` a report), or
a link to one of those; anything else is refused, naming what is in the way.  The figures are
drawn in a temporary folder, then every file is written into ``DIR`` under a temporary name and
moved into place (:func:`cpoly.store.atomic.write_files`); the figures of an earlier report the
new one does not have are removed.  An error or Ctrl-C leaves no half-written report, no
temporary file, and an earlier report as it was.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import tempfile
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cpoly.cli.analyze_options import add_table_options, exact, multiplay_json
from cpoly.cli.output import echo, print_json, progress_bar
from cpoly.cli.tieflag import add_tie_rule_option
from cpoly.cli.videopoker import print_source_warnings
from cpoly.errors import CpolyError, CpolyInputError
from cpoly.store.inputfile import read_input
from cpoly.store.outfolder import Output, claim, write_into

if TYPE_CHECKING:
    from cpoly.cli.analyze_options import Report
    from cpoly.games.videopoker.gamesource import GameSource
    from cpoly.games.videopoker.par.paychange import PayRange
    from cpoly.games.videopoker.play.summary import GameAnalysis
    from cpoly.lang.paytable import PayTable

__all__ = ["DATA", "DEFAULT_PLAYS", "FIGURES", "KIND", "PAGE", "PageWriter", "REPORT", "par_json",
           "provenance", "register", "report_data", "run_report", "sweep_data", "write_report"]

#: Writes a report's page from its data and figures (drawn beside it).
PageWriter = Callable[[dict[str, Any], Sequence[dict[str, str]]], str]
#: The lines of multi-play games shown when --plays is not given.
DEFAULT_PLAYS = (1, 3, 5, 10, 50, 100)
#: What report.json says it is (an earlier report in --out may be replaced, nothing else).
KIND = "cpoly PAR report"
PAGE = "index.html"
DATA = "report.json"
#: The figures a report may have (those of :mod:`~cpoly.games.videopoker.par.parplots`).
FIGURES = ("shares.png", "limits.png", "multiplay.png", "sweep.png")
#: The most bytes an earlier report.json is read to recognise it.
_DATA_LIMIT = 256 << 20


def register(subparsers: Any) -> None:
    from cpoly.games.videopoker.strategy import DEFAULT_LINES

    report = subparsers.add_parser(
        "report", help="a PAR sheet (probability accounting report) of a video-poker game, as HTML",
        description="Write a self-contained HTML page (figures as PNG files beside it, styled for print) "
                    "with the pay table, each hand's combinations, probability, cycle and share of the "
                    "return, the return under optimal play, hit frequency, variance, volatility index, "
                    "confidence limits, the jurisdiction's minimum, multi-play variances, and optionally "
                    "a pay sweep and the strategy chart; every figure is that of --json.")
    report.add_argument("file", help="a .cp game file")
    report.add_argument("--paytable", help="pay table name (default: the game's first)")
    add_table_options(report)
    add_tie_rule_option(report)
    report.add_argument("--plays", nargs="+", action="extend", default=[], type=int, metavar="N",
                        help="multi-play lines to show (default: 1 3 5 10 50 100)")
    report.add_argument("--minimum", default="0.75",
                        help="the jurisdiction's minimum return with optimal play (default: 0.75, Nevada)")
    report.add_argument("--jurisdiction", help="who requires --minimum (default: Nevada for 0.75)")
    report.add_argument("--sweep", metavar="CATEGORY=LOW..HIGH",
                        help="add the return as one pay varies (break-even, turning points, plot)")
    report.add_argument("--strategy", action="store_true", help="add the strategy chart and its exact cost")
    report.add_argument("--lines", type=int, default=DEFAULT_LINES,
                        help="most lines of the strategy chart (default: %(default)s)")
    report.add_argument("--out", metavar="DIR", help="the folder to write (index.html, report.json, PNGs): new, "
                                                     "empty or an earlier report")
    report.add_argument("--json", action="store_true", help="print the report's data as JSON")
    report.set_defaults(func=run_report)


def run_report(args: argparse.Namespace) -> int:
    import dataclasses

    from cpoly.cli.analyze_options import AnalyzeOptions
    from cpoly.cli.dealonly import run_deal_report
    from cpoly.cli.featurekinds import multiplay_note, solved_features, warnings_left, with_features
    from cpoly.cli.featurerow import FeatureInputs
    from cpoly.cli.statehold import state_keeper
    from cpoly.games.videopoker.gamesource import game_source
    from cpoly.games.videopoker.nodraw import DealIsFinal
    from cpoly.games.videopoker.par.paychange import parse_pay_range, parse_pay_value, pay_index
    from cpoly.games.videopoker.strategy.chart import check_lines

    if args.out is None and not args.json:
        raise CpolyInputError("cpoly report needs --out DIR (the folder to write), or --json")
    minimum = parse_pay_value(args.minimum, "--minimum")
    if not 0 <= minimum <= 1:
        raise CpolyInputError(f"--minimum {args.minimum}: a return between 0 and 1 (0.75 is 75 %)")
    bad = [n for n in args.plays if n < 1]
    if bad:
        raise CpolyInputError(f"--plays {bad[0]}: a number of lines is at least 1")
    span = None if args.sweep is None else parse_pay_range(args.sweep)
    options = dataclasses.replace(AnalyzeOptions.of(args), plays=())  # the report adds its own multi-play
    if args.strategy:
        check_lines(args.lines)
        if options.play_as is not None:
            raise CpolyInputError("--strategy with --play-as is not supported: the chart is that of the "
                                  "optimal strategy")
    if args.out is not None:
        claim(args.out, REPORT)
    try:
        source = game_source(args.file, not args.no_cache, (args.paytable, *options.paytables))
    except DealIsFinal:  # no draw: the deal-only report (cpoly.cli.dealonly)
        return run_deal_report(args, lambda data, page: write_report(args.out, {"report": KIND, **data}, page) / PAGE)
    solved = solved_features(source, options.play_as)
    print_source_warnings(warnings_left(source.warnings, solved))
    if args.plays:
        source.plain("--plays")
    if span is not None:
        source.plain("--sweep")
    table = options.table(source.paytable(args.paytable))
    if span is not None:
        pay_index(table, span.category, "--sweep")
    with progress_bar(f"analysing {source.title} ({table.name})", not args.json) as update:
        analysis = source.analyse(table, args.tie_rule, update)
    source.finish()
    analysed = with_features(options.report(source, analysis, args.tie_rule), solved,
                             FeatureInputs(lambda: source.plain("a feature"), table, lambda: analysis.expected_return,
                                         state_keeper(source, table, not args.no_cache), base=lambda: analysis),
                             not args.json)
    data = report_data(args, source, analysed, minimum, span)
    if solved and data["multiplay"] is not None:
        data["multiplay_note"] = multiplay_note(solved)
    if args.out is not None:
        write_report(args.out, data)
    if args.json:
        print_json(data)
    else:
        echo(f"wrote {Path(args.out) / PAGE}: {data['game']} ({table.name}), return "
             f"{data['par']['return']:.6%}, {data['par']['minimum']['verdict']} against "
             f"{data['par']['minimum']['required']:.2%}"
             + "".join(f"; feature {found['kind']} return {found['return']:.6%}"
                       for found in data["analysis"].get("features", [])))
    return 0


def report_data(args: argparse.Namespace, source: GameSource, analysed: Report, minimum: Fraction,
                span: PayRange | None) -> dict[str, Any]:
    """The one object every figure of the report comes from: ``analysed`` is what ``analyze``
    prints for the table (``--pay`` applied; with ``--play-as``, that strategy's play)."""
    from cpoly.cli.videopoker import analysis_json

    names = [*source.categories, "Nothing"]
    analysis = analysed.analysis
    jurisdiction = args.jurisdiction or ("Nevada" if minimum == Fraction(3, 4) else "The jurisdiction")
    origin = {"tie_rule_from": source.tie_rule(args.tie_rule).origin}
    data: dict[str, Any] = {"report": KIND, "game": source.title, "heading": analysed.heading,
                            "analysis": analysis_json(analysis, names) | origin | analysed.extra_json,
                            "par": par_json(analysis, names, minimum, jurisdiction)}
    if "features" in data["analysis"]:
        data["analysis"]["features"] = [_with_volatility(found) for found in data["analysis"]["features"]]
    data |= _multiplay(args, source, analysis) if args.play_as is None else \
        {"multiplay": None, "multiplay_note": "the multi-play variances are those of the optimal strategy: "
                                              "not shown with --play-as"}
    data["sweep"] = None if span is None else sweep_data(source, analysis.paytable, span)
    poker = None
    if args.strategy:
        from cpoly.cli.strategy import strategy_json
        from cpoly.games.videopoker.game import VideoPoker
        from cpoly.games.videopoker.strategy.chart import chart_of, collect

        poker = VideoPoker.load(args.file, use_cache=not args.no_cache)
        with progress_bar("strategy chart", not args.json) as update:
            data["strategy"] = strategy_json(chart_of(collect(poker, analysis.paytable, update), args.lines))
    else:
        data["strategy"] = None
    data["provenance"] = provenance(args, source, analysis)
    return data


def _with_volatility(found: dict[str, Any]) -> dict[str, Any]:
    """A feature's JSON with the PAR sheet's volatility figures from its exact variance."""
    from cpoly.cli.featurevariance import volatility_json

    return found | {"volatility": volatility_json(Fraction(found["return_exact"]), found["variances"])}


def par_json(analysis: GameAnalysis, names: list[str], minimum: Fraction, jurisdiction: str) -> dict[str, Any]:
    """The PAR figures beyond ``analyze --json`` (:mod:`~cpoly.games.videopoker.par`), exact
    ones as ``"p/q"`` beside their floats."""
    from cpoly.games.videopoker.par.sheet import hand_figures, volatility_figures

    expected, deviation, hits = analysis.expected_return, analysis.standard_deviation, analysis.hit_frequency

    def pair(name: str, value: Fraction | None) -> dict[str, Any]:
        return {name: None if value is None else float(value), f"{name}_exact": None if value is None else exact(value)}

    hands = [{"name": h.name, "pays": float(h.pays), "pays_exact": exact(h.pays),
              "dealt_pays_exact": None if h.dealt is None else exact(h.dealt), "combinations": h.combinations,
              "probability": float(h.probability), "probability_exact": exact(h.probability),
              **pair("cycle", h.cycle), "return": float(h.contribution), "return_exact": exact(h.contribution),
              **pair("share", h.share)} for h in hand_figures(analysis, names)]
    return {"return": float(expected), "return_exact": exact(expected),
            "hit_frequency": float(hits), "hit_frequency_exact": exact(hits),
            "hit_cycle": None if not hits else float(1 / hits),
            "variance": float(analysis.variance), "variance_exact": exact(analysis.variance),
            "standard_deviation": deviation, "hands": hands, **volatility_figures(expected, deviation),
            "minimum": {"jurisdiction": jurisdiction, "required": float(minimum), "required_exact": exact(minimum),
                        "verdict": "PASS" if expected >= minimum else "FAIL",
                        "margin": float(expected - minimum), "margin_exact": exact(expected - minimum)}}


def _multiplay(args: argparse.Namespace, source: GameSource, analysis: GameAnalysis) -> dict[str, Any]:
    """``multiplay`` (``analyze --plays``'s), or None with a note when the game has none yet."""
    from cpoly.games.videopoker.par.multiplay import multiplay_variances

    plays = tuple(dict.fromkeys(args.plays)) or DEFAULT_PLAYS
    try:
        prepared = source.plain("--plays")
    except CpolyError as unsupported:
        return {"multiplay": None, "multiplay_note": unsupported.message}
    return {"multiplay": multiplay_json(multiplay_variances(prepared, analysis), plays), "multiplay_note": None}


def sweep_data(source: GameSource, table: PayTable, span: PayRange) -> dict[str, Any]:
    """``cpoly sweep --json`` of ``span`` (11 values) and the exact curve: the return at both
    ends and at every turning point (the return is linear in between)."""
    from cpoly.cli.paysweep import sweep_json
    from cpoly.games.videopoker.par.holdlines import PayLines
    from cpoly.games.videopoker.par.paychange import pay_index, sweep_values
    from cpoly.games.videopoker.par.sweep import break_even, sweep_returns, turning_points

    lines = PayLines.of(source.plain("--sweep"), table, pay_index(table, span.category, "--sweep"))
    points = sweep_returns(lines, sweep_values(span))
    turns = turning_points(lines, span.low, span.high)
    data = sweep_json(table, span.category, points, break_even(lines, span.low), turns, None)
    corners = sorted({span.low, span.high, *(turn.value for turn in turns)})
    data["curve"] = [{"value_exact": exact(point.value), "return_exact": exact(point.expected_return)}
                     for point in sweep_returns(lines, corners)]
    return data


def provenance(args: argparse.Namespace, source: GameSource, analysis: GameAnalysis) -> dict[str, Any]:
    """cpoly's version and code digest, every file the game was read from with its SHA-256 (the
    game's own first, then each imported file), the tie rule and where it comes from (the
    game's ``tie_rule`` statement, ``--tie-rule`` or cpoly's default), the date and the command."""
    from cpoly import __version__
    from cpoly.api import load_program
    from cpoly.store.sources import code_digest

    sources = load_program(args.file, use_cache=not args.no_cache).module.sources
    if sources is None or not sources.unchanged():
        raise CpolyError(f"{args.file} (or a file it imports) changed while the report was made: run it again")
    return {"cpoly_version": __version__, "code_digest": code_digest(),
            "files": [{"path": found, "sha256": digest} for found, _, digest in sources.files],
            "tie_rule": analysis.tie_rule.value, "tie_rule_from": source.tie_rule(args.tie_rule).origin,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "command": " ".join(["cpoly", *sys.argv[2:]] if sys.argv[1:2] == ["report"] else ["cpoly report", args.file])}


# ---- the folder ----------------------------------------------------------------------------------
def _is_report(folder: Path) -> bool:
    """Whether ``folder``'s report.json says it is a report (a file of at most 256 MiB)."""
    try:
        data = json.loads(read_input(folder / DATA, _DATA_LIMIT))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("report") == KIND


REPORT = Output("cpoly report", "--out", frozenset({PAGE, DATA, *FIGURES}), _is_report)


def write_report(out: str, data: dict[str, Any], render: PageWriter | None = None) -> Path:
    """The page (``render``, by default the video-poker PAR page), report.json and the figures
    in the folder ``out`` (claimed: new, empty, an earlier report or a link to one), every file
    written before the first replaces an earlier one; the folder written (a link's target)."""
    from cpoly.games.videopoker.par.parpage import render_page
    from cpoly.games.videopoker.par.parplots import draw_figures

    claim(out, REPORT)  # before the figures are drawn (write_into claims it again)
    try:
        with tempfile.TemporaryDirectory(prefix="cpoly-report-") as scratch:
            figures = draw_figures(data, Path(scratch))
            files = {figure["file"]: (Path(scratch) / figure["file"]).read_bytes() for figure in figures}
        files[PAGE] = (render or render_page)(data, figures).encode("utf-8")
        files[DATA] = (json.dumps(data, indent=2) + "\n").encode("utf-8")
        return write_into(out, files, REPORT)
    except OSError as error:
        where = f" ({error.filename})" if error.filename else ""
        raise CpolyError(f"--out {out}: cannot write the report: {error.strerror or error}{where}") from None
