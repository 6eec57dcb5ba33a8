"""Every script in examples/ runs (a fresh process, as a user would) and prints figures that
agree with independent facts: binomial deck sizes, the published 9/6 Jacks or Better return,
combinatorial counts of four of a kind.  (examples/holdem_*.py belong to the Hold'em tests.)"""

from __future__ import annotations

import os
import subprocess
import sys
from math import comb

import pytest

from tests.conftest import ROOT

EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.py") if not p.name.startswith("holdem_"))

# What each script must print (each string on some line of its output).
EXPECTED = {
    "deal_table.py": [f"all hands {comb(52, 5):,}", "RoyalFlush 4 incl. higher wins 4 paid"],
    "check_hands.py": ["Ah Kh Qh Jh Th -> RoyalFlush", "9c 9d 9s 4h 4c -> FullHouse",
                       "Jd Js 2c 5h 8s -> JacksOrBetter", "Td Ts 2c 5h 8s -> no win",
                       "2h 2d 7c 7s 7h -> FiveOfAKind", "2c 5h 6h 7h 9h -> StraightFlush"],
    "autohold_joker.py": ["best hold: Xh Ks Kd EV"],
    "two_decks.py": [f"{comb(104, 5):,} hands of 104 physical cards", "FiveOfAKind 728"],
    # published_figures.md: 9/6 Jacks or Better returns 99.5439 %.
    "full_return.py": ["return 99.5439", "= 1653526326983/1661102543100"],
    # Four of a kind: 13 faces x 48 kickers, split 1 / 3 / 9 faces.
    "inline_game.py": [f"FourAces {48} deals", f"FourFaces {3 * 48} deals", f"FourTwosToTens {9 * 48} deals",
                       "Kh Kd Ks Jc Js: hold Kh Kd Ks Jc Js EV 8.000000"],
}


def test_every_example_has_expectations():
    assert {p.name for p in EXAMPLES} == set(EXPECTED)


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(script):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=1200)
    assert done.returncode == 0, done.stderr
    lines = [" ".join(line.split()) for line in done.stdout.splitlines()]
    for expected in EXPECTED[script.name]:
        assert any(expected in line for line in lines), (expected, done.stdout)
