"""The PAR page of a game whose deal is final: one self-contained HTML page from the report's
data (``cpoly report --json``), its figures beside it.  Every number cell carries its exact
value (``data-exact``); every text of the game is escaped.

>>> data = {"game": "G", "heading": "every deal final (no draw)",
...         "analysis": {"paytable": "t", "total_combinations": 2, "return": 0.5, "return_exact": "1/2",
...                      "house_edge": 0.5, "house_edge_exact": "1/2", "hit_frequency": 0.5,
...                      "hit_frequency_exact": "1/2", "variance": 0.25, "variance_exact": "1/4",
...                      "standard_deviation": 0.5},
...         "par": {"hands": [{"name": "Win<", "pays_exact": "1", "combinations": 1, "probability": 0.5,
...                            "cycle": 2.0, "return": 0.5, "return_exact": "1/2", "share": 1.0}],
...                 "volatility_index": [], "confidence_limits": {"method": "m", "rows": []}},
...         "provenance": {"cpoly_version": "1", "code_digest": "abc", "files": [], "date": "today"}}
>>> "Win&lt;" in render_deal_page(data, [])
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

__all__ = ["render_deal_page"]

_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; max-width: 58em; margin: 1.5em auto;
       padding: 0 1em; } h2 { font-size: 12.5pt; border-bottom: 1px solid #999; }
table { border-collapse: collapse; page-break-inside: avoid; } th, td { padding: 0.18em 0.6em;
  border-bottom: 1px solid #ddd; } th { text-align: left; background: #f0f0f0; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } .note { font-size: 9pt; color: #444; }
figure img { max-width: 100%; } @page { size: A4; margin: 15mm; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(text: str, exact: object = None) -> str:
    data = "" if exact is None else f' data-exact="{_e(exact)}"'
    return f'<td class="n"{data}>{_e(text)}</td>'


def _table(header: Sequence[str], rows: Sequence[str], identity: str) -> str:
    heads = "".join(f"<th>{_e(h)}</th>" for h in header)
    return f'<table id="{identity}"><thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def _hands(data: dict[str, Any]) -> str:
    rows = [f"<tr><th>{_e(h['name'])}</th>{_num(h['pays_exact'], h['pays_exact'])}"
            f"{_num(format(h['combinations'], ','), h['combinations'])}{_num(format(h['probability'], '.9f'))}"
            f"{_num('never' if h['cycle'] is None else format(h['cycle'], ',.1f'))}"
            f"{_num(format(h['return'], '.6f'), h['return_exact'])}"
            f"{_num('' if h['share'] is None else format(h['share'], '.3%'))}</tr>" for h in data["par"]["hands"]]
    total = data["analysis"]["total_combinations"]
    return ("<h2>Pay table and hands</h2>"
            + _table(["hand", "pays (bet included)", "combinations", "probability", "cycle (1 in)", "return",
                      "share of return"], rows, "hands")
            + f'<p class="note">Every one of the {total:,} deals is final (no draw) and paid its highest '
              "category; pays are per unit bet, the bet included.</p>")


def _summary(data: dict[str, Any]) -> str:
    a = data["analysis"]
    figures = [("return", format(a["return"], ".6%"), a["return_exact"]),
               ("house edge", format(a["house_edge"], ".6%"), a["house_edge_exact"]),
               ("hit frequency", format(a["hit_frequency"], ".6%"), a["hit_frequency_exact"]),
               ("variance (per unit bet)", format(a["variance"], ".6f"), a["variance_exact"]),
               ("standard deviation", format(a["standard_deviation"], ".6f"), None)]
    figures += [(f"volatility index at {vi['confidence']:.0%}", format(vi["index"], ".4f"), None)
                for vi in data["par"]["volatility_index"]]
    rows = [f"<tr><th>{_e(name)}</th>{_num(text, value)}</tr>" for name, text, value in figures]
    return "<h2>Return, house edge and volatility</h2>" + _table(["figure", "value"], rows, "summary")


def _limits(data: dict[str, Any]) -> str:
    limits = data["par"]["confidence_limits"]
    if not limits["rows"]:
        return ""
    header = ["hands"] + [f"{level['confidence']:.0%} {side}" for level in limits["rows"][0]["limits"]
                          for side in ("low", "high")]
    rows = ["<tr>" + _num(format(row["hands"], ",")) + "".join(_num(format(level[side], ".3%"))
                                                              for level in row["limits"] for side in ("low", "high"))
            + "</tr>" for row in limits["rows"]]
    return ("<h2>Confidence limits of the return</h2>" + _table(header, rows, "limits")
            + f'<p class="note">By the {_e(limits["method"])}.</p>')


def _provenance(data: dict[str, Any]) -> str:
    source = data["provenance"]
    rows = [f"<tr><td>{_e(f['path'])}</td><td>{_e(f['sha256'])}</td></tr>" for f in source["files"]]
    return (f"<h2>Provenance</h2><p>cpoly {_e(source['cpoly_version'])} (code {_e(source['code_digest'][:16])}), "
            f"made {_e(source['date'])}.</p>" + _table(["definition file", "SHA-256"], rows, "files"))


def render_deal_page(data: dict[str, Any], figures: Sequence[dict[str, str]]) -> str:
    """The page of the report's ``data`` with the ``figures`` drawn beside it."""
    title = f"{data['game']} ({data['analysis']['paytable']})"
    images = "".join(f'<figure><img src="{_e(f["file"])}" alt="{_e(f["caption"])}">'
                     f"<figcaption>{_e(f['caption'])}</figcaption></figure>" for f in figures)
    body = (f"<h1>{_e(title)}</h1><p>Probability accounting report (PAR sheet), exact: {_e(data['heading'])}</p>"
            + _hands(data) + _summary(data) + _limits(data) + (f"<h2>Figures</h2>{images}" if images else "")
            + _provenance(data))
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>PAR report: {_e(title)}</title>'
            f"<style>{_STYLE}</style></head><body>{body}</body></html>\n")
