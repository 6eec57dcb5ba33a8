"""Count a deal table: how many of the 2,598,960 Jacks-or-Better hands fall in each category.

Run from the repository root: python3 examples/deal_table.py
"""

from pathlib import Path

from cpoly.api import deal_table, load_game

GAME = Path(__file__).resolve().parent.parent / "definitions" / "jacks_or_better.cp"

game = load_game(GAME)
table = deal_table(game)
for row in table.rows:
    print(f"{row.name:<14} {row.ways:>10,} incl. higher wins {row.paid_ways:>10,} paid")
print(f"{'all hands':<14} {table.total:>10,}")
