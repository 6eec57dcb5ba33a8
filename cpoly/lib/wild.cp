// Wild-card categories: every card of face Wild stands for any card.  The game (or jokers.cp)
// defines Wild, the wild face, and LowNatural, the lowest face that is not wild (the naturals
// are LowNatural..Ace).  Each category says "the hand can be completed to …": the wild cards are
// left out of every face and suit comparison and lie in every straight window.  Unions of
// overlapping terms use any(…), never +.  Standard library: import "wild.cp".

import "deck.cp"

NoWild = prod(i in 1..5) (1 - δF[i]{Wild})
HasWild = 1 - NoWild
// No two naturals share a face; every two naturals have the same suit.
NaturalsDistinct = prod(i<j in 1..5) (1 - δF[i],F[j]{LowNatural-Ace})
NaturalsSuited = prod(i<j in 1..5) (1 - (1 - δF[i]{Wild}) (1 - δF[j]{Wild}) (1 - δS[i],S[j]))
NaturalPair = any(i<j in 1..5) δF[i],F[j]
NaturalFour = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]
// Two disjoint pairs of naturals (also matches a full house and four of a kind).
NaturalTwoPair = any(i<j in 1..5) any(k<l in 1..5) (δF[i],F[j] δF[k],F[l]
                                                    (1 - δi,k) (1 - δi,l) (1 - δj,k) (1 - δj,l))

// Two cards "match" when their faces are equal or either is wild; k cards match pairwise
// exactly when their naturals share one face (the wild cards take it).
FiveOfAKind = prod(i<j in 1..5) (1 - (1 - δF[i],F[j]) (1 - δF[i]{Wild}) (1 - δF[j]{Wild}))
FourOfAKind = any(i<j<k<l in 1..5) ((1 - (1 - δF[i],F[j]) (1 - δF[i]{Wild}) (1 - δF[j]{Wild}))
                                    (1 - (1 - δF[i],F[k]) (1 - δF[i]{Wild}) (1 - δF[k]{Wild}))
                                    (1 - (1 - δF[i],F[l]) (1 - δF[i]{Wild}) (1 - δF[l]{Wild}))
                                    (1 - (1 - δF[j],F[k]) (1 - δF[j]{Wild}) (1 - δF[k]{Wild}))
                                    (1 - (1 - δF[j],F[l]) (1 - δF[j]{Wild}) (1 - δF[l]{Wild}))
                                    (1 - (1 - δF[k],F[l]) (1 - δF[k]{Wild}) (1 - δF[l]{Wild})))
ThreeOfAKind = any(i<j<k in 1..5) ((1 - (1 - δF[i],F[j]) (1 - δF[i]{Wild}) (1 - δF[j]{Wild}))
                                   (1 - (1 - δF[i],F[k]) (1 - δF[i]{Wild}) (1 - δF[k]{Wild}))
                                   (1 - (1 - δF[j],F[k]) (1 - δF[j]{Wild}) (1 - δF[k]{Wild})))
// With at most one wild card (a joker): two natural pairs, or the wild card and a pair.
TwoPair = 1 - (1 - NaturalTwoPair) (1 - HasWild * NaturalPair)
// Full house: the naturals show at most two faces (no three naturals of three different faces)
// and, with no wild card, they are not four of one face plus a kicker.
AtMostTwoFaces = prod(i<j<k in 1..5) (1 - (1 - δF[i]{Wild}) (1 - δF[j]{Wild}) (1 - δF[k]{Wild})
                                          (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[j],F[k]))
FullHouse = AtMostTwoFaces * (1 - NoWild * NaturalFour)

// Straight: distinct naturals inside one five-face window, the wild cards filling the gaps.
// The windows overlap once wild cards are in them, so the sum is over the lowest natural m,
// which makes its terms exclusive:
//   m = LowNatural..Ten: every card wild or in m..m+4, and some card is m;
//   lowest natural Jack or higher: every card wild or in Jack..Ace (inside T-A);
//   ace low: an ace, some natural in LowNatural..Five, every card wild, an ace or in LowNatural..Five.
Straight = NaturalsDistinct
           * (sum(m in LowNatural..Ten) (prod(i in 1..5) δF[i]{Wild,m..m+4}
                                          * (1 - prod(i in 1..5) (1 - δF[i]{m})))
              + prod(i in 1..5) δF[i]{Wild,Jack-Ace}
              + prod(i in 1..5) δF[i]{Wild,LowNatural-Five,Ace}
                * (1 - prod(i in 1..5) (1 - δF[i]{Ace}))
                * (1 - prod(i in 1..5) (1 - δF[i]{LowNatural-Five})))
Flush = NaturalsSuited
StraightFlush = Straight * Flush
// Natural royal: T J Q K A of one suit, no wild card; wild royal: the naturals are distinct,
// suited and between Ten and Ace, wild cards fill the rest (it includes the natural royal).
NaturalRoyalFlush = prod(i in 1..5) δF[i]{Ten-Ace} * NaturalsDistinct * NaturalsSuited
WildRoyalFlush = prod(i in 1..5) δF[i]{Wild,Ten-Ace} * NaturalsDistinct * NaturalsSuited
