"""The same table as examples/holdem_monte_carlo.py, exactly, then on the turn with ranges.

Exact counts are integers over every deal of the unknown cards (each of player 2's possible
holdings with each turn and river); equities are exact fractions.

Run with ``python3 examples/holdem_exact.py``.
"""

from __future__ import annotations

from cpoly.games.holdem import CATEGORY_NAMES, Table

table = Table(3)
table.set_hole(0, "KsKd")
table.set_hole(1, "QhQd")
table.set_flop("5h 6s Td")
result = table.exact()
print(f"{result.boards:,} (holding, board) deals; {result.method_reason}")
for player in result.players:
    print(f"{player.hand:>5}: win {player.win:9,}  tie {player.tie:6,}  loss {player.loss:9,}"
          f"  equity {player.equity_exact} = {player.equity:.6f}")

# Ranges on the turn: a weighted range, one known card and an unknown hand.
table = Table(3)
table.set_hole(0, "AA@50,KK,QQ")
table.set_hole(1, "As?")
table.set_flop([(2, 2), (7, 4), (9, 3)])   # 2c 7d 9h as the document's (face, suit) pairs
table.set_turn("Jc")
result = table.exact()
print(f"\n{result.boards:,} weighted deals; {result.method_reason}")
for player in result.players:
    flush = player.category("flush")
    print(f"{player.hand:>12}: equity {float(player.equity_exact):.6f};"
          f" flushes {flush.occur:,} ({float(flush.probability('occur')):.4%})")
print("hand codes:", ", ".join(f"{code} {name}" for code, name in enumerate(CATEGORY_NAMES, 1)))
