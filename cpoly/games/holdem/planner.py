"""Deciding how to compute one equity question: every registered method priced before any work.

A game's methods sit in a :class:`MethodSet` (the registry, :mod:`~cpoly.games.holdem.registry`,
keeps one per showdown: Hold'em's runouts, holdings and Monte Carlo; Omaha's holdings, listed, wide
and Monte Carlo).  Each :class:`Method` has a ``price(deal, request)`` — predicted seconds and
bytes from sizes alone, and why it cannot run (its refusal) — and a ``run``.  :func:`plan_method`
prices the exact methods, takes the cheapest that fits, weighs it against Monte Carlo (whose price
is whether random draws of the ranges fit together), and refuses with the size when nothing fits.
The automatic choice, ``exact=True`` and ``samples`` all read the same prices, so a method is only
advised when it is available.

What was asked is a :class:`Request`, checked once when it is made (samples, seed, and not both
exact and sampled):

>>> Request(samples=1000, seed=-1)
Traceback (most recent call last):
cpoly.errors.CpolyInputError: a seed is a whole number 0 or more, got -1
>>> import numpy  # loaded: no method pays for its import
>>> from cpoly.games.holdem.deal import make_deal
>>> from cpoly.games.holdem.registry import methods_for
>>> deal = make_deal(["AsAh", "KsKh"])
>>> plan_method(deal, Request(), methods_for(deal)).method
'holdings'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import Deal
from cpoly.games.holdem.results import EquityResult
from cpoly.games.holdem.shares import Counts

if TYPE_CHECKING:
    from cpoly.games.holdem.tally import Tally

__all__ = ["AUTO_EXACT_SECONDS", "Counter", "DEFAULT_SAMPLES", "ImportLedger", "LEDGER", "MAX_SAMPLES", "MIN_ACCEPTANCE",
           "MONTE_CARLO", "Method", "MethodSet", "NUMPY_IMPORT_SECONDS", "PlainWording", "Plan", "Price", "Progress", "Request",
           "Wording", "acceptance", "check_samples", "check_seed", "exact_prices", "numpy_loaded", "plan_method", "sampling_price",
           "seconds_text"]

#: ``progress(done, total)``: runouts, boards or classes done (exact) or samples drawn.
Progress = Callable[[int, int], None]
#: The automatic choice runs an exact method predicted to take at most this long.
AUTO_EXACT_SECONDS = 15.0
#: Monte Carlo needs at least this fraction of its draws of range players to fit together.
MIN_ACCEPTANCE = 2e-3
#: Monte Carlo samples when none are asked for.
DEFAULT_SAMPLES = 1_000_000
#: Monte Carlo samples one request may ask for (hours of work at about a million a second).
MAX_SAMPLES = 10**10
#: The name of every game's sampling method.
MONTE_CARLO = "monte carlo"
#: What loading NumPy costs a process that has not loaded it yet (measured: 0.1 to 0.15 s): a
#: method that needs NumPy is compared with one that does not at its price plus this.
NUMPY_IMPORT_SECONDS = 0.1


@dataclass
class ImportLedger:
    """The predicted seconds this process has planned in methods without NumPy while NumPy was
    not loaded.  Once they reach :data:`NUMPY_IMPORT_SECONDS`, the import is deemed paid for
    and every method is compared at its own price (the rule of renting until the rent reaches
    the price of buying: a process asking one question never loads NumPy for it, one asking
    many pays at most about twice what it would with NumPy loaded from the start).

    >>> ledger = ImportLedger()
    >>> ledger.paid(), ledger.planned(0.06), ledger.planned(0.06), ledger.paid()
    (False, None, None, True)
    """

    spent: float = 0.0

    def paid(self) -> bool:
        """Whether the methods without NumPy planned so far cost the import already."""
        return self.spent >= NUMPY_IMPORT_SECONDS

    def planned(self, seconds: float) -> None:
        """A method without NumPy, predicted to take ``seconds``, was planned."""
        self.spent += seconds


#: This process's ledger (:func:`plan_method` writes it, :func:`exact_prices` reads it).
LEDGER = ImportLedger()


def check_seed(seed: object) -> None:
    """A Monte Carlo seed is None or a whole number 0 or more (NumPy's generators take no
    negative seed).

    >>> check_seed(-1)
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: a seed is a whole number 0 or more, got -1
    """
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise CpolyInputError(f"a seed is a whole number 0 or more, got {seed!r}")


def check_samples(samples: int | None, name: str = "the number of samples") -> None:
    """A sample count is None (the default) or 1 to :data:`MAX_SAMPLES`; ``name`` is how the
    message calls it (``--samples`` on the command line).

    >>> check_samples(0, "--samples")
    Traceback (most recent call last):
    cpoly.errors.CpolyInputError: --samples must be positive, got 0
    """
    if samples is None:
        return
    if samples < 1:
        raise CpolyInputError(f"{name} must be positive, got {samples}")
    if samples > MAX_SAMPLES:
        raise CpolyInputError(f"too many samples: {samples:,} (at most {MAX_SAMPLES:,}, hours of "
                              "work already; the standard error shrinks only as 1/sqrt(N))")


@dataclass(frozen=True)
class Request:
    """What was asked of an equity question, checked when made (:func:`check_samples`,
    :func:`check_seed`, not both ``exact=True`` and ``samples``).

    ``exact``: True or False forces the kind, None lets the plan choose; ``samples`` asks for
    Monte Carlo; ``flushes=False`` ranks hands by ranks only (seed 000's poker without flushes).
    """

    exact: bool | None = None
    samples: int | None = None
    seed: int | None = None
    flushes: bool = True

    def __post_init__(self) -> None:
        check_samples(self.samples)
        check_seed(self.seed)
        if self.exact is True and self.samples is not None:
            raise CpolyInputError("choose either exact enumeration or a number of samples, not both")


@dataclass(frozen=True)
class Price:
    """One method's price for one deal: predicted seconds, bytes, and why it cannot run (None
    when it can)."""

    method: str
    seconds: float
    memory: int = 0
    refusal: str | None = None


@dataclass(frozen=True)
class Plan:
    """The chosen method, the reason shown to the user (``method_reason`` in ``--json``) and,
    for Monte Carlo, the samples."""

    method: str
    reason: str
    samples: int = DEFAULT_SAMPLES


#: An exact method's count: ``(deal, request, progress) -> (tally, joint holdings)`` (NumPy's
#: tally, or plain counts from a method without NumPy).
Counter = Callable[[Deal, Request, Progress | None], tuple["Tally | Counts", int]]


@dataclass(frozen=True)
class Method:
    """A registered way to compute equity: its name, its price, how to run it and, for an exact
    method, its bare count (the tally and the joint holdings, which ``run`` turns into a result);
    ``numpy``: whether pricing or running it loads NumPy."""

    name: str
    price: Callable[[Deal, Request], Price]
    run: Callable[[Deal, Request, Plan, Progress | None], EquityResult]
    count: Counter | None = None
    numpy: bool = True


class Wording(Protocol):
    """How a game's plans are told to the user."""

    def exact(self, price: Price, why: str) -> str:
        """The reason for an exact method (``why``: requested, fast enough, or not sampled)."""

    def sampled(self, samples: int, note: str | None) -> str:
        """The reason for Monte Carlo (``note`` None: it was asked for; else why not exact)."""

    def too_large(self, deal: Deal, prices: Sequence[Price]) -> str:
        """What makes the deal too large for every exact method (``prices`` cheapest first)."""


def seconds_text(seconds: float) -> str:
    """``611`` or ``0.047``: whole seconds from 10 s up, two significant digits below."""
    return f"{seconds:,.0f}" if seconds >= 10 else f"{seconds:.2g}"


class PlainWording:
    """The reasons as cpoly gives them: the method, its predicted time and why it was chosen.

    >>> PlainWording().exact(Price("runouts", 0.047), "<= 15 s")
    'exact (runouts method, about 0.047 s predicted; <= 15 s)'
    """

    def exact(self, price: Price, why: str) -> str:
        return f"exact ({price.method} method, about {seconds_text(price.seconds)} s predicted; {why})"

    def sampled(self, samples: int, note: str | None) -> str:
        if note is None:
            return f"Monte Carlo ({samples:,} samples requested)"
        return f"Monte Carlo ({samples:,} samples): {note}"

    def too_large(self, deal: Deal, prices: Sequence[Price]) -> str:
        return prices[0].refusal or ""


@dataclass(frozen=True)
class MethodSet:
    """The methods of one showdown: its exact methods in order of preference on equal prices,
    its Monte Carlo, and how its plans are worded."""

    exact: tuple[Method, ...]
    sampler: Method
    wording: Wording

    def get(self, name: str) -> Method:
        """The method called ``name``."""
        for method in (*self.exact, self.sampler):
            if method.name == name:
                return method
        raise CpolyInputError(f"no equity method {name!r}: "
                              + ", ".join(m.name for m in (*self.exact, self.sampler)))


def acceptance(deal: Deal, draws: int = 20_000, seed: int = 0) -> float:
    """Fraction of independent draws (one hand per range player) that share no card."""
    import numpy as np

    rng = np.random.default_rng(seed)
    picks = [combos[rng.integers(0, len(combos), draws)] for combos in deal.combos]
    cards = np.sort(np.concatenate(picks, axis=1), axis=1)
    return float((cards[:, 1:] != cards[:, :-1]).all(axis=1).mean())


def sampling_price(deal: Deal, request: Request) -> Price:
    """Monte Carlo's price: it refuses when random draws of the ranges rarely fit together."""
    rate = acceptance(deal)
    summary = f"{rate:.2%} of random draws of the ranges fit together"
    return Price(MONTE_CARLO, 0.0, 0, None if rate >= MIN_ACCEPTANCE else summary)


def numpy_loaded() -> bool:
    """Whether this process has loaded NumPy (then no method pays for its import)."""
    return "numpy" in sys.modules


def exact_prices(deal: Deal, request: Request, methods: MethodSet) -> list[Price]:
    """The exact methods' prices, those that can run first, cheapest first.  While NumPy is not
    loaded (and its import not yet paid for: :class:`ImportLedger`), a method that needs it is
    compared at its price plus :data:`NUMPY_IMPORT_SECONDS`, and a method without it that fits
    within that import is taken without pricing the others (pricing them would load NumPy).
    Once NumPy is loaded, the methods without it (slower twins of the vectorised ones, there to
    spare the import) are priced only when no method with it can run.  The reported price is
    the method's own.

    >>> from cpoly.games.holdem.deal import make_deal
    >>> from cpoly.games.holdem.registry import methods_for
    >>> deal = make_deal(["AsAh", "QQ+"])
    >>> [(p.method, p.refusal is None) for p in exact_prices(deal, Request(), methods_for(deal))]
    [('holdings', True), ('runouts', False)]
    """
    def priced_where(numpy: bool, extra: float) -> dict[int, tuple[Price, float]]:
        return {i: (m.price(deal, request), extra) for i, m in enumerate(methods.exact) if m.numpy == numpy}

    def fitting(found: dict[int, tuple[Price, float]]) -> list[float]:
        return [price.seconds for price, _ in found.values() if price.refusal is None]

    loaded = numpy_loaded() or LEDGER.paid()
    priced = priced_where(numpy=loaded, extra=0.0)
    fits = fitting(priced)
    if loaded and not fits:
        priced.update(priced_where(numpy=False, extra=0.0))
    elif not loaded and (not fits or min(fits) > NUMPY_IMPORT_SECONDS):
        priced.update(priced_where(numpy=True, extra=NUMPY_IMPORT_SECONDS))
    order = sorted(priced, key=lambda i: (priced[i][0].refusal is not None, priced[i][0].seconds + priced[i][1], i))
    return [priced[i][0] for i in order]


def _exact_plan(price: Price, reason: str, methods: MethodSet) -> Plan:
    """The plan of the exact method ``price`` prices, entered in the :data:`LEDGER` when it
    spares NumPy's import."""
    if not methods.get(price.method).numpy and not numpy_loaded():
        LEDGER.planned(price.seconds)
    return Plan(price.method, reason)


def plan_method(deal: Deal, request: Request, methods: MethodSet) -> Plan:
    """The method for ``deal``: the cheapest exact method that fits when asked for or fast
    enough (or when Monte Carlo cannot sample the hands), else Monte Carlo.

    Raises
    ------
    CpolyInputError
        When the requested kind is unavailable, naming the size and the alternative only when
        the alternative is available.
    """
    prices = exact_prices(deal, request, methods)
    best, words = prices[0], methods.wording
    if request.exact is True and best.refusal is None:
        return _exact_plan(best, words.exact(best, "requested"), methods)
    fast = best.refusal is None and best.seconds <= AUTO_EXACT_SECONDS
    automatic = request.exact is None and request.samples is None
    if automatic and fast:
        return _exact_plan(best, words.exact(best, f"<= {AUTO_EXACT_SECONDS:.0f} s"), methods)
    sampling = methods.sampler.price(deal, request)
    can_sample = sampling.refusal is None
    if request.exact is True or (automatic and best.refusal is None and not can_sample):
        if best.refusal is not None:
            advice = "; use Monte Carlo (--samples N)" if can_sample else (
                f"; Monte Carlo cannot help either ({sampling.refusal}): narrow the ranges")
            raise CpolyInputError(f"too large to compute exactly: {words.too_large(deal, prices)}{advice}")
        why = "requested" if request.exact is True else f"Monte Carlo cannot sample it: {sampling.refusal}"
        return _exact_plan(best, words.exact(best, why), methods)
    if not can_sample:
        advice = "; use --exact" if best.refusal is None else f"; exact is too large too: {best.refusal}"
        raise CpolyInputError(f"Monte Carlo cannot sample these hands: only {sampling.refusal}{advice}")
    count = DEFAULT_SAMPLES if request.samples is None else request.samples
    if not automatic:
        return Plan(MONTE_CARLO, words.sampled(count, None), count)
    note = (f"exact is too large: {best.refusal}" if best.refusal is not None
            else f"exact ({best.method}) predicted {best.seconds:,.0f} s > "
                 f"{AUTO_EXACT_SECONDS:.0f} s; --exact runs it")
    return Plan(MONTE_CARLO, words.sampled(count, note), count)
