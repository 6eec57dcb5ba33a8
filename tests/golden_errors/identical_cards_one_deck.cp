// expect: 7:6: the deal admits hands with two identical cards (558,025 of its 3,156,985 hands)
import "poker.cp"
game "Two decks without copies"
// The seed's two-deck hand ("no three identical cards") on a deck with one copy of each card:
// counted 3,156,985 'hands' of 52 cards with exit 0.
override Hand = prod(i<j<k in 1..5) (1 - δF[i],F[j],F[k] δS[i],S[j],S[k])
deal Hand
categories Flush
paytable "x": Flush 5
