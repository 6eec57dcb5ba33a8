"""Autohold on a joker deck: the exact EV of every hold of a Joker Poker deal (53 cards).

Run from the repository root: python3 examples/autohold_joker.py
"""

from pathlib import Path

from cpoly.games.videopoker import VideoPoker

GAME = Path(__file__).resolve().parent.parent / "definitions" / "joker_poker.cp"

poker = VideoPoker.load(str(GAME))
result = poker.hold(["Xh", "Ks", "Kd", "9c", "4h"])  # Xh is the joker
best = result.best_option
print("best hold:", " ".join(poker.card_name(c) for c in best.held), f"EV {best.ev} = {float(best.ev):.6f}")
for option in sorted(result.options, key=lambda o: -o.ev)[:5]:
    held = " ".join(poker.card_name(c) for c in option.held) or "(draw five)"
    print(f"  {held:<16} {float(option.ev):.6f}")
