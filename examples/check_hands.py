"""Check hands: the category (highest win) of a few dealt hands, by the game's definitions.

Run from the repository root: python3 examples/check_hands.py
"""

from pathlib import Path

from cpoly.api import check, load_game

DEFINITIONS = Path(__file__).resolve().parent.parent / "definitions"

jacks = load_game(DEFINITIONS / "jacks_or_better.cp")
deuces = load_game(DEFINITIONS / "deuces_wild.cp")
for game, hand in [(jacks, "Ah Kh Qh Jh Th"), (jacks, "9c 9d 9s 4h 4c"), (jacks, "Jd Js 2c 5h 8s"),
                   (jacks, "Td Ts 2c 5h 8s"), (deuces, "2h 2d 7c 7s 7h"), (deuces, "2c 5h 6h 7h 9h")]:
    print(f"{game.spec.title}: {hand} -> {check(game, hand.split()) or 'no win'}")
