"""A two-deck game: Jacks or Better dealt from 104 cards ('copies 2'), its deal table and a hold.

Run from the repository root: python3 examples/two_decks.py
"""

from pathlib import Path

from cpoly.api import deal_table, load_game
from cpoly.games.videopoker import VideoPoker

GAME = Path(__file__).resolve().parent.parent / "definitions" / "double_deck_jacks.cp"

table = deal_table(load_game(GAME))
print(f"{table.total:,} hands of 104 physical cards")
for row in table.rows[:3]:
    print(f"  {row.name:<14} {row.paid_ways:>8,}")
poker = VideoPoker.load(str(GAME))
best = poker.hold(["Ah", "Ah", "Ad", "Kc", "7s"]).best_option  # two aces of hearts: two decks
print("best hold of Ah Ah Ad Kc 7s:", " ".join(poker.card_name(c) for c in best.held), f"EV {float(best.ev):.6f}")
