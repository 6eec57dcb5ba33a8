"""The Hold'em examples run, and print what the library computes (checked there by brute force)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from cpoly.games.holdem import equity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(name: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(EXAMPLES.parent)}  # this checkout's cpoly
    proc = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True,
                          text=True, check=False, cwd=EXAMPLES.parent, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_monte_carlo_example() -> None:
    out = _run("holdem_monte_carlo.py", "20000", "7")
    sampled = equity(["KsKd", "QhQd", "??"], board="5h 6s Td", samples=20_000, seed=7)
    exact = equity(["KsKd", "QhQd", "??"], board="5h 6s Td", exact=True)
    wins = [int(w) for w in re.findall(r"Win count :\s+(\d+)", out)]
    assert wins == [p.win for p in sampled.players]
    for mc, ex in zip(sampled.players, exact.players):
        assert abs(mc.equity - ex.equity) <= 5 * (mc.stderr or 0)
    rows = [line for line in out.splitlines() if re.match(r"\s+\d+\s+\w", line)]
    assert len(rows) == 10 and rows[6].split()[0] == "7" and "full house" in rows[6]


def test_exact_example() -> None:
    out = _run("holdem_exact.py")
    exact = equity(["KsKd", "QhQd", "??"], board="5h 6s Td", exact=True)
    for player in exact.players:
        assert f"equity {player.equity_exact} " in out
        assert f"loss {player.loss:9,}" in out
    ranged = equity(["AA@50,KK,QQ", "As?", "??"], board="2c 7d 9h Jc", exact=True)
    assert f"{ranged.boards:,} weighted deals" in out


def test_deck_example() -> None:
    """The document's deck example and its Monte Carlo workflow written by hand with Deck:
    the win rates are within five standard errors of the exact ones."""
    out = _run("holdem_deck.py", "4000", "3")
    assert "Num cards left in deck: 45" in out
    exact = equity(["KsKd", "QhQd", "??"], board="5h 6s Td", exact=True)
    rates = [float(r) for r in re.findall(r"Win prob : ([0-9.]+)", out)]
    for rate, player in zip(rates, exact.players):
        p = player.win / player.boards
        assert abs(rate - p) <= 5 * (p * (1 - p) / 4000) ** 0.5
    assert len(re.findall(r"hand code", out)) == 10
