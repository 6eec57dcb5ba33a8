"""The Hold'em utilities document's example, written with cpoly's ``Table``.

Three players after the flop: player 0 holds KS KD, player 1 holds QH QD, player 2 is unknown;
the flop is 5H 6S 10D.  A Monte Carlo run of 10^6 deals gives win / draw counts and
probabilities per player and per hand code (1 high card ... 10 royal flush).

Run with ``python3 examples/holdem_monte_carlo.py [samples] [seed]``.
"""

from __future__ import annotations

import sys

from cpoly.games.holdem import CATEGORY_NAMES, Table

players = 3
samples = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1

table = Table(players)
table.set_hole(0, (13, 13), (1, 4))        # KS KD: faces 2..14, suits 1..4 = S, C, H, D
table.set_hole(1, (12, 12), (3, 4))        # QH QD
table.set_flop((5, 6, 10), (3, 1, 4))      # 5H 6S 10D
result = table.monte_carlo(samples, seed=seed)

wins, wins_p = result.counts("win"), result.probabilities("win")
draws, draws_p = result.counts("tie"), result.probabilities("tie")
for p in range(players):
    print(f"player {p} | Win count : {wins[p]:9} | Win prob : {float(wins_p[p]):2.4f}"
          f" | Draw count : {draws[p]:9} | Draw prob : {float(draws_p[p]):2.4f}"
          f" | equity : {result.players[p].equity:.4f} +- {result.players[p].stderr:.4f}")

print()
print("hand code  category          "
      + "".join(f"{f'| player {p}: win / draw / occur':33}" for p in range(players)))
for code, name in enumerate(CATEGORY_NAMES, start=1):
    cells = [result.players[p].category(code) for p in range(players)]
    print(f"{code:9}  {name:16}  " + "".join(
        f"| {c.win:8} / {c.tie:6} / {c.occur:8}   " for c in cells))
