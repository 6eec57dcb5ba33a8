"""Frozen result objects of an equity calculation, and their JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cpoly.games.holdem.evaluator import CATEGORY_NAMES
from cpoly.games.holdem.tally import SHARE_UNIT, Tally


@dataclass(frozen=True)
class CategoryCounts:
    """Boards on which a player's final hand is of one category: won alone, split, occurred."""

    win: int
    tie: int
    occur: int


@dataclass(frozen=True)
class PlayerEquity:
    """One player's outcome.

    ``equity`` is the pot share with splits shared equally; ``equity_exact`` is the same as a
    fraction for exact runs (None for Monte Carlo, which gives ``stderr`` instead).
    """

    hand: str
    win: int
    tie: int
    equity: float
    equity_exact: Fraction | None
    stderr: float | None
    by_category: tuple[CategoryCounts, ...]

    def category(self, name: str) -> CategoryCounts:
        """Counts of the category ``name`` (e.g. ``"flush"``)."""
        return self.by_category[CATEGORY_NAMES.index(name)]


@dataclass(frozen=True)
class EquityResult:
    """All players' outcomes over ``boards`` equally likely deals (or Monte Carlo samples)."""

    boards: int
    exact: bool
    players: tuple[PlayerEquity, ...]
    method_reason: str
    holdings: int = 1
    flushes: bool = True

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``cpoly equity``."""
        out: dict[str, Any] = {
            "boards": self.boards,
            "exact": self.exact,
            "holdings": self.holdings,
            "method_reason": self.method_reason,
            "players": [_player_json(p) for p in self.players],
        }
        if not self.flushes:
            out["flushes"] = False
        return out


def _player_json(player: PlayerEquity) -> dict[str, Any]:
    exact = player.equity_exact
    out: dict[str, Any] = {
        "hand": player.hand,
        "win": player.win,
        "tie": player.tie,
        "equity": player.equity,
        "equity_exact": None if exact is None else f"{exact.numerator}/{exact.denominator}",
        "by_category": {
            name: {"win": c.win, "tie": c.tie, "occur": c.occur}
            for name, c in zip(CATEGORY_NAMES, player.by_category)
        },
    }
    if player.stderr is not None:
        out["stderr"] = player.stderr
    return out


def result_from_tally(tally: Tally, labels: tuple[str, ...], reason: str, *, exact: bool = True,
                      holdings: int = 1, stderr: tuple[float, ...] | None = None,
                      flushes: bool = True) -> EquityResult:
    """Turn integer tallies into a result; equities are exact fractions when ``exact``."""
    players = []
    for index, label in enumerate(labels):
        share = Fraction(int(tally.share[index]), SHARE_UNIT * tally.boards)
        players.append(PlayerEquity(
            hand=label,
            win=int(tally.win[index]),
            tie=int(tally.tie[index]),
            equity=float(share),
            equity_exact=share if exact else None,
            stderr=None if stderr is None else stderr[index],
            by_category=tuple(
                CategoryCounts(int(w), int(t), int(o)) for w, t, o in zip(
                    tally.cat_win[index], tally.cat_tie[index], tally.cat_occur[index])
            ),
        ))
    return EquityResult(tally.boards, exact, tuple(players), reason, holdings, flushes)
