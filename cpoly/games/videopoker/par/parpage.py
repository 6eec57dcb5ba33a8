"""The PAR report as one self-contained HTML page (its figures PNG files beside it), written
from the report's data: the object ``cpoly report --json`` prints, so that every figure on the
page is one of that JSON's.

Every number cell carries its exact value (``data-exact``: a ``"p/q"`` string or an integer)
beside the rounded text; every text of the game (its title, hand and table names) is escaped.
The style is for the screen and for print (A4, no page break inside a table).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

__all__ = ["render_page"]

_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; color: #111; max-width: 58em;
       margin: 1.5em auto; padding: 0 1em; line-height: 1.35; }
h1 { font-size: 17pt; margin-bottom: 0.1em; } h2 { font-size: 12.5pt; border-bottom: 1px solid #999;
  margin-top: 1.4em; padding-bottom: 0.1em; }
.subtitle { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 0.5em 0; page-break-inside: avoid; }
th, td { padding: 0.18em 0.6em; border-bottom: 1px solid #ddd; }
th { text-align: left; background: #f0f0f0; } td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tfoot td { font-weight: bold; border-top: 1px solid #666; }
.exact { font-size: 8.5pt; color: #555; word-break: break-all; }
.verdict { font-weight: bold; padding: 0.1em 0.5em; border: 2px solid; }
.PASS { color: #1a7f37; } .FAIL { color: #b42318; }
figure { margin: 0.8em 0; page-break-inside: avoid; } figure img { max-width: 100%; }
figcaption { font-size: 9pt; color: #444; }
.note { font-size: 9pt; color: #444; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; max-width: none; font-size: 9.5pt; } h2 { page-break-after: avoid; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(text: str, exact: object = None, attributes: str = "") -> str:
    """A right-aligned number cell with its exact value."""
    data = "" if exact is None else f' data-exact="{_e(exact)}"'
    return f'<td class="n"{data}{attributes}>{_e(text)}</td>'


def _table(header: Sequence[str], rows: Iterable[str], identity: str, footer: str = "") -> str:
    heads = "".join(f"<th>{_e(h)}</th>" for h in header)
    foot = f"<tfoot>{footer}</tfoot>" if footer else ""
    return (f'<table id="{identity}"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f"{foot}</table>")


def _percent(value: float, digits: int = 4) -> str:
    return f"{100 * value:.{digits}f} %"


def _hands_section(data: dict[str, Any]) -> str:
    analysis, par = data["analysis"], data["par"]
    rows = []
    for hand in par["hands"]:
        cycle = "never" if hand["cycle"] is None else f"1 in {hand['cycle']:,.1f}"
        share = "" if hand["share"] is None else _percent(hand["share"], 3)
        dealt = "" if hand["dealt_pays_exact"] is None else f" (dealt {Fraction(hand['dealt_pays_exact'])})"
        cells = [_num(f"{Fraction(hand['pays_exact'])}{dealt}", hand["pays_exact"]),
                 _num(f"{hand['combinations']:,}", hand["combinations"]),
                 _num(f"{hand['probability']:.9f}", hand["probability_exact"]), _num(cycle),
                 _num(f"{hand['return']:.6f}", hand["return_exact"]), _num(share, hand["share_exact"])]
        rows.append(f"<tr><th>{_e(hand['name'])}</th>{''.join(cells)}</tr>")
    total, expected = analysis["total_combinations"], par["return"]
    footer = (f"<tr><td>total</td><td></td>{_num(f'{total:,}', total)}{_num('1')}<td></td>"
              f"{_num(f'{expected:.6f}', par['return_exact'])}{_num('100 %')}</tr>")
    return ("<h2>Pay table and winning hands</h2>"
            + _table(["hand", "pays (per coin)", "combinations", "probability", "cycle", "return", "share of return"],
                     rows, "hands", footer)
            + '<p class="note">Combinations count every deal equally and each final hand of a hold drawing '
              "<i>d</i> cards L / C(n - 5, <i>d</i>) times (L the least common multiple of those): "
              f"{total:,} in all. Cycle: one such hand in that many hands on average. Pays are per coin bet.</p>")


def _summary_section(data: dict[str, Any]) -> str:
    analysis, par = data["analysis"], data["par"]
    hit_cycle = "" if par["hit_cycle"] is None else f"1 in {par['hit_cycle']:.4f}"
    heading = data.get("heading", "optimal play")
    label = "return under optimal play" if heading == "optimal play" else f"return, {_e(heading)}"
    rows = [f"<tr><th>{label}</th>{_num(_percent(par['return'], 6), par['return_exact'])}"
            f'<td class="exact">{_e(par["return_exact"])}</td></tr>',
            f"<tr><th>hit frequency</th>{_num(_percent(par['hit_frequency'], 4), par['hit_frequency_exact'])}"
            f'<td class="exact">{hit_cycle}</td></tr>',
            f"<tr><th>variance (per unit bet)</th>{_num(format(par['variance'], '.6f'), par['variance_exact'])}"
            f'<td class="exact">{_e(par["variance_exact"])}</td></tr>',
            f"<tr><th>standard deviation</th>{_num(format(par['standard_deviation'], '.6f'))}<td></td></tr>"]
    rows += [f"<tr><th>volatility index at {vi['confidence']:.0%} (z = {vi['z']:.4f})</th>"
             f'{_num(format(vi["index"], ".4f"))}<td class="exact">z &times; SD</td></tr>'
             for vi in par["volatility_index"]]
    ties = (f"{analysis['tied_deals']:,} deals have several holds of exactly the best EV; the "
            f"{_e(analysis['tie_rule'])} rule chose among them.")
    play_as = analysis.get("play_as")
    if play_as is not None:
        ties += (f" Optimal play of this table returns {_percent(play_as['optimal_return'], 6)}: the "
                 f"{_e(play_as['strategy_of'])} strategy costs {_percent(play_as['cost'], 6)} of each bet "
                 f"({_e(play_as['cost_exact'])}).")
    return ("<h2>Return, hit frequency and volatility</h2>" + _table(["figure", "value", "exact"], rows, "summary")
            + f'<p class="note">{ties}</p>')


def _limits_section(data: dict[str, Any]) -> str:
    limits = data["par"]["confidence_limits"]
    return ("<h2>Confidence limits of the return</h2>" + _limits_table(limits, "hands", "limits")
            + '<p class="note">The average return of that many independent hands lies between the limits '
              f"with the confidence shown, by the {_e(limits['method'])} (an approximation: the return and "
              "the standard deviation it uses are exact).</p>")


def _limits_table(limits: dict[str, Any], unit: str, identity: str) -> str:
    """The confidence limits after each number of ``unit`` (a row each), low and high per level."""
    header = [unit] + [f"{level['confidence']:.0%} {side}" for level in limits["rows"][0]["limits"]
                       for side in ("low", "high")]
    rows = ["<tr>" + _num(f"{row['hands']:,}", row["hands"])
            + "".join(_num(_percent(level[side], 3)) for level in row["limits"] for side in ("low", "high"))
            + "</tr>" for row in limits["rows"]]
    return _table(header, rows, identity)


def _feature_volatility(found: dict[str, Any]) -> str:
    """A feature's volatility index and confidence limits (``report`` only), from the variance
    named (the one a session's total grows by)."""
    volatility = found.get("volatility")
    if volatility is None:
        return ""
    kind, unit = _e(found["kind"]), _e(volatility["unit"])
    rows = [f"<tr><th>volatility index at {vi['confidence']:.0%} (z = {vi['z']:.4f})</th>"
            f"{_num(format(vi['index'], '.4f'))}</tr>" for vi in volatility["volatility_index"]]
    return (_table(["figure", "value"], rows, f"feature-volatility-{kind}")
            + _limits_table(volatility["confidence_limits"], unit, f"feature-limits-{kind}")
            + f'<p class="note">From the exact variance {_e(volatility["variance"])} (z &times; SD; the limits: '
              f"return &plusmn; z &times; SD / &radic;{unit}, the normal approximation of the average of that "
              f"many {unit}).</p>")


def _minimum_section(data: dict[str, Any]) -> str:
    par, minimum = data["par"], data["par"]["minimum"]
    verdict = minimum["verdict"]
    return (f"<h2>Minimum return required</h2><p id=\"minimum\">{_e(minimum['jurisdiction'])} requires a return "
            f"of at least <b data-exact=\"{_e(minimum['required_exact'])}\">{_percent(minimum['required'], 2)}"
            f"</b> with optimal play. This game returns {_percent(par['return'], 4)} with optimal play: "
            f'<span class="verdict {verdict}">{verdict}</span> (margin {_percent(minimum["margin"], 4)}).</p>')


def _multiplay_section(data: dict[str, Any]) -> str:
    if (multiplay := data.get("multiplay")) is None:
        return f'<h2>Multi-play</h2><p class="note">{_e(note)}</p>' if (note := data.get("multiplay_note")) else ""
    rows = ["<tr>" + _num(f"{row['plays']:,}", row["plays"]) + "".join(
        _num(f"{row[f'variance_per_{unit}']:.4f}", row[f"variance_per_{unit}_exact"])
        + _num(f"{row[f'standard_deviation_per_{unit}']:.4f}") for unit in ("bet", "line")) + "</tr>"
        for row in multiplay["plays"]]
    return ("<h2>Multi-play variances</h2>"
            "<p>One deal, N independent draws to the same hold. Variance of the deal "
            f'<span data-exact="{_e(multiplay["deal_variance_exact"])}">{multiplay["deal_variance"]:.6f}</span>, '
            f'mean variance of the draw <span data-exact="{_e(multiplay["draw_variance_exact"])}">'
            f"{multiplay['draw_variance']:.6f}</span> (per unit bet).</p>"
            + _table(["lines", "variance per bet", "SD per bet", "variance per line", "SD per line"], rows, "multiplay")
            + '<p class="note">Per bet: per unit of the total bet of N lines, Var(deal) + E[Var draw] / N. Per line: '
              "the N lines' variance divided by N, N Var(deal) + E[Var draw].</p>"
            + (f'<p class="note">{_e(note)}</p>' if (note := data.get("multiplay_note")) else ""))


def _sweep_section(data: dict[str, Any]) -> str:
    if (sweep := data.get("sweep")) is None:
        return ""
    rows = [f"<tr>{_num(str(Fraction(point['value_exact'])), point['value_exact'])}"
            f"{_num(_percent(point['return'], 6), point['return_exact'])}</tr>" for point in sweep["points"]]
    found = sweep["break_even"]
    even = (f"none ({_e(found['reason'])})" if found["value_exact"] is None else
            f'<span data-exact="{_e(found["value_exact"])}">{found["value"]:,.6f}</span>')
    turns = sweep["turning_points"]
    category = _e(sweep["category"])
    return (f"<h2>Return as {category}'s pay varies</h2>"
            + _table([f"{sweep['category']} pays", "return"], rows, "sweep")
            + f"<p>Break-even (optimal play returns exactly 100 %): {category} = {even}. "
              f"The optimal hold changes for some deals at {len(turns)} values in the range (turning points).</p>")


def _strategy_section(data: dict[str, Any]) -> str:
    if (chart := data.get("strategy")) is None:
        return ""
    rows = [f"<tr>{_num(str(i))}<td>{_e(line['pattern'])}</td>{_num(format(line['frequency'], '.6f'))}"
            f"{_num(format(line['cost'], '.7f'), line['cost_exact'])}</tr>" for i, line in enumerate(chart["lines"], 1)]
    cost_text = "nothing" if not chart["cost"] else (
        f"{chart['cost_percent']:.5f} % of each bet (one bet every {chart['hands_per_bet_lost']:,.0f} hands)")
    return (f"<h2>Strategy chart ({len(chart['lines'])} lines)</h2><p>Hold the first line the deal contains.</p>"
            + _table(["#", "pattern", "frequency", "cost"], rows, "strategy")
            + f'<p>The chart returns <span data-exact="{_e(chart["chart_return_exact"])}">'
              f"{_percent(chart['chart_return'], 6)}</span> against {_percent(chart['optimal_return'], 6)} "
              f'for optimal play: it costs <span data-exact="{_e(chart["cost_exact"])}">{cost_text}</span>. '
              f"{sum(group['deals'] for group in chart['exceptions']):,} deals are exceptions to it.</p>")


def _features_section(data: dict[str, Any]) -> str:
    """Each solved feature (``analysis.features``, :mod:`cpoly.cli.featurekinds`): its return,
    frequency, distribution and exact variances, the method named."""
    parts = []
    for found in data["analysis"].get("features", []):
        name = found["kind"] + (f' "{found["title"]}"' if found["title"] else "")
        frequency = found["frequency"]
        often = "" if frequency is None else (
            f' {_e(frequency["label"].capitalize())}: <span data-exact="{_e(frequency["value_exact"])}">'
            f'{_percent(frequency["value"])}</span>.')
        shares = found["distribution"]
        rows = [f"<tr><td>{_e(row['value'])}</td>{_num(_percent(row['share']), row['share_exact'])}</tr>"
                for row in shares["rows"]]
        parts.append(f"<h2>Feature: {_e(name)}</h2><p>Return <span data-exact=\"{_e(found['return_exact'])}\">"
                     f"{_percent(found['return'], 6)}</span> (the base game: "
                     f"{_percent(found['base_return'], 6)}).{often}</p>"
                     + _table([shares["label"], "share"], rows, f"feature-{_e(found['kind'])}")
                     + _feature_variances(found) + _feature_volatility(found)
                     + f'<p class="note">Method: {_e(found["method"])}.</p>')
    return "".join(parts)


def _feature_variances(found: dict[str, Any]) -> str:
    """A feature's exact variances (none: not computed exactly), each with its definition."""
    stated = found.get("variances", [])
    if not stated:
        return '<p class="note">No exact variance is stated for this feature.</p>'
    rows = [f"<tr><th>{_e(v['label'])}</th>{_num(format(v['variance'], '.6f'), v['variance_exact'])}"
            f"{_num(format(v['standard_deviation'], '.6f'))}<td>{_e(v['definition'])}</td></tr>" for v in stated]
    return _table(["variance", "value", "SD", "of what"], rows, f"feature-variance-{_e(found['kind'])}")


def _provenance_section(data: dict[str, Any]) -> str:
    source = data["provenance"]
    rows = [f"<tr><td>{_e(entry['path'])}</td><td class=\"exact\">{_e(entry['sha256'])}</td></tr>"
            for entry in source["files"]]
    return ("<h2>Provenance</h2>"
            f"<p>cpoly {_e(source['cpoly_version'])} (code {_e(source['code_digest'][:16])}), tie rule "
            f"{_e(source['tie_rule'])} (from {_e(source.get('tie_rule_from', '?'))}), made {_e(source['date'])}. Command: <code>{_e(source['command'])}</code></p>"
            + _table(["definition file", "SHA-256"], rows, "files"))


def render_page(data: dict[str, Any], figures: Sequence[dict[str, str]]) -> str:
    """The page of the report's ``data`` with the ``figures`` drawn beside it."""
    title = f"{data['game']} ({data['analysis']['paytable']})"
    images = "".join(f'<figure><img src="{_e(f["file"])}" alt="{_e(f["caption"])}">'
                     f"<figcaption>{_e(f['caption'])}</figcaption></figure>" for f in figures)
    body = "".join([
        f"<h1>{_e(title)}</h1><p class=\"subtitle\">Probability accounting report (PAR sheet), exact "
        f"analysis of every deal: {_e(data.get('heading', 'optimal play'))}</p>",
        _hands_section(data), _summary_section(data), _features_section(data), _minimum_section(data), _limits_section(data),
        _multiplay_section(data), _sweep_section(data), _strategy_section(data),
        f"<h2>Figures</h2>{images}" if images else "", _provenance_section(data)])
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>PAR report: {_e(title)}</title>'
            f"<style>{_STYLE}</style></head><body>{body}</body></html>\n")
