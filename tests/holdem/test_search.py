"""cpoly search: each pass against an independent path, checkpoints, resume, the CLI contract."""

from __future__ import annotations

import csv
import json
import random
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cpoly.cli.main import main
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.equity import equity
from cpoly.games.holdem.evaluator import evaluate, flush_strength
from cpoly.games.holdem.intcards import RANKS, parse_cards
from cpoly.games.holdem.noflush import flush_catch_up, no_flush_equity
from cpoly.games.holdem.search.bounds import coarse_rise, flush_bounds, suit_events
from cpoly.games.holdem.search.exact import exact_equities
from cpoly.games.holdem.search.nf import equities, outcome_counts, share_table
from cpoly.games.holdem.search.run import search
from cpoly.games.holdem.search.searchdeck import search_deck
from cpoly.games.holdem.search.suitings import format_suited, suit_masks, tuple_suitings
from cpoly.scale.chunks import BadChunk, load_chunk, save_chunk

FULL = "23456789TJQKA"
IDENTITY = {"chunk": "chunk-00000", "run": {"example": 1}}


def test_pass1_matches_no_flush_equity_on_random_tuples() -> None:
    deck = search_deck(FULL, 3)
    rows = random.Random(9).sample(range(len(deck.tuples)), 25)
    counts = outcome_counts(deck, rows)
    assert (counts.sum(axis=1) == deck.board_total).all()
    for row, shares in zip(rows, equities(deck, counts)):
        reference = no_flush_equity(deck.tuple_name(row).split())
        assert shares == [p.equity_exact for p in reference.players]


def _random_suited(count: int, seed: int) -> list[tuple[int, np.ndarray, np.ndarray]]:
    deck = search_deck(FULL, 3)
    pick = random.Random(seed)
    out = []
    for row in pick.sample(range(len(deck.tuples)), count):
        ranks, suits = tuple_suitings(deck, row)
        out.append((row, ranks, suits[pick.randrange(len(suits))]))
    return out


def test_pass3_matches_exact_equity() -> None:
    deck = search_deck(FULL, 3)
    for row, ranks, suits in _random_suited(12, 3):
        hands = format_suited(deck, ranks, suits)
        reference = equity(hands, exact=True)
        assert exact_equities(deck, row, suits[None, :])[0] == [
            p.equity_exact for p in reference.players]


def test_bounds_contain_exact_equities_of_random_suited_tuples() -> None:
    deck = search_deck(FULL, 3)
    table = share_table(3)
    offsuit, suited = coarse_rise(deck)
    for row, ranks, suits in _random_suited(12, 5):
        exact = [p.equity_exact for p in equity(format_suited(deck, ranks, suits),
                                                exact=True).players]
        rise, fall = flush_bounds(deck, suit_masks(ranks, suits[None, :], 3))
        nf = (outcome_counts(deck, [row]) @ table)[0]
        total = 6 * deck.board_total
        for j in range(3):
            assert nf[j] - 6 * fall[0, j] <= exact[j] * total <= nf[j] + 6 * rise[0, j]
            assert rise[0, j] <= (suited if suits[2 * j] == suits[2 * j + 1] else offsuit)


def test_coarse_bounds_are_the_seeds_numbers() -> None:
    """A hand alone in its suits flushes with the seed's 2.572 % / 8.039 %; the coarse bound
    adds five board cards of a suit it does not hold."""
    deck = search_deck(FULL, 3)
    lone_suited = flush_bounds(deck, np.array([[[3, 0, 0], [0] * 3, [0] * 3, [0] * 3]]))[0]
    board_flush = flush_bounds(deck, np.zeros((1, 4, 3), dtype=np.int64))[0][0, 0] // 4
    assert lone_suited[0, 0] - 3 * board_flush == flush_catch_up(True) * deck.board_total
    offsuit, suited = coarse_rise(deck)
    assert offsuit - 2 * board_flush == flush_catch_up(False) * deck.board_total
    assert suited - 3 * board_flush == flush_catch_up(True) * deck.board_total


def test_fraction_is_not_proven_and_finds_no_better() -> None:
    full = search("9TJQKA", 3, top=3)
    quick = search("9TJQKA", 3, top=3, fraction=0.2)
    assert full.proven and not quick.proven
    assert quick.best[0].spread >= full.best[0].spread


def test_checkpoints_resume_and_corruption(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    first = search("TJQKA", 3, top=4, directory=out)
    with pytest.raises(CpolyInputError, match="--resume"):
        search("TJQKA", 3, top=4, directory=out)
    with pytest.raises(CpolyInputError, match="another configuration .ranks 'TJQKA' there"):
        search("9TJQKA", 3, top=4, directory=out, resume=True)
    chunks = sorted((out / "pass1").glob("chunk-*.npz"))
    assert len(chunks) >= 8
    stamps = {p: p.stat().st_mtime_ns for p in chunks}
    chunks[3].write_bytes(b"PK\x03\x04 half written")        # a corrupted chunk
    (out / "pass1" / ".chunk-00004.dead.tmp.npz").write_bytes(b"")  # a killed writer's leftover
    capsys.readouterr()
    again = search("TJQKA", 3, top=4, directory=out, resume=True)
    assert again.best == first.best and again.proven
    assert capsys.readouterr().err.splitlines() == [
        f"warning: {chunks[3]}: not a readable .npz file (BadZipFile: truncated or damaged); "
        f"computing the chunk again"]
    assert chunks[3].stat().st_mtime_ns != stamps[chunks[3]]   # recomputed
    untouched = [p for p in chunks if p != chunks[3]]
    assert all(p.stat().st_mtime_ns == stamps[p] for p in untouched)


def test_resume_after_interrupt_recomputes_nothing_finished(tmp_path: Path) -> None:
    out = tmp_path / "run"
    seen: list[str] = []

    def stop_in_pass2(name: str, done: int, total: int) -> None:
        seen.append(name)
        if name == "suiting" and done == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        search("TJQKA", 3, top=4, directory=out, progress=stop_in_pass2)
    finished = {p: p.stat().st_mtime_ns for p in out.glob("pass*/chunk-*.npz")}
    assert len(list(out.glob("pass2-*/chunk-*.npz"))) == 5
    resumed = search("TJQKA", 3, top=4, directory=out, resume=True)
    assert all(p.stat().st_mtime_ns == t for p, t in finished.items())
    assert resumed.best == search("TJQKA", 3, top=4).best


def test_save_chunk_is_atomic(tmp_path: Path) -> None:
    path = tmp_path / "chunk-00000.npz"
    save_chunk(path, {"x": np.arange(3)}, IDENTITY)
    assert [p.name for p in tmp_path.iterdir()] == ["chunk-00000.npz"]
    assert load_chunk(path, IDENTITY)["x"].tolist() == [0, 1, 2]  # type: ignore[index]
    with pytest.raises(BadChunk):
        load_chunk(path, {**IDENTITY, "chunk": "chunk-00001"})


def test_save_chunk_leaves_nothing_when_writing_fails(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails half-way (a full disk) leaves neither the chunk nor its temporary."""
    def full_disk(file: object, **arrays: object) -> None:
        Path(str(file)).write_bytes(b"PK\x03\x04 half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez", full_disk)
    with pytest.raises(OSError):
        save_chunk(tmp_path / "chunk-00001.npz", {"x": np.arange(3)}, IDENTITY)
    assert list(tmp_path.iterdir()) == []


def test_cli_json_contract_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    code = main(["search", "--ranks", "TJQKA", "--workers", "0", "--top", "3", "--out", str(out),
                 "--json"])
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) == {"best", "proven", "passes"} and payload["proven"] is True
    best = payload["best"]
    assert [b["spread"] for b in best] == sorted(b["spread"] for b in best)
    first = best[0]
    assert len(first["hands"]) == 3 and len(first["equities_exact"]) == 3
    assert abs(max(first["equities"]) - min(first["equities"]) - first["spread"]) < 1e-12
    assert [p["name"] for p in payload["passes"]][:3] == ["no-flush", "suiting", "exact"]
    with open(out / "pass1.csv") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["hands", "spread", "equity_1", "equity_2", "equity_3"]
    assert len(rows) - 1 == len(search_deck("TJQKA", 3).tuples)
    spreads = [float(r[1]) for r in rows[1:]]
    assert spreads == sorted(spreads)
    line = next(r for r in rows[1:] if r[0] == "TJ QK KA")
    expected = _no_flush_brute_force(["Ts Jh", "Qs Kh", "Kd Ac"], "TJQKA")
    assert line[2:] == [f"{100 * float(e):.4f}" for e in expected]
    reference = no_flush_equity(["TJ", "QK", "KA"])  # the 13-rank deck: differs from TJQKA's
    assert line[2:] != [f"{100 * p.equity:.4f}" for p in reference.players]


def _no_flush_brute_force(hands: list[str], ranks: str) -> list[Fraction]:
    """Equities with no flushes on a deck of ``ranks`` in four suits: every board of the cards
    left, each seven-card hand ranked by the evaluator after its suits are dealt round-robin in
    rank order (at most two cards a suit: no flush; ranks unchanged)."""
    holes = [parse_cards(h) for h in hands]
    used = {c for h in holes for c in h}
    deck = [4 * RANKS.index(r) + s for r in ranks for s in range(4) if 4 * RANKS.index(r) + s not in used]
    shares = [Fraction(0)] * len(hands)
    boards = list(combinations(deck, 5))
    for board in boards:
        sevens = [sorted(board + tuple(h)) for h in holes]
        resuited = np.array([[4 * (c // 4) + k % 4 for k, c in enumerate(seven)] for seven in sevens])
        strength = evaluate(resuited).tolist()
        winners = [j for j, v in enumerate(strength) if v == max(strength)]
        for j in winners:
            shares[j] += Fraction(1, len(winners))
    return [share / len(boards) for share in shares]


@pytest.mark.parametrize("argv, message", [
    (["search", "--resume"], "--resume needs --out"),
    (["search", "--ranks", "TJQK"], "at least 5 ranks"),
    (["search", "--ranks", "TJQKX"], "bad --ranks"),
    (["search", "--players", "5", "--ranks", "TJQKA"], "--players must be"),
    (["search", "--workers", "0", "--ranks", "TJQKA", "--fraction", "0"], "--fraction"),
    (["search", "--workers", "0", "--ranks", "TJQKA", "--top", "0"], "--top"),
])
def test_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv + (["--workers", "0"] if "--workers" not in argv else [])) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def _events_by_definition(ranks: str, held: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Rise and fall events of one suit, board set by board set, straight from their
    definitions (docs/search.md), one flush evaluation per player and set."""
    deck = search_deck(ranks, len(held))
    taken = 0
    for mask in held:
        taken |= mask
    free = [r for r in range(deck.size) if not taken >> r & 1]
    others = deck.unseen - len(free)
    rise, fall = [0] * len(held), [0] * len(held)
    for k in range(3, 6):
        for chosen in combinations(free, k):
            real = [sum(1 << deck.ranks[r] for r in chosen) |
                    sum(1 << deck.ranks[r] for r in range(deck.size) if mask >> r & 1)
                    for mask in held]
            flush = [int(v) for v in flush_strength(np.array(real))]
            if max(flush) == 0:
                continue
            for i, mine in enumerate(flush):
                rivals = [f for j, f in enumerate(flush) if j != i]
                rise[i] += comb(others, 5 - k) * (mine > 0 and mine >= max(rivals))
                fall[i] += comb(others, 5 - k) * any(f > 0 and f >= mine for f in rivals)
    return rise, fall


@pytest.mark.parametrize("held", [(0b11, 0, 0), (0, 0b11, 0), (0b1001, 0b110, 0),
                                  (0b110, 0b1001, 0b10000), (0b10000, 0b110, 0b1001),
                                  (1 << 8 | 1 << 7, 1 << 6, 1 << 5 | 1), (0, 0, 0),
                                  (1 << 5, 1 << 4, 0), (0, 1 << 5, 1 << 4)])
def test_suit_events_follow_their_definition(held: tuple[int, ...]) -> None:
    """Pass 2's rise / fall events per suit (computed once per sorted key) against a loop over
    the board's sets in the suit; the keys include one held by players in another order."""
    deck = search_deck("6789TJQKA", 3)
    rise, fall = suit_events(deck, held)
    assert (rise.tolist(), fall.tolist()) == _events_by_definition("6789TJQKA", held)
