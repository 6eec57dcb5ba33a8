"""The figures of the PAR report, drawn with matplotlib as PNG files from the report's data
(the same object ``cpoly report --json`` prints: every plotted value is one of its figures).

matplotlib is imported here only, when a report is written (no other command loads it), and
drawn without pyplot (a :class:`~matplotlib.figure.Figure` on the Agg canvas: no global state,
no display).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["draw_figures"]

#: Width and height of every figure in inches (at 110 dpi: about 770 x 370 pixels).
SIZE = (7.0, 3.4)
DPI = 110
#: A PNG with the same pixels every time: no version or date written into it.
METADATA = {"Software": None}


def draw_figures(data: dict[str, Any], folder: Path) -> list[dict[str, str]]:
    """Draw every figure the report's ``data`` has into ``folder``; their file names and
    captions, in the order the page shows them."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    drawn = []
    for name, caption, draw, needs in _FIGURES:
        if needs is not None and data.get(needs) is None:
            continue
        figure = Figure(figsize=SIZE, layout="constrained")
        FigureCanvasAgg(figure)
        draw(figure, data)
        figure.savefig(folder / name, dpi=DPI, metadata=METADATA)
        drawn.append({"file": name, "caption": caption})
    return drawn


def _draw_shares(figure: Any, data: dict[str, Any]) -> None:
    hands = [hand for hand in data["par"]["hands"] if hand["share"]][::-1]
    axes = figure.add_subplot()
    names, shares = [hand["name"] for hand in hands], [100 * hand["share"] for hand in hands]
    axes.barh(names, shares, color="#4c72b0")
    for y, share in enumerate(shares):
        axes.annotate(f"{share:.2f} %", (share, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
    axes.set_xlabel("share of the return (%)")
    axes.set_xlim(0, max(shares, default=1) * 1.18)
    axes.tick_params(axis="y", labelsize=8)


def _draw_limits(figure: Any, data: dict[str, Any]) -> None:
    limits = data["par"]["confidence_limits"]["rows"]
    hands = [row["hands"] for row in limits]
    axes = figure.add_subplot()
    for level, (first, style) in enumerate(zip(limits[0]["limits"], ("#dd8452", "#c44e52"))):
        for side, label in (("low", f"{first['confidence']:.0%} limits"), ("high", None)):
            axes.plot(hands, [100 * row["limits"][level][side] for row in limits], "o-", color=style, label=label)
    axes.axhline(100 * data["par"]["return"], color="black", linewidth=1, label="return")
    axes.set_xscale("log")
    axes.set_xlabel("hands played")
    axes.set_ylabel("average return (%)")
    axes.legend(fontsize=8)


def _draw_multiplay(figure: Any, data: dict[str, Any]) -> None:
    plays = data["multiplay"]["plays"]
    lines = [row["plays"] for row in plays]
    axes = figure.add_subplot()
    axes.plot(lines, [row["standard_deviation_per_line"] for row in plays], "o-", label="SD per line")
    axes.plot(lines, [row["standard_deviation_per_bet"] for row in plays], "s-", label="SD per unit of total bet")
    if len(lines) > 1 and max(lines) / min(lines) > 20:
        axes.set_xscale("log")
    axes.set_xlabel("lines played on one deal (N)")
    axes.set_ylabel("standard deviation")
    axes.legend(fontsize=8)


def _draw_sweep(figure: Any, data: dict[str, Any]) -> None:
    sweep = data["sweep"]
    values = [float(Fraction(point["value_exact"])) for point in sweep["curve"]]
    returns = [100 * float(Fraction(point["return_exact"])) for point in sweep["curve"]]
    axes = figure.add_subplot()
    axes.plot(values, returns, color="#4c72b0", label="optimal play (strategy re-solved)")
    axes.axhline(100, color="grey", linewidth=0.8, linestyle="--")
    if (found := sweep["break_even"]["value"]) is not None and values[0] <= found <= values[-1]:
        axes.axvline(found, color="#c44e52", linewidth=1, label=f"break-even {found:,.2f}")
    if turns := [turn["value"] for turn in sweep["turning_points"]]:
        axes.plot(turns, [min(returns)] * len(turns), "|", color="#55a868", markersize=8,
                  label=f"turning points ({len(turns)})")
    axes.set_xlabel(f"pay of {sweep['category']} (per unit bet)")
    axes.set_ylabel("return (%)")
    axes.legend(fontsize=8)


#: Each figure's file, caption, drawing and the part of the data it needs (None: always drawn).
_FIGURES: tuple[tuple[str, str, Callable[[Any, dict[str, Any]], None], str | None], ...] = (
    ("shares.png", "Each winning hand's share of the return", _draw_shares, None),
    ("limits.png", "Confidence limits of the average return (normal approximation)", _draw_limits, None),
    ("multiplay.png", "Multi-play: standard deviation against the number of lines", _draw_multiplay, "multiplay"),
    ("sweep.png", "The return as one pay varies, the optimal strategy re-solved at each value", _draw_sweep, "sweep"),
)
