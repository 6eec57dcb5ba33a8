// Six cards (Three Card Poker's 6-Card Bonus: the player's three and the dealer's three): the
// 52-card deck, six cards dealt, and the categories of the best five of the six, each including
// the higher ones (the engine pays the highest listed only).
// Standard library of cpoly (docs/language.md, "Imports"): import "six.cp".

import "values.cp"

F = σ1-σ6
S = σ7-σ12
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..6) (1 - δF[i],F[j] δS[i],S[j])
cards F S
deal Hand

ThreeOfAKind = any(i<j<k in 1..6) δF[i],F[j],F[k]
// Two pairs of different faces (two sets of three are two such pairs).
TwoPair = any(i<j in 1..6) any(k<l in i+1..6) (δF[i],F[j] δF[k],F[l] (1 - δF[i],F[k]))
FullHouse = ThreeOfAKind * TwoPair
FourOfAKind = any(i<j<k<l in 1..6) δF[i],F[j],F[k],F[l]
Flush = any(i<j<k<l<m in 1..6) δS[i],S[j],S[k],S[l],S[m]
// Straights by their highest window, so that the terms are exclusive and + is a safe OR: every
// face of the window w..w+4 among the six cards and no card of face w+5 (six cards cannot fill
// two disjoint windows); Ten-Ace has no higher window; the wheel (A-2-3-4-5, the ace low) no Six.
Straight = sum(w in Two..Nine) ((prod(f in w..w+4) any(i in 1..6) δF[i]{f}) * prod(i in 1..6) (1 - δF[i]{w+5}))
           + prod(f in Ten..Ace) any(i in 1..6) δF[i]{f}
           + (prod(f in Two..Five) any(i in 1..6) δF[i]{f}) * any(i in 1..6) δF[i]{Ace} * prod(i in 1..6) (1 - δF[i]{Six})
// Straight flushes the same way, in the suit of some card s (one suit holds at most one
// straight flush of six cards, so any() over s is exact).
StraightFlush = any(s in 1..6) (sum(w in Two..Nine) ((prod(f in w..w+4) any(i in 1..6) (δF[i]{f} δS[i],S[s]))
                                                     * prod(i in 1..6) (1 - δF[i]{w+5} δS[i],S[s]))
                                + prod(f in Ten..Ace) any(i in 1..6) (δF[i]{f} δS[i],S[s])
                                + (prod(f in Two..Five) any(i in 1..6) (δF[i]{f} δS[i],S[s]))
                                  * any(i in 1..6) (δF[i]{Ace} δS[i],S[s]) * prod(i in 1..6) (1 - δF[i]{Six} δS[i],S[s]))
RoyalFlush = any(s in 1..6) prod(f in Ten..Ace) any(i in 1..6) (δF[i]{f} δS[i],S[s])
