"""A new game written inline: Aces and Faces on the standard library, counted and played.

Run from the repository root: python3 examples/inline_game.py
"""

from cpoly.api import deal_table, load_game_text
from cpoly.games.videopoker import VideoPoker

ACES_AND_FACES = """
import "poker.cp"
game "Aces and Faces"
FourFaces = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Jack-King}
FourTwosToTens = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Two-Ten}
categories RoyalFlush, StraightFlush, FourAces, FourFaces, FourTwosToTens, FullHouse, Flush,
           Straight, ThreeOfAKind, TwoPair, JacksOrBetter
paytable "8/5": RoyalFlush 800, StraightFlush 50, FourAces 80, FourFaces 40, FourTwosToTens 25,
                FullHouse 8, Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
"""

game = load_game_text(ACES_AND_FACES, "aces_and_faces.cp")
for row in deal_table(game).rows[2:5]:
    print(f"{row.name:<14} {row.paid_ways:>4,} deals")
poker = VideoPoker.from_game(game)
best = poker.hold(["Kh", "Kd", "Ks", "Jc", "Js"]).best_option
print("Kh Kd Ks Jc Js: hold", " ".join(poker.card_name(c) for c in best.held), f"EV {float(best.ev):.6f}")
