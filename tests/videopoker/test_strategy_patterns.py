"""Hold patterns against a test-only classifier (completions counted by enumerating every draw
over the engine's category array), the chart search against brute force over every order of a
tiny game, and the trainer: ``hold --mine`` against the 32-hold table, ``train`` driven through
a pipe."""

from __future__ import annotations

import io
import itertools
import json
import random
import sys
from dataclasses import replace
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.cli.strategy import mine_json
from cpoly.deck.cards import parse_card
from cpoly.deck.subsets import all_hands, colex_rank
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.prepare.subsetrows import stacked_tables, subset_indices
from cpoly.games.videopoker.strategy.entries import Entries
from cpoly.games.videopoker.strategy.patterns import cached_pattern_tables
from cpoly.games.videopoker.strategy.penalty import PENALTY_CAP, PENALTY_LEVELS
from cpoly.games.videopoker.strategy.search import ChartSearch, search_chart
from tests.conftest import DEFINITIONS

JACKS = str(DEFINITIONS / "jacks_or_better.cp")
DEUCES = str(DEFINITIONS / "deuces_wild.cp")
# Test-only knowledge of the games: paying ranks (a pair of them wins) and wild faces.
GAMES = {JACKS: ({"J", "Q", "K", "A"}, set()), DEUCES: (set(), {"2"})}


def _completions(categories: np.ndarray, held: list[int], n: int, n_columns: int) -> np.ndarray:
    """Hands of each category containing ``held``: every draw of the other cards enumerated."""
    rest = np.array([c for c in range(n) if c not in held], dtype=np.int64)
    draws = rest[all_hands(len(rest), 5 - len(held)).astype(np.int64)]
    kept = np.tile(np.array(held, dtype=np.int64), (len(draws), 1))
    hands = np.sort(np.concatenate([draws, kept], axis=1), axis=1)
    return np.bincount(categories[colex_rank(hands)], minlength=n_columns)


def _toward(poker: VideoPoker, held: list[int], n_paid: int) -> list[bool]:
    """Per paid category: every held card raises its chance (a five-card hold: it is that
    category), straight from the definition in patterns.py."""
    categories = poker.categories()
    n, k = poker.n_cards, len(held)
    counts = _completions(categories, held, n, n_paid + 1)
    if k == 5:
        return [bool(counts[c]) for c in range(n_paid)]
    toward = [counts[c] > 0 for c in range(n_paid)]
    for card in held:
        smaller = _completions(categories, [c for c in held if c != card], n, n_paid + 1)
        toward = [t and counts[c] * comb(n - k + 1, 6 - k) > smaller[c] * comb(n - k, 5 - k)
                  for c, t in enumerate(toward)]
    return toward


def _classify(poker: VideoPoker, held: list[int], pays: list[Fraction]) -> dict[str, int]:
    """made, head, high and wild of a hold, straight from the definitions in patterns.py."""
    categories = poker.categories()
    n, k = poker.n_cards, len(held)
    columns = len(pays) + 1
    counts = _completions(categories, held, n, columns)
    paid = [p > 0 for p in pays] + [False]
    present = [c for c in range(columns) if counts[c]]
    made = max(present) if all(paid[c] for c in present) else -1
    toward = _toward(poker, held, len(pays))
    high_ranks, wild_ranks = _knowledge(poker)
    names = [poker.card_name(c)[:-1] for c in held]
    return {"held": k, "made": made, "head": toward.index(True) if any(toward) else -1,
            "high": sum(r in high_ranks for r in names), "wild": sum(r in wild_ranks for r in names),
            "head_count": int(counts[toward.index(True)]) if any(toward) else 0}


@pytest.fixture(scope="module")
def games() -> dict[str, VideoPoker]:
    return {JACKS: VideoPoker.load(JACKS), DEUCES: VideoPoker.load(DEUCES)}


def _knowledge(poker: VideoPoker) -> tuple[set[str], set[str]]:
    return GAMES[JACKS] if poker.game.spec.title == "Jacks or Better" else GAMES[DEUCES]


@pytest.mark.parametrize("path", [JACKS, DEUCES])
def test_pattern_descriptors_against_a_test_only_classifier(path, games):
    poker = games[path]
    table = poker.paytable()
    prepared = poker.single_deck()
    patterns = cached_pattern_tables(prepared, poker.faces, table.scaled().pays)
    offsets = stacked_tables(prepared.tables).offsets
    assert [poker.card_name(c)[:-1] for c in np.flatnonzero(patterns.wild_cards)] == \
        ["2"] * 4 * (path == DEUCES)
    rng = random.Random(7)
    gaps: dict[tuple[int, int], dict[int, int]] = {}
    for _ in range(14):
        deal = sorted(rng.sample(range(52), 5))
        k = rng.choice([1, 2, 2, 3, 3, 4, 4])
        held = sorted(rng.sample(deal, k))
        pattern = patterns.patterns[patterns.stacked[0][offsets[k] + int(colex_rank(np.array(held)))]]
        expected = _classify(poker, held, list(table.pays))
        assert (pattern.held, pattern.made, pattern.head, pattern.high, pattern.wild) == \
            (expected["held"], expected["made"], expected["head"], expected["high"], expected["wild"]), held
        if pattern.made == -1 and pattern.head >= 0 and pattern.gaps >= 0:
            seen = gaps.setdefault((k, pattern.head), {})
            assert seen.setdefault(expected["head_count"], pattern.gaps) == pattern.gaps
    for seen in gaps.values():   # more ways to complete the head = fewer gaps
        ordered = [seen[c] for c in sorted(seen, reverse=True)]
        assert ordered == sorted(ordered)


@pytest.mark.parametrize("path", [JACKS, DEUCES])
def test_penalty_cards_against_a_test_only_count(path, games):
    """A discard is a penalty card when the hold plus that card is still toward one of the
    categories the hold is toward; the count read from the chart's penalty level of detail."""
    poker = games[path]
    table = poker.paytable()
    prepared = poker.single_deck()
    patterns = cached_pattern_tables(prepared, poker.faces, table.scaled().pays)
    offsets = stacked_tables(prepared.tables).offsets
    n_paid = len(table.pays)
    rng = random.Random(11)
    counted = 0
    while counted < 6:
        deal = sorted(rng.sample(range(52), 5))
        mask = rng.randrange(1, 31)
        held = [deal[i] for i in range(5) if mask >> i & 1]
        ids = patterns.hold_patterns(subset_indices(np.array([deal]), offsets), prepared.tables.categories)[0, mask]
        pattern = patterns.patterns[int(ids[-len(PENALTY_LEVELS)])]
        if pattern.penalty < 0:                       # a made win: no count
            assert patterns.patterns[int(ids[0])].made >= 0
            continue
        draws = _toward(poker, held, n_paid)
        expected = sum(any(a and b for a, b in zip(draws, _toward(poker, sorted(held + [card]), n_paid)))
                       for card in deal if card not in held)
        assert pattern.penalty == min(expected, PENALTY_CAP - 1), (held, deal)
        assert pattern == replace(patterns.patterns[int(ids[0])], penalty=pattern.penalty)
        counted += 1


def test_known_holds_read_as_a_player_reads_them(games):
    poker = games[JACKS]
    table = poker.paytable()
    prepared = poker.single_deck()
    patterns = cached_pattern_tables(prepared, poker.faces, table.scaled().pays)
    offsets = stacked_tables(prepared.tables).offsets
    names = poker.game.category_names

    def read(cards: str):
        spec = poker.game.spec
        held = sorted(poker.card_index(parse_card(c, spec.ranks, spec.suit_letters)) for c in cards.split())
        return patterns.patterns[patterns.stacked[0][offsets[len(held)] + int(colex_rank(np.array(held)))]]

    assert names[read("Kh Qh Jh Th").head] == "RoyalFlush"
    assert names[read("Jd Js").made] == "JacksOrBetter"
    assert read("5d 5s").made == -1 and read("5d 5s").high == 0
    assert names[read("9h Th Jh Qh").head] == "StraightFlush"
    assert names[read("9c Th Jd Qs").head] == "Straight"
    assert read("9c Th Jd Qs").gaps < read("8c Th Jd Qs").gaps      # outside beats inside
    assert names[read("Ah 7h 4h 2h").head] == "Flush" and read("Ah 7h 4h 2h").high == 1
    assert names[read("Kd Qd").head] == "RoyalFlush" and names[read("Kc Qd").head] == "Straight"


# ---- the search against brute force ------------------------------------------------------------
def _tiny_game(seed: int, n_deals: int = 40, n_patterns: int = 6) -> Entries:
    rng = np.random.default_rng(seed)
    patterns = rng.integers(1, n_patterns, size=(n_deals, 32, 1))
    patterns[:, 0, 0] = 0                                   # hold 0: the floor, in every deal
    values = rng.integers(0, 1000, size=(n_deals, 32)).astype(np.int64)
    weight = rng.integers(1, 4, size=n_deals)
    return Entries.of(values, patterns, weight, n_patterns)


def _brute_force_best(entries: Entries) -> int:
    best_value = {(int(d), int(p)): int(v) for d, p, v in zip(entries.deal, entries.pattern, entries.value)}
    best = -1
    for order in itertools.permutations(range(1, entries.n_patterns)):
        total = 0
        for deal in range(entries.n_deals):
            first = next((p for p in (*order, 0) if (deal, p) in best_value), 0)
            total += int(entries.weight[deal]) * best_value[(deal, first)]
        best = max(best, total)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_chart_search_finds_the_brute_force_best_order(seed):
    entries = _tiny_game(seed)
    search, record = search_chart(entries, list(range(entries.n_patterns)), 0, entries.n_patterns)
    assert search.total() == _brute_force_best(entries)
    assert max(record.values()) == search.total()


def _chart_value(entries: Entries, order: list[int]) -> int:
    """The chart's value by brute force: each deal plays the first pattern of ``order`` it has."""
    best_value = {(int(d), int(p)): int(v) for d, p, v in zip(entries.deal, entries.pattern, entries.value)}
    return sum(int(entries.weight[deal]) * best_value[(deal, next(p for p in order if (deal, p) in best_value))]
               for deal in range(entries.n_deals))


def _brute_force_best_within(entries: Entries, lines: int) -> int:
    """The best value of any chart of at most ``lines`` lines ("draw five", pattern 0, last)."""
    others = range(1, entries.n_patterns)
    return max(_chart_value(entries, [*order, 0]) for k in range(lines) for order in itertools.permutations(others, k))


@pytest.mark.parametrize("seed", range(4))
def test_fewer_lines_never_beat_more(seed):
    """On tiny games, for every --lines: the chart fits, its value (recomputed by brute force
    from its order) is the best the search recorded with that many lines or fewer, never above
    the brute-force best of that size, and never falls as --lines grows."""
    entries = _tiny_game(seed + 20, n_deals=50, n_patterns=7)
    found = []
    for lines in range(1, entries.n_patterns + 1):
        search, record = search_chart(entries, list(range(entries.n_patterns)), 0, lines)
        order = search.order()
        assert len(order) <= lines and order[-1] == 0
        value = _chart_value(entries, order)
        assert value == search.total() == max(v for size, v in record.items() if size <= lines)
        assert value <= _brute_force_best_within(entries, lines)
        found.append(value)
    assert found == sorted(found) and found[0] < found[-1]
    assert found[-1] == _brute_force_best_within(entries, entries.n_patterns)


def test_search_bookkeeping_matches_a_fresh_start():
    entries = _tiny_game(11, n_deals=60, n_patterns=7)
    search = ChartSearch(entries, list(range(7)), 0)
    rng = random.Random(3)
    for _ in range(40):
        search.move(rng.randrange(1, 7), rng.randrange(0, 7))
        fresh = ChartSearch(entries, [int(p) for p in np.argsort(search.rank)], 0)
        assert np.array_equal(entries.pattern[search.top1], entries.pattern[fresh.top1])
        assert np.array_equal(entries.pattern[search.top2], entries.pattern[fresh.top2])
        assert search.total() == fresh.total()
        for kept in ("first_pattern", "first_value", "second_pattern", "second_value"):
            assert np.array_equal(getattr(search, kept), getattr(fresh, kept))


def test_insertion_bounds_against_brute_force():
    """The kept gain bounds and containment counts equal a brute-force count after every move,
    and a pattern they say cannot gain never gains at any position for any penalty."""
    entries = _tiny_game(12, n_deals=60, n_patterns=8)
    value = {(int(d), int(p)): int(v) for d, p, v in zip(entries.deal, entries.pattern, entries.value)}
    search = ChartSearch(entries, [0], 0)
    rng = random.Random(5)
    skipped = 0
    for _ in range(40):
        search.move(rng.randrange(1, 8), rng.randrange(0, 8))
        bounds = search.insertion_bounds()
        first = [int(p) for p in search.first_pattern]
        for p in range(8):
            deals = [d for d in range(entries.n_deals) if (d, p) in value]
            assert bounds.gain[p] == sum(int(entries.weight[d]) * max(0, value[d, p] - value[d, first[d]])
                                         for d in deals)
            for q in range(8):
                assert bounds.contained[q, p] == sum(first[d] == q for d in deals)
            if search.alive(p) or p == 0:                     # the floor is never inserted
                continue
            for penalty in (0, 1, 300, 3000, 30000):
                if not bounds.can_gain(p, penalty, search.plays(), 0):
                    skipped += 1
                    assert search.best_position(p, penalty)[1] <= 0
    assert skipped > 0


# ---- trainer ---------------------------------------------------------------------------------------
DEAL = ["Kd", "Js", "7c", "4h", "2s"]


def test_mine_against_the_32_hold_table(games):
    poker = games[JACKS]
    result = poker.hold(DEAL)
    for option in result.options:
        text = " ".join(poker.card_name(c) for c in option.held) or "none"
        mine = mine_json(poker, result, text)
        assert Fraction(mine["ev_exact"]) == option.ev
        assert Fraction(mine["cost_exact"]) == result.best_option.ev - option.ev >= 0
        assert mine["held"] == [poker.card_name(c) for c in option.held]


def test_hold_mine_cli(capsys):
    assert main(["hold", JACKS, *DEAL, "--mine", "Kd 7c", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    table = {tuple(sorted(h["held"])): h for h in data["holds"]}
    assert data["mine"]["ev_exact"] == table[("7c", "Kd")]["ev_exact"]
    assert Fraction(data["mine"]["cost_exact"]) == Fraction(data["best"]["ev_exact"]) - Fraction(data["mine"]["ev_exact"])
    assert main(["hold", JACKS, *DEAL, "--mine", "Kd Js"]) == 0
    assert "your hold Kd Js" in capsys.readouterr().out
    assert main(["hold", JACKS, *DEAL, "--mine", "Ah"]) == 2
    assert "not a card of the deal" in capsys.readouterr().err


def test_train_through_a_pipe(monkeypatch, capsys, games):
    answers = ["none", "Xx", "all", "none", "all"]       # "Xx" is refused and asked again
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(answers) + "\n"))
    assert main(["train", JACKS, "--seed", "5", "--hands", "4", "--json"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert "bad card 'Xx'" in captured.err
    poker = games[JACKS]
    rng = random.Random(5)
    cost, mistakes = Fraction(0), 0
    for keep_all in (False, True, False, True):
        deal = [poker.card_name(c) for c in rng.sample(range(poker.n_cards), 5)]
        result = poker.hold(deal)
        lost = result.best_option.ev - result.options[31 if keep_all else 0].ev
        cost, mistakes = cost + lost, mistakes + (lost > 0)
    assert summary == {"hands": 4, "mistakes": mistakes, "total_cost": float(cost),
                       "total_cost_exact": f"{cost.numerator}/{cost.denominator}"}


def test_train_text_session_ends_with_the_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("none\n"))
    assert main(["train", JACKS, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "hand 1:" in out and "hand 2:" in out and "session: 1 hand, " in out


@pytest.mark.parametrize("stop", ["quit", "q", "EXIT"])
def test_train_stops_at_quit(monkeypatch, capsys, stop):
    """A newcomer types quit (no hold is named so): the session ends there, as at the end of
    input, the hands after it never dealt."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"none\n{stop}\nnone\n"))
    assert main(["train", JACKS, "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "hand 2:" in captured.out and "hand 3:" not in captured.out and captured.err == ""
    assert "'quit' or end of input stops" in captured.out and "session: 1 hand, " in captured.out


NO_PAIRS_DEALT = """import "poker.cp"
game "No pairs dealt"
deal Hand * (1 - any(i<j in 1..5) δF[i],F[j])
categories Flush
paytable "x": Flush 5
"""


def test_train_deals_only_hands_the_deal_accepts(tmp_path, monkeypatch, capsys):
    path = tmp_path / "no_pairs.cp"
    path.write_text(NO_PAIRS_DEALT)
    monkeypatch.setattr(sys, "stdin", io.StringIO("none\n" * 60))
    assert main(["train", str(path), "--seed", "1", "--hands", "60"]) == 0
    hands = [line.split(":")[1].split() for line in capsys.readouterr().out.splitlines()
             if line.startswith("hand ")]
    assert len(hands) == 60
    for hand in hands:                      # the oracle: no two cards share a face
        assert len({card[:-1] for card in hand}) == 5, hand


def test_train_refuses_a_negative_number_of_hands(capsys):
    assert main(["train", JACKS, "--hands", "-1"]) == 2
    assert "--hands -1" in capsys.readouterr().err


def test_an_empty_mine_is_refused_not_read_as_draw_five(capsys):
    assert main(["hold", JACKS, *DEAL, "--mine", ""]) == 2
    assert "the hold is empty" in capsys.readouterr().err
