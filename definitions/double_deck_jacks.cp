// Jacks or Better dealt from two 52-card decks (104 physical cards), in the notation of
// "Chromatic Polynomials 16 – Video Poker" (section "Variations": two decks).
// Counts are per unordered hand of physical cards: 'copies 2' weighs each hand of card values
// by the number of ways to deal it from the two decks (see docs/language.md).
// A natural five of a kind exists (five cards of one face, e.g. Ah Ah Ad Ac Cs… of two decks);
// it gets its own category, paid 100 per coin (our choice: no published two-deck table has it).

game "Double-deck Jacks or Better"

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

// The seed's two-deck hand: no three identical cards (two copies of each card).
Hand = prod(i<j<k in 1..5) (1 - δF[i],F[j],F[k] δS[i],S[j],S[k])

// ---- win categories ------------------------------------------------------------------
UniqueFaces = prod(i<j in 1..5) (1 - δF[i],F[j])
OnlyAto5 = prod(i in 1..5) δF[i]{Ace,Two-Five}
OnlyTtoA = prod(i in 1..5) δF[i]{Ten-Ace}
// The ten windows are exclusive once the faces are unique, so + is a safe OR here.
Straight = (OnlyAto5 + sum(w in Two..Ten) prod(i in 1..5) δF[i]{w..w+4}) UniqueFaces
Flush = δ C1S C2S C3S C4S C5S
// With two decks a flush may repeat a face (Ah Ah Kh Qh Jh), so the royal needs UniqueFaces.
RoyalFlush = OnlyTtoA * UniqueFaces * Flush
StraightFlush = Straight * Flush
FiveOfAKind = δF[1],F[2],F[3],F[4],F[5]
FourOfAKind = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]
// Three equal faces and the other two equal. With two decks five of a kind matches several
// triple-plus-pair terms, so they are joined by OR (any), not by +.
FullHouse = 1 - (1 - δC1F,C2F,C3F δC4F,C5F) * (1 - δC1F,C2F,C4F δC3F,C5F)
              * (1 - δC1F,C2F,C5F δC3F,C4F) * (1 - δC1F,C3F,C4F δC2F,C5F)
              * (1 - δC1F,C3F,C5F δC2F,C4F) * (1 - δC1F,C4F,C5F δC2F,C3F)
              * (1 - δC2F,C3F,C4F δC1F,C5F) * (1 - δC2F,C3F,C5F δC1F,C4F)
              * (1 - δC2F,C4F,C5F δC1F,C3F) * (1 - δC3F,C4F,C5F δC1F,C2F)
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

// With identical cards in a hand, a flush or a straight may hold a pair: UniqueFaces keeps
// straights to five different faces, and a flush is any five cards of one suit.

// ---- the game ------------------------------------------------------------------------
cards F S
deal Hand
copies 2
categories RoyalFlush, FiveOfAKind, StraightFlush, FourOfAKind, FullHouse, Flush, Straight,
           ThreeOfAKind, TwoPair, JacksOrBetter
ranks "23456789TJQKA"
suit_letters "hdcs"

// Pays per coin, highest win only; the first table is the default.
paytable "9/6": RoyalFlush 800, FiveOfAKind 100, StraightFlush 50, FourOfAKind 25, FullHouse 9,
                Flush 6, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "8/5": RoyalFlush 800, FiveOfAKind 100, StraightFlush 50, FourOfAKind 25, FullHouse 8,
                Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
