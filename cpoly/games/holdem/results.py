"""Frozen result objects of an equity calculation, and their JSON form.

Counts are integers (weighted by the combo weights of weighted ranges); probabilities are counts
over ``boards``; for Monte Carlo every probability and equity has a standard error (binomial for
probabilities, from the per-sample pot shares for equities), for exact runs it is 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from cpoly.games.holdem.intcards import format_card
from cpoly.games.holdem.rules import KIND_NAMES as CATEGORY_NAMES
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.shares import SHARE_UNIT, Counts

if TYPE_CHECKING:
    from cpoly.games.holdem.tally import Tally

__all__ = ["CategoryCounts", "EquityResult", "Outcome", "PlayerEquity", "counts_of", "result_from_tally"]


@dataclass(frozen=True)
class Outcome:
    """Win / tie / loss counts over ``boards`` with probabilities, equity and standard errors.

    ``share`` is the pot share in 1/2520 units; ``share_stderr`` the standard error of the
    equity (None when exact).
    """

    win: int
    tie: int
    occur: int
    boards: int = 0
    share: int = 0
    share_stderr: float | None = None

    @property
    def loss(self) -> int:
        """Boards lost (held, neither won nor split)."""
        return self.occur - self.win - self.tie

    def probability(self, kind: str) -> Fraction:
        """``kind`` in win, tie, loss, occur: its count over ``boards``, exactly."""
        return Fraction(getattr(self, kind), max(self.boards, 1))

    def stderr(self, kind: str) -> float:
        """Standard error of :meth:`probability` (binomial; 0 for exact results)."""
        if self.share_stderr is None:
            return 0.0
        p = float(self.probability(kind))
        return math.sqrt(p * (1 - p) / max(self.boards, 1))

    @property
    def equity_fraction(self) -> Fraction:
        """Pot share over ``boards`` (splits shared equally), exactly."""
        return Fraction(self.share, SHARE_UNIT * max(self.boards, 1))

    def to_json(self) -> dict[str, Any]:
        """Counts, probabilities and (Monte Carlo) standard errors as a JSON object."""
        out: dict[str, Any] = {"win": self.win, "tie": self.tie, "loss": self.loss,
                               "occur": self.occur}
        for kind in ("win", "tie", "loss", "occur"):
            out[f"{kind}_probability"] = float(self.probability(kind))
        out["equity"] = float(self.equity_fraction)
        if self.share_stderr is not None:
            out["stderr"] = {k: self.stderr(k) for k in ("win", "tie", "loss", "occur")}
            out["stderr"]["equity"] = self.share_stderr
        return out


#: A player's counts in one hand category (hand codes 1..10).
CategoryCounts = Outcome


def _outcome(win: int, tie: int, occur: int, boards: int, share: int, share_stderr: float | None) -> Outcome:
    """``Outcome(win, tie, occur, boards, share, share_stderr)``, its fields set at once: a
    frozen dataclass's ``__init__`` sets them one by one through ``object.__setattr__``, twice
    the time, and a result makes one per player and category (60 for six players).

    >>> _outcome(1, 2, 3, 4, 5, None) == Outcome(1, 2, 3, 4, 5, None)
    True
    """
    made = object.__new__(Outcome)
    made.__dict__.update(win=win, tie=tie, occur=occur, boards=boards, share=share, share_stderr=share_stderr)
    return made


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
    boards: int = 0
    names: tuple[str, ...] = CATEGORY_NAMES

    @property
    def loss(self) -> int:
        """Boards lost."""
        return self.boards - self.win - self.tie

    @property
    def outcome(self) -> Outcome:
        """The player's totals as an :class:`Outcome` (probabilities, standard errors)."""
        share = sum(c.share for c in self.by_category)
        return Outcome(self.win, self.tie, self.boards, self.boards, share, self.stderr)

    def category(self, name: str | int) -> CategoryCounts:
        """Counts of the category ``name`` (e.g. ``"flush"``) or hand code 1..10 (the game's
        codes: the lowest category is 1)."""
        if isinstance(name, int):
            return self.by_category[name - 1]
        return self.by_category[self.names.index(name)]


@dataclass(frozen=True)
class EquityResult:
    """All players' outcomes over ``boards`` equally likely deals (or Monte Carlo samples), and
    the known ``board`` and ``dead`` cards they were computed for."""

    boards: int
    exact: bool
    players: tuple[PlayerEquity, ...]
    method_reason: str
    holdings: int = 1
    flushes: bool = True
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    game: str = ""

    def counts(self, kind: str) -> list[int]:
        """Per player, the boards ``kind`` in win, tie, loss (the document's getWins, getDraws)."""
        return [getattr(p.outcome, kind) for p in self.players]

    def probabilities(self, kind: str) -> list[Fraction]:
        """Per player, ``kind``'s probability (the document's getWinsP, getDrawsP), exactly."""
        return [p.outcome.probability(kind) for p in self.players]

    def category_counts(self, kind: str) -> list[list[int]]:
        """Per player and hand code 1..10 (columns 0..9), the boards of ``kind`` in win, tie,
        loss, occur."""
        return [[getattr(c, kind) for c in p.by_category] for p in self.players]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``cpoly equity``."""
        out: dict[str, Any] = {
            "board": [format_card(card) for card in self.board],
            "dead": [format_card(card) for card in self.dead],
            "boards": self.boards,
            "exact": self.exact,
            "holdings": self.holdings,
            "method_reason": self.method_reason,
            "players": [_player_json(p) for p in self.players],
        }
        if not self.flushes:
            out["flushes"] = False
        if self.game:
            out["game"] = self.game
        return out


def _player_json(player: PlayerEquity) -> dict[str, Any]:
    exact = player.equity_exact
    totals = player.outcome.to_json()
    out: dict[str, Any] = {
        "hand": player.hand,
        "win": player.win,
        "tie": player.tie,
        "loss": player.loss,
        "equity": player.equity,
        "equity_exact": None if exact is None else f"{exact.numerator}/{exact.denominator}",
        "probability": {k: totals[f"{k}_probability"] for k in ("win", "tie", "loss")},
        "by_category": {
            name: {"code": code, **c.to_json()}
            for code, (name, c) in enumerate(zip(player.names, player.by_category), start=1)
        },
    }
    if player.stderr is not None:
        out["stderr"] = player.stderr
        out["probability_stderr"] = {k: totals["stderr"][k] for k in ("win", "tie", "loss")}
    return out


def counts_of(tally: Tally | Counts) -> Counts:
    """A tally's counts as Python integers (NumPy's arrays as tuples)."""
    if isinstance(tally, Counts):
        return tally
    grids = [tuple(tuple(row) for row in grid.tolist()) for grid in
             (tally.cat_win, tally.cat_tie, tally.cat_occur, tally.cat_share)]
    return Counts(int(tally.boards), tuple(tally.win.tolist()), tuple(tally.tie.tolist()),
                  tuple(tally.share.tolist()), *grids)


def result_from_tally(counted: Tally | Counts, labels: tuple[str, ...], reason: str, *, exact: bool = True,
                      holdings: int = 1, stderr: tuple[float, ...] | None = None,
                      flushes: bool = True,
                      category_stderr: tuple[tuple[float, ...], ...] | None = None,
                      rules: GameRules | None = None) -> EquityResult:
    """Turn integer tallies (NumPy's or plain :class:`~cpoly.games.holdem.shares.Counts`) into a
    result; equities are exact fractions when ``exact``.  ``rules``: the game (its category
    names; a game other than the default is named in the result's ``game``)."""
    tally = counts_of(counted)  # Python integers from here on
    names = CATEGORY_NAMES if rules is None else rules.names
    boards, kinds = tally.boards, len(names)
    players = []
    for index, label in enumerate(labels):
        share = Fraction(tally.share[index], SHARE_UNIT * boards)
        errors = (None,) * kinds if category_stderr is None else category_stderr[index]
        players.append(PlayerEquity(
            hand=label,
            win=tally.win[index],
            tie=tally.tie[index],
            equity=float(share),
            equity_exact=share if exact else None,
            stderr=None if stderr is None else stderr[index],
            by_category=tuple(map(_outcome, tally.cat_win[index][:kinds], tally.cat_tie[index],
                                  tally.cat_occur[index], (boards,) * kinds, tally.cat_share[index], errors)),
            boards=boards,
            names=names,
        ))
    return EquityResult(boards, exact, tuple(players), reason, holdings, flushes, game=_game_title(rules))


def _game_title(rules: GameRules | None) -> str:
    """The game's title, or "" for the default game (standard Hold'em)."""
    if rules is None:
        return ""
    from cpoly.games.holdem.gamefile import default_rules

    default = default_rules()
    return "" if rules is default or rules == default else rules.title
