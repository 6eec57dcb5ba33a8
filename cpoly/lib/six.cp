// Six cards (Three Card Poker's 6-Card Bonus: the player's three and the dealer's three): the
// 52-card deck, six cards dealt, and the categories of the best five of the six, each including
// the higher ones (the engine pays the highest listed only).  The forms are seven.cp's over six
// positions: its straights by their highest window, five distinct faces chosen among the cards,
// plan into a few equality patterns (a count in about a second; a form that asks "some card of
// each face" per window costs forty times that).
// Standard library of cpoly (docs/language.md, "Imports"): import "six.cp".

import "values.cp"

F = σ1-σ6
S = σ7-σ12
domain F: Faces
domain S: Suits

// Six different cards: no two cards match in both face and suit.
DistinctCards = prod(i<j in 1..6) (1 - δF[i],F[j] δS[i],S[j])
Hand = DistinctCards

cards F S
deal Hand

OnePair = any(i<j in 1..6) δF[i],F[j]
// Two pairs of different faces (the pair with the smaller first card first).
TwoPair = any(i<j in 1..6) any(k<l in i+1..6) (δF[i],F[j] δF[k],F[l] (1 - δF[i],F[k]))
ThreeOfAKind = any(i<j<k in 1..6) δF[i],F[j],F[k]
// Three of a kind and two pairs of different faces: the trips and a pair of another face.
FullHouse = ThreeOfAKind * TwoPair
FourOfAKind = any(i<j<k<l in 1..6) δF[i],F[j],F[k],F[l]
Flush = any(i<j<k<l<m in 1..6) δS[i],S[j],S[k],S[l],S[m]

// Straights, counted by their highest window (so the terms are exclusive and + is a safe OR):
// five cards of different faces inside the window w..w+4 and no card of face w+5 (with six
// cards no two disjoint windows are filled, so a filled window whose next face is missing is
// the highest one); Ten-Ace has no higher window; the wheel (Ace low) needs no Six.
Straight = sum(w in Two..Nine) (any(i<j<k<l<m in 1..6) (δF[i]{w..w+4} δF[j]{w..w+4} δF[k]{w..w+4} δF[l]{w..w+4} δF[m]{w..w+4}
                                                        (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
                                * prod(x in 1..6) (1 - δF[x]{w+5}))
           + any(i<j<k<l<m in 1..6) (δF[i]{Ten-Ace} δF[j]{Ten-Ace} δF[k]{Ten-Ace} δF[l]{Ten-Ace} δF[m]{Ten-Ace}
                                     (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
           + any(i<j<k<l<m in 1..6) (δF[i]{Ace,Two-Five} δF[j]{Ace,Two-Five} δF[k]{Ace,Two-Five} δF[l]{Ace,Two-Five} δF[m]{Ace,Two-Five}
                                     (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
             * prod(x in 1..6) (1 - δF[x]{Six})

// Straight flushes the same way, inside one suit: five suited cards of different faces in the
// window and not the card of face w+5 in their suit.  The five cards are the window's cards of
// that suit, so for one window at most one choice of five positions matches (a sum).
RoyalFlush = sum(i<j<k<l<m in 1..6) (δS[i],S[j],S[k],S[l],S[m] δF[i]{Ten-Ace} δF[j]{Ten-Ace} δF[k]{Ten-Ace} δF[l]{Ten-Ace} δF[m]{Ten-Ace}
                                     (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
StraightFlush = sum(w in Two..Nine) sum(i<j<k<l<m in 1..6) (δS[i],S[j],S[k],S[l],S[m] δF[i]{w..w+4} δF[j]{w..w+4} δF[k]{w..w+4} δF[l]{w..w+4} δF[m]{w..w+4}
                                                           (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m])
                                                           * prod(x in 1..6) (1 - δF[x]{w+5} δS[x],S[i]))
                + RoyalFlush
                + sum(i<j<k<l<m in 1..6) (δS[i],S[j],S[k],S[l],S[m] δF[i]{Ace,Two-Five} δF[j]{Ace,Two-Five} δF[k]{Ace,Two-Five} δF[l]{Ace,Two-Five} δF[m]{Ace,Two-Five}
                                          (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m])
                                          * prod(x in 1..6) (1 - δF[x]{Six} δS[x],S[i]))
// Every hand has a high card at least (Hand is 1 on every deal).
HighCard = Hand
