// Double Double Bonus Poker: four of a kind paid by its face and by its kicker (the fifth card).
// In the notation of "Chromatic Polynomials 16 – Video Poker"; see docs/language.md and
// docs/games.md.  Counts per unordered hand of 52 cards.

game "Double Double Bonus Poker"

// ---- the deck ----------------------------------------------------------------------
Two = 0
Three = 1
Four = 2
Five = 3
Six = 4
Seven = 5
Eight = 6
Nine = 7
Ten = 8
Jack = 9
Queen = 10
King = 11
Ace = 12
Faces = 13

Heart = 0
Diamond = 1
Club = 2
Spade = 3
Suits = 4

// Card i is (F[i], S[i]); C1F … C5S are the seed's names for the same vertices.
F = σ1-σ5
S = σ6-σ10
C1F = σ1
C2F = σ2
C3F = σ3
C4F = σ4
C5F = σ5
C1S = σ6
C2S = σ7
C3S = σ8
C4S = σ9
C5S = σ10
domain F: Faces
domain S: Suits

// Five different cards: no two cards match in both face and suit.
Hand = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])

// ---- win categories ------------------------------------------------------------------
UniqueFaces = prod(i<j in 1..5) (1 - δF[i],F[j])
OnlyAto5 = prod(i in 1..5) δF[i]{Ace,Two-Five}
OnlyTtoA = prod(i in 1..5) δF[i]{Ten-Ace}
// The ten windows are exclusive once the faces are unique, so + is a safe OR here.
Straight = (OnlyAto5 + sum(w in Two..Ten) prod(i in 1..5) δF[i]{w..w+4}) UniqueFaces
Flush = δ C1S C2S C3S C4S C5S
RoyalFlush = OnlyTtoA * Flush
StraightFlush = Straight * Flush
// Three equal faces and the other two equal: each of the ten triples with its remaining pair
// (five equal faces, possible with five or more suits, match all ten and are no full house).
FullHouse = (δC1F,C2F,C3F δC4F,C5F + δC1F,C2F,C4F δC3F,C5F
             + δC1F,C2F,C5F δC3F,C4F + δC1F,C3F,C4F δC2F,C5F
             + δC1F,C3F,C5F δC2F,C4F + δC1F,C4F,C5F δC2F,C3F
             + δC2F,C3F,C4F δC1F,C5F + δC2F,C3F,C5F δC1F,C4F
             + δC2F,C4F,C5F δC1F,C3F + δC3F,C4F,C5F δC1F,C2F)
           * (1 - δC1F,C2F,C3F,C4F,C5F)
ThreeOfAKind = any(i<j<k in 1..5) δF[i],F[j],F[k]
// Two disjoint pairs: the fifteen ways to pick them.
TwoPair = (1 - (1 - δC1F,C2F δC3F,C4F) * (1 - δC1F,C3F δC2F,C4F)
             * (1 - δC1F,C4F δC2F,C3F) * (1 - δC1F,C2F δC3F,C5F)
             * (1 - δC1F,C3F δC2F,C5F) * (1 - δC1F,C5F δC2F,C3F)
             * (1 - δC1F,C2F δC4F,C5F) * (1 - δC1F,C4F δC2F,C5F)
             * (1 - δC1F,C5F δC2F,C4F) * (1 - δC1F,C3F δC4F,C5F)
             * (1 - δC1F,C4F δC3F,C5F) * (1 - δC1F,C5F δC3F,C4F)
             * (1 - δC2F,C3F δC4F,C5F) * (1 - δC2F,C4F δC3F,C5F)
             * (1 - δC2F,C5F δC3F,C4F))
JacksOrBetter = any(i<j in 1..5) δF[i],F[j]{Jack-King,Ace}

// Four of a kind, split by the face of the four (the value set on the δ is that face).
FourAces = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Ace}
FourTwosToFours = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Two-Four}
FourFivesToKings = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Five-King}
// With a low kicker: all five cards in {Ace, Two-Four}.  Four aces then have a 2, 3 or 4 as the
// fifth card, and four 2s-4s have an A, 2, 3 or 4.
LowCards = prod(i in 1..5) δF[i]{Ace,Two-Four}
FourAcesLowKicker = FourAces * LowCards
FourTwosToFoursLowKicker = FourTwosToFours * LowCards

// ---- the game ------------------------------------------------------------------------
cards F S
deal Hand
categories RoyalFlush, StraightFlush, FourAcesLowKicker, FourTwosToFoursLowKicker, FourAces,
           FourTwosToFours, FourFivesToKings, FullHouse, Flush, Straight, ThreeOfAKind, TwoPair,
           JacksOrBetter
ranks "23456789TJQKA"
suit_letters "hdcs"

// Pays per coin, highest win only; the first table is the default.
// 9/6: 98.9808 % (Wizard of Odds, wizardofodds.com/games/video-poker/tables/double-double-bonus/;
// "98.98 %" also in H. Tamburin, casinocenter.com "A Closer Look At Double Double Bonus Poker").
paytable "9/6": RoyalFlush 800, StraightFlush 50, FourAcesLowKicker 400,
                FourTwosToFoursLowKicker 160, FourAces 160, FourTwosToFours 80,
                FourFivesToKings 50, FullHouse 9, Flush 6, Straight 4, ThreeOfAKind 3,
                TwoPair 1, JacksOrBetter 1
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourAcesLowKicker 400,
                FourTwosToFoursLowKicker 160, FourAces 160, FourTwosToFours 80,
                FourFivesToKings 50, FullHouse 9, Flush 5, Straight 4, ThreeOfAKind 3,
                TwoPair 1, JacksOrBetter 1
