"""Omaha equity (a game whose rules say a hand plays exactly two of its hole cards).

The game's ``HoleCards`` says how many cards a hand holds (4 in Omaha, 5 in Big O, 6 in six-card
Omaha).  A hand is its cards (``AsAhKsKh``), some known cards followed by one ``?`` per unknown
card (``AsAh??``: every hand holding the two aces), ``??`` / ``random`` / ``any`` (every hand), or
a range (``AAxx``, ``AKQJ``, ``AAKKds``, ``AAxx,KKxx``; :mod:`~cpoly.games.holdem.omaha_ranges`).
Four methods, priced before any work like Hold'em's (:mod:`~cpoly.games.holdem.method`):

* **holdings**: every joint holding by board-suit combinatorics
  (:func:`~cpoly.games.holdem.omaha_exact.holding_tally`), for known hands and narrow ones;
* **listed**: every joint holding with every runout evaluated (wide hands on the turn or river);
* **wide**: one wide hand against known ones, per board by pair values
  (:mod:`~cpoly.games.holdem.omaha_gather`): ``??`` on the flop, turn or river (preflop ``??``
  is refused with its size: 1,712,304 boards of about 150,000 holdings each);
* **Monte Carlo**: joint holdings drawn uniformly (rejecting shared cards), boards completed.

>>> from cpoly.games.holdem.gamefile import DEFAULT_GAME, rules_of
>>> omaha = rules_of(DEFAULT_GAME.parent / "omaha.cp")
>>> r = omaha_equity(["AsAhKsKh", "QdJdTc9c"], board="2c 7d 9h 3s", rules=omaha)
>>> r.boards, [p.win for p in r.players]
(40, [25, 15])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from math import comb, prod

import numpy as np
import numpy.typing as npt

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.deal import MAX_PLAYERS, check_in_deck
from cpoly.games.holdem.intcards import CardsLike, check_distinct, format_card, format_cards, to_cards
from cpoly.games.holdem.method import AUTO_EXACT_SECONDS, DEFAULT_SAMPLES, MAX_SAMPLES
from cpoly.games.holdem.omaha_exact import PLAYED_HOLE_CARDS, holding_tally, listed_tally, omaha_strengths
from cpoly.games.holdem.omaha_gather import predicted_seconds, wide_boards, wide_player, wide_tally
from cpoly.games.holdem.omaha_ranges import omaha_range, written_cards
from cpoly.games.holdem.results import EquityResult, result_from_tally
from cpoly.games.holdem.rules import GameRules
from cpoly.games.holdem.tally import SHARE_UNIT, Tally, tally_showdowns

IntArray = npt.NDArray[np.int64]
Progress = Callable[[int, int], None]
#: Joint holdings the holdings method may take (about 0.5 s each preflop, 5 ms on a flop).
MAX_HOLDINGS = 20_000
#: (joint holding, runout) pairs the listed method may take (about 2 s per million).
MAX_LISTED_PAIRS = 30_000_000
#: Predicted seconds the wide method may take (one wide hand against known ones).
MAX_WIDE_SECONDS = 120.0


@dataclass(frozen=True)
class OmahaDeal:
    """Each player's possible hands (sorted card tuples), the board and the dead cards."""

    labels: tuple[str, ...]
    ranges: tuple[IntArray, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    rules: GameRules

    @property
    def unknown(self) -> int:
        return 5 - len(self.board)

    def live_cards(self) -> list[int]:
        taken = set(self.board) | set(self.dead)
        return [c for c in self.rules.deck if c not in taken]


def _hand(hand: object, rules: GameRules, live: list[int]) -> tuple[str, IntArray]:
    """A player's label and possible hands ``(n, hole)``: a range written as text
    (:mod:`~cpoly.games.holdem.omaha_ranges`), or cards in any accepted form."""
    if isinstance(hand, str):
        return hand.strip(), omaha_range(hand, live, rules)
    known = to_cards(hand)
    if len(known) != rules.hole_cards:
        raise CpolyInputError(f"bad hand {hand!r}: an Omaha hand is {rules.hole_cards} cards "
                              f"({len(known)} given); write e.g. 'AsAhKsKh', 'AsAh??', 'AAxx' or '??'")
    check_in_deck(known, rules, f"hand {format_cards(known)!r}")
    combos = [tuple(sorted(known, reverse=True))] if all(c in live for c in known) else []
    return format_cards(known).replace(" ", ""), np.array(combos, dtype=np.int64).reshape(-1, rules.hole_cards)


def make_omaha_deal(hands: Sequence[object], board: CardsLike = "", dead: CardsLike = "",
                    rules: GameRules | None = None) -> OmahaDeal:
    """Parse and validate an Omaha question (errors name the bad value, as in Hold'em)."""
    if rules is None or rules.hole_used is None:
        raise CpolyInputError("an Omaha question needs the rules of a game with HoleCardsUsed")
    if rules.hole_used != PLAYED_HOLE_CARDS:
        raise CpolyInputError(f"{rules.title}: HoleCardsUsed = {rules.hole_used}; Omaha equity counts "
                              f"games whose hands play exactly {PLAYED_HOLE_CARDS} hole cards and "
                              f"{5 - PLAYED_HOLE_CARDS} board cards (HoleCardsUsed = {PLAYED_HOLE_CARDS})")
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise CpolyInputError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(hands)}")
    board_cards, dead_cards = to_cards(board), to_cards(dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise CpolyInputError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)} "
                              f"({format_cards(board_cards)!r})")
    check_distinct(board_cards + dead_cards, "board and dead cards")
    check_in_deck(board_cards, rules, "board")
    check_in_deck(dead_cards, rules, "dead cards")
    if rules.hole_cards * len(hands) + 5 + len(dead_cards) > len(rules.deck):
        raise CpolyInputError("too many cards: the players, board and dead cards exceed the deck")
    taken = set(board_cards) | set(dead_cards)
    live = [c for c in rules.deck if c not in taken]
    parsed = []
    for index, hand in enumerate(hands, start=1):
        label, combos = _hand(hand, rules, live)
        if len(combos) == 0:
            _no_hand_left(index, label, hand, taken, rules.hole_cards)
        parsed.append((label, combos))
    fixed = [c for _, combos in parsed if len(combos) == 1 for c in combos[0].tolist()]
    check_distinct(list(board_cards) + list(dead_cards) + fixed, "the board, dead cards and hands")
    return OmahaDeal(tuple(p[0] for p in parsed), tuple(p[1] for p in parsed), board_cards,
                     dead_cards, rules)


def _no_hand_left(index: int, label: str, hand: object, taken: set[int], size: int) -> None:
    """Raise for a hand with nothing left: name a written card on the board or dead."""
    written = written_cards(hand, size) if isinstance(hand, str) else list(to_cards(hand))
    clash = [c for c in written if c in taken]
    if clash:
        raise CpolyInputError(f"duplicate card {format_card(clash[0])!r} (hand {index} {label!r} "
                              f"and the board or dead cards)")
    raise CpolyInputError(f"hand {index} {label!r} has no hand left: every hand it names uses a "
                          f"board or dead card")


def joint_holdings(deal: OmahaDeal, limit: int) -> IntArray | None:
    """Every joint holding ``(N, P, hole)`` with no card twice; None beyond ``limit`` rows."""
    rows = np.zeros((1, 0), dtype=np.int64)
    masks = np.zeros(1, dtype=np.uint64)
    for combos in deal.ranges:
        if len(rows) * len(combos) > 4 * limit:
            return None
        combo_masks = np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1)
        row, col = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
        rows = np.concatenate([rows[row], combos[col]], axis=1)
        masks = masks[row] | combo_masks[col]
        if len(rows) > limit:
            return None
    if len(rows) == 0:
        raise CpolyInputError("no way to deal these hands without using a card twice: "
                              + ", ".join(repr(label) for label in deal.labels))
    return rows.reshape(len(rows), len(deal.ranges), -1)


def _plan(deal: OmahaDeal, exact: bool | None, samples: int | None) -> tuple[str, str]:
    """(method, reason): the cheapest exact method when asked or fast enough, else Monte Carlo."""
    if exact is True and samples is not None:
        raise CpolyInputError("choose either exact enumeration or a number of samples, not both")
    bound = prod(len(r) for r in deal.ranges)
    runouts = comb(len(deal.live_cards()) - deal.rules.hole_cards * len(deal.ranges), deal.unknown)
    options = []
    if bound <= MAX_HOLDINGS:
        options.append(("holdings", bound * (0.6 if deal.unknown == 5 else 0.01)))
    if bound * runouts <= MAX_LISTED_PAIRS:
        options.append(("listed", bound * runouts * len(deal.ranges) * 7e-7))
    wide = wide_player(deal.ranges)
    wide_seconds = None if wide is None else predicted_seconds(deal, wide)
    if wide_seconds is not None and wide_seconds <= MAX_WIDE_SECONDS:
        options.append(("wide", wide_seconds))
    options.sort(key=lambda option: option[1])
    if samples is None and exact is not False and options and (exact or options[0][1] <= AUTO_EXACT_SECONDS):
        method, seconds = options[0]
        return method, f"exact ({method} method, about {seconds:.2g} s predicted)"
    if exact is True:
        wide_note = "" if wide_seconds is None else (
            f" (one wide hand against known ones: {wide_boards(deal):,} boards, about "
            f"{wide_seconds:,.0f} s, above the {MAX_WIDE_SECONDS:.0f} s allowed)")
        raise CpolyInputError(f"too large to compute exactly: up to {bound:,} joint holdings x "
                              f"{runouts:,} runouts{wide_note}; use Monte Carlo (--samples N)")
    count = DEFAULT_SAMPLES if samples is None else samples
    return "monte carlo", f"Monte Carlo ({count:,} samples)"


def exact_tally(deal: OmahaDeal, method: str, progress: Progress | None = None) -> tuple[Tally, int]:
    """The exact tally by ``method`` ('holdings', 'listed' or 'wide') and the number of joint
    holdings."""
    if method == "wide":
        return wide_tally(deal, _wide_index(deal), progress)
    holdings = joint_holdings(deal, MAX_HOLDINGS if method == "holdings" else MAX_LISTED_PAIRS)
    if holdings is None:
        raise CpolyInputError("too many joint holdings to enumerate exactly; use Monte Carlo")
    if method == "listed":
        return listed_tally(holdings, np.ones(len(holdings), np.int64), deal.board, deal.dead,
                            deal.rules), len(holdings)
    total = Tally.zero(len(deal.ranges))
    for done, holding in enumerate(holdings.tolist(), start=1):
        total = total + holding_tally([tuple(h) for h in holding], deal.board, deal.dead, deal.rules)
        if progress is not None:
            progress(done, len(holdings))
    return total, len(holdings)


def _wide_index(deal: OmahaDeal) -> int:
    wide = wide_player(deal.ranges)
    if wide is None:
        raise CpolyInputError("the wide method needs one wide hand and every other hand known")
    return wide


def monte_carlo(deal: OmahaDeal, samples: int, seed: int | None,
                progress: Progress | None = None) -> tuple[Tally, list[float]]:
    """Tally of ``samples`` valid deals and the standard error of each player's equity."""
    rng = np.random.default_rng(seed)
    players = len(deal.ranges)
    total, squares, done = Tally.zero(players), np.zeros(players), 0
    unknown_cards = deal.unknown
    while done < samples:
        size = min(100_000, samples - done)
        picks = [r[rng.integers(0, len(r), size)] for r in deal.ranges]
        holes = np.concatenate(picks, axis=1)
        keys = rng.random((size, 52))
        keys[:, [c for c in range(52) if not deal.rules.in_deck[c]] + list(deal.board + deal.dead)] = 2.0
        np.put_along_axis(keys, holes, 2.0, axis=1)
        ordered = np.sort(holes, axis=1)
        valid = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        if not valid.any():
            continue
        rest = np.argsort(keys[valid], axis=1)[:, :unknown_cards]
        boards = np.concatenate([np.broadcast_to(np.asarray(deal.board, np.int64),
                                                 (len(rest), len(deal.board))), rest], axis=1)
        hole = deal.rules.hole_cards
        strengths = np.stack([omaha_strengths(holes[valid][:, hole * p:hole * (p + 1)], boards, deal.rules)
                              for p in range(players)], axis=1)
        total = total + tally_showdowns(strengths, np.ones(len(boards), np.int64), deal.rules)
        best = strengths == strengths.max(axis=1, keepdims=True)
        squares += ((best / best.sum(axis=1, keepdims=True)) ** 2).sum(axis=0)
        done += len(boards)
        if progress is not None:
            progress(done, samples)
    mean = total.share / SHARE_UNIT / done
    stderr = np.sqrt(np.maximum(squares / done - mean ** 2, 0) * done / max(done - 1, 1) / done)
    return total, [float(x) for x in stderr]


def omaha_equity(hands: Sequence[object], board: CardsLike = "", dead: CardsLike = "", *,
                 exact: bool | None = None, samples: int | None = None, seed: int | None = None,
                 progress: Progress | None = None, rules: GameRules | None = None) -> EquityResult:
    """Equity of Omaha hands (see the module docstring); the same result as Hold'em's ``equity``."""
    deal = make_omaha_deal(hands, board, dead, rules)
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise CpolyInputError(f"the number of samples must be 1..{MAX_SAMPLES:,}, got {samples}")
    method, reason = _plan(deal, exact, samples)
    if method == "monte carlo":
        tally, stderr = monte_carlo(deal, DEFAULT_SAMPLES if samples is None else samples, seed, progress)
        result = result_from_tally(tally, deal.labels, reason, exact=False, stderr=tuple(stderr),
                                   rules=deal.rules)
    else:
        tally, holdings = exact_tally(deal, method, progress)
        result = result_from_tally(tally, deal.labels, reason, holdings=holdings, rules=deal.rules)
    return replace(result, board=deal.board, dead=deal.dead)
