"""How to compute one equity question: one estimate, made before any work, for every mode.

Three methods: **runouts** (postflop; strengths once per runout, one player counted by card
removal, :mod:`~cpoly.games.holdem.runouts`), **holdings** (any street; board-suit combinatorics
per suit class of joint holdings, :mod:`~cpoly.games.holdem.boards`) and **Monte Carlo**.  Each is
priced from sizes alone (range sizes, runouts, boards, a short pilot draw for Monte Carlo's
acceptance rate).  The automatic choice, ``--exact`` and ``--samples`` all read the same
:class:`Plan`, so a method is only advised when it is available.

>>> from cpoly.games.holdem.deal import make_deal
>>> plan_method(make_deal(["AsAh", "KsKh"])).method
'holdings'
>>> plan_method(make_deal(["QQ+", "KQ", "??"], board="2c 7d 9h Js")).method
'runouts'
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, prod

import numpy as np

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.runouts import enumerated_rows_bound

#: The automatic choice runs an exact method predicted to take at most this long.
AUTO_EXACT_SECONDS = 15.0
#: Joint holdings beyond which the holdings method is unavailable.
MAX_ENUMERATED_HOLDINGS = 5_000_000
#: Up to this many joint holdings, the estimate counts their suit classes (vectorised, < 1 s).
COUNTED_CLASSES_UP_TO = 200_000
#: Memory an exact method may use.
MEMORY_LIMIT = 4 * 2**30
#: Monte Carlo needs at least this fraction of its draws of range players to fit together.
MIN_ACCEPTANCE = 2e-3
#: Monte Carlo samples when the method is chosen automatically.
DEFAULT_SAMPLES = 1_000_000
#: Monte Carlo samples one request may ask for (hours of work at about a million a second).
MAX_SAMPLES = 10**10
#: Work is int64; exact methods refuse when weights x boards x 2520 could overflow it.
INT64_HEADROOM = 2**62


@dataclass(frozen=True)
class Option:
    """One method's price: predicted seconds, bytes, and why it is unavailable (or None)."""

    method: str
    seconds: float
    memory: int
    refusal: str | None = None


@dataclass(frozen=True)
class Plan:
    """The chosen method and the reason shown to the user (``method_reason`` in ``--json``)."""

    method: str
    reason: str
    samples: int = DEFAULT_SAMPLES


def _weight_bound(deal: Deal) -> int:
    return prod(max(w) for w in deal.weights) if deal.weights else 1


def runouts_option(deal: Deal, flushes: bool = True) -> Option:
    """Price of the runout method (postflop, real poker: it evaluates every combo with flushes)."""
    if deal.unknown > 2 or not flushes:
        return Option("runouts", float("inf"), 0,
                      "the runout method needs a flop, turn or river and flushes")
    runouts = comb(len(deal.live_cards()), deal.unknown)
    rows = enumerated_rows_bound(deal)
    held = 2 * (len(deal.ranges) - 1)
    per_row = 8 * (3 * held + held * (held - 1) // 2) + 24
    memory = rows * per_row + 1_500_000 * per_row * 4
    seconds = runouts * (4e-4 + rows * len(deal.ranges) * 2.5e-7) + rows * 1e-6
    refusal = None
    if memory > MEMORY_LIMIT:
        refusal = (f"the runout method would hold {rows:,} joint holdings of the listed hands "
                   f"(about {memory / 2**30:.1f} GB > {MEMORY_LIMIT / 2**30:.0f} GB)")
    return Option("runouts", seconds, memory, refusal)


def _suit_class_count(deal: Deal, holdings: int) -> int:
    """Suit classes of the joint holdings: counted when there are few, else holdings / 24."""
    if holdings > COUNTED_CLASSES_UP_TO:
        return holdings // 24
    from cpoly.deck.codes import STANDARD
    from cpoly.deck.symmetry import holding_classes
    from cpoly.games.holdem.runouts import ALL_COMBOS, enumerate_rows

    ids, _, _ = enumerate_rows(deal, list(range(len(deal.ranges))))
    return len(holding_classes(ALL_COMBOS[ids], deal.board, deal.dead, STANDARD.symmetries())[0]) if len(ids) else 1


def holdings_option(deal: Deal) -> Option:
    """Price of the per-holding board-suit method: suit classes x (overhead + boards)."""
    holdings = prod(len(r) for r in deal.ranges)
    boards = deal.boards_per_holding()
    classes = _suit_class_count(deal, holdings)
    seconds = classes * (1e-3 + boards * 1e-8)
    memory = min(holdings, MAX_ENUMERATED_HOLDINGS) * len(deal.ranges) * 64
    refusal = None
    if holdings > MAX_ENUMERATED_HOLDINGS:
        refusal = (f"up to {holdings:,} joint holdings (> {MAX_ENUMERATED_HOLDINGS:,}) "
                   f"x {boards:,} boards each")
    return Option("holdings", seconds, memory, refusal)


def acceptance(deal: Deal, draws: int = 20_000, seed: int = 0) -> float:
    """Fraction of independent draws (one combo per range player) that share no card."""
    rng = np.random.default_rng(seed)
    picks = [np.asarray(r, dtype=np.int64)[rng.integers(0, len(r), draws)] for r in deal.ranges]
    cards = np.sort(np.concatenate(picks, axis=1), axis=1)
    return float((cards[:, 1:] != cards[:, :-1]).all(axis=1).mean())


def _exact_options(deal: Deal, flushes: bool) -> list[Option]:
    """Both exact methods priced, cheapest available first.  A weight beyond int64 refuses both
    before anything is priced (pricing builds int64 weight arrays)."""
    too_fine = "the weights are too fine for exact 64-bit counts"
    if _weight_bound(deal) > INT64_HEADROOM:
        return [Option(method, float("inf"), 0, too_fine) for method in ("runouts", "holdings")]
    options = [runouts_option(deal, flushes), holdings_option(deal)]
    bound = _weight_bound(deal) * deal.boards_per_holding() * 2520 * prod(len(r) for r in deal.ranges)
    if bound > INT64_HEADROOM:
        options = [Option(o.method, o.seconds, o.memory, o.refusal or too_fine) for o in options]
    return sorted(options, key=lambda o: (o.refusal is not None, o.seconds))


def _seconds(seconds: float) -> str:
    """``611`` or ``0.047``: whole seconds from 10 s up, two significant digits below."""
    return f"{seconds:,.0f}" if seconds >= 10 else f"{seconds:.2g}"


def plan_method(deal: Deal, exact: bool | None = None, samples: int | None = None,
                flushes: bool = True) -> Plan:
    """The method for ``deal``: ``exact`` True/False forces the kind, ``samples`` Monte Carlo
    (``flushes=False``: seed 000's poker without flushes, which the runout method does not do).

    Raises
    ------
    CpolyInputError
        When the requested kind is unavailable, naming the size and the alternative only when
        the alternative is available.
    """
    if exact is True and samples is not None:
        raise CpolyInputError("choose either exact enumeration or a number of samples, not both")
    if samples is not None and samples > MAX_SAMPLES:
        raise CpolyInputError(f"too many samples: {samples:,} (at most {MAX_SAMPLES:,}, hours of "
                              "work already; the standard error shrinks only as 1/sqrt(N))")
    best = _exact_options(deal, flushes)[0]
    exact_summary = best.refusal or f"{best.method} method, about {_seconds(best.seconds)} s predicted"
    if exact is True and best.refusal is None:
        return Plan(best.method, f"exact ({exact_summary}; requested)")
    rate = acceptance(deal)
    mc_ok = rate >= MIN_ACCEPTANCE
    mc_summary = f"{rate:.2%} of random draws of the ranges fit together"
    if exact is True or (exact is None and samples is None and best.refusal is None
                         and (best.seconds <= AUTO_EXACT_SECONDS or not mc_ok)):
        if best.refusal is not None:
            advice = "; use Monte Carlo (--samples N)" if mc_ok else (
                f"; Monte Carlo cannot help either ({mc_summary}): narrow the ranges")
            raise CpolyInputError(f"too large to compute exactly: {best.refusal}{advice}")
        why = "requested" if exact is True else (
            f"<= {AUTO_EXACT_SECONDS:.0f} s" if best.seconds <= AUTO_EXACT_SECONDS
            else f"Monte Carlo cannot sample it: {mc_summary}")
        return Plan(best.method, f"exact ({exact_summary}; {why})")
    if not mc_ok:
        advice = "; use --exact" if best.refusal is None else f"; exact is too large too: {best.refusal}"
        raise CpolyInputError(f"Monte Carlo cannot sample these hands: only {mc_summary}{advice}")
    count = DEFAULT_SAMPLES if samples is None else samples
    if samples is not None or exact is False:
        return Plan("monte carlo", f"Monte Carlo ({count:,} samples requested)", count)
    exact_note = (f"exact is too large: {best.refusal}" if best.refusal is not None
                  else f"exact ({best.method}) predicted {best.seconds:,.0f} s > "
                       f"{AUTO_EXACT_SECONDS:.0f} s; --exact runs it")
    return Plan("monte carlo", f"Monte Carlo ({count:,} samples): {exact_note}", count)
