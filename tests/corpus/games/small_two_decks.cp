// The corpus' small two-deck game: tests/fixtures/small_poker.cp's 18 cards (Nine..Ace in
// three suits) dealt from two decks ('copies 2', 36 physical cards), so that a two-deck
// `cpoly hold` and `cpoly analyze` take a second (definitions/double_deck_jacks.cp's take ~9 s).
Nine = 0
Ten = 1
Jack = 2
Queen = 3
King = 4
Ace = 5
Faces = 6
Suits = 3

F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits

// two copies of each card: no three identical cards
Hand = prod(i<j<k in 1..5) (1 - δF[i],F[j],F[k] δS[i],S[j],S[k])
UniqueFaces = prod(i<j in 1..5) (1 - δF[i],F[j])
Flush = δ S[1] S[2] S[3] S[4] S[5]
Straight = (sum(w in Nine..Ten) prod(i in 1..5) δF[i]{w..w+4}) UniqueFaces
StraightFlush = Straight * Flush
FiveOfAKind = δF[1],F[2],F[3],F[4],F[5]
FourOfAKind = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]
ThreeOfAKind = any(i<j<k in 1..5) δF[i],F[j],F[k]
TwoPair = any(i<j in 1..5) any(k<l in 1..5) (δF[i],F[j] δF[k],F[l] (1 - δi,k) (1 - δi,l) (1 - δj,k) (1 - δj,l))
JacksOrBetter = any(i<j in 1..5) δF[i],F[j]{Jack-Ace}

cards F S
copies 2
deal Hand
categories FiveOfAKind, StraightFlush, FourOfAKind, Flush, Straight, ThreeOfAKind, TwoPair, JacksOrBetter
ranks "9TJQKA"
suit_letters "hdc"
paytable "flat": FiveOfAKind 100, StraightFlush 50, FourOfAKind 25, Flush 6, Straight 4, ThreeOfAKind 3,
                 TwoPair 2, JacksOrBetter 1
