// Joker Poker (Kings or Better): 52 cards and one joker, which is wild.
// In the notation of "Chromatic Polynomials 16 – Video Poker"; see docs/language.md and
// docs/games.md.  Counts per unordered hand of 53 cards.
//
// The joker, the seed's way ("Variations: Jokers"): an extra face Joker = 13, allowed in the
// Heart suit only, so the deck has one joker card, written Xh.
//
// How the joker counts (every category says "the hand can be completed to …"):
//   * it stands for any card, so it is left out of every face and suit comparison and lies in
//     every straight window;
//   * a royal flush that uses the joker is a wild royal (pays 100), never a natural royal:
//     NaturalRoyalFlush only admits Ten..Ace;
//   * four of a kind plus the joker is five of a kind;
//   * the joker with a king or an ace is a pair of kings or better;
//   * the joker with a pair makes three of a kind (so also two pair).

game "Joker Poker"

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
Joker = 13
Faces = 14

Heart = 0
Diamond = 1
Club = 2
Spade = 3
Suits = 4

F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits

// Five different cards, and a joker only in the Heart suit (one joker in the deck).
Hand = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])
       * prod(i in 1..5) (1 - δF[i],Joker δS[i]{Diamond-Spade})

// ---- helpers -----------------------------------------------------------------------------
// Card i is the joker when δF[i]{Joker}; there is at most one, so equal faces are naturals.
HasJoker = 1 - prod(i in 1..5) (1 - δF[i]{Joker})
UniqueFaces = prod(i<j in 1..5) (1 - δF[i],F[j])
// Every two naturals have the same suit; the joker takes whatever suit the flush needs.
NaturalsSuited = prod(i<j in 1..5) (1 - (1 - δF[i]{Joker}) (1 - δF[j]{Joker}) (1 - δS[i],S[j]))
AnyPair = any(i<j in 1..5) δF[i],F[j]
Trips = any(i<j<k in 1..5) δF[i],F[j],F[k]
Quads = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]
// Two disjoint pairs of naturals (also matches a full house and four of a kind).
NaturalTwoPair = any(i<j in 1..5) any(k<l in 1..5) (δF[i],F[j] δF[k],F[l]
                                                    (1 - δi,k) (1 - δi,l) (1 - δj,k) (1 - δj,l))

// ---- win categories (each including the higher wins) ---------------------------------
NaturalRoyalFlush = prod(i in 1..5) δF[i]{Ten-Ace} * UniqueFaces * δ S[1] S[2] S[3] S[4] S[5]
WildRoyalFlush = prod(i in 1..5) δF[i]{Ten-Ace,Joker} * UniqueFaces * NaturalsSuited
FiveOfAKind = HasJoker * Quads
FourOfAKind = 1 - (1 - Quads) (1 - HasJoker * Trips)
ThreeOfAKind = 1 - (1 - Trips) (1 - HasJoker * AnyPair)
TwoPair = 1 - (1 - NaturalTwoPair) (1 - HasJoker * AnyPair)
// Full house: the naturals show at most two faces (no three naturals of three different faces)
// and, without the joker, they are not four of one face plus a kicker.
AtMostTwoFaces = prod(i<j<k in 1..5) (1 - (1 - δF[i]{Joker}) (1 - δF[j]{Joker}) (1 - δF[k]{Joker})
                                          (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[j],F[k]))
FullHouse = AtMostTwoFaces * (1 - (1 - HasJoker) * Quads)
// Straight: distinct faces inside one five-face window, the joker filling the gap.  With the
// joker the windows overlap, so the sum is over the lowest natural m, which makes it exclusive:
//   m = Two..Ten: every card the joker or in m..m+4, and some card is m;
//   lowest natural Jack or higher: every card the joker or in Jack..Ace (inside T-A);
//   ace low: an ace, some natural in Two..Five, every card the joker, an ace or in Two..Five.
Straight = UniqueFaces
           * (sum(m in Two..Ten) (prod(i in 1..5) δF[i]{Joker,m..m+4}
                                   * (1 - prod(i in 1..5) (1 - δF[i]{m})))
              + prod(i in 1..5) δF[i]{Joker,Jack-Ace}
              + prod(i in 1..5) δF[i]{Joker,Two-Five,Ace}
                * (1 - prod(i in 1..5) (1 - δF[i]{Ace}))
                * (1 - prod(i in 1..5) (1 - δF[i]{Two-Five})))
Flush = NaturalsSuited
StraightFlush = Straight * Flush
// A pair of kings or aces, the joker pairing with any king or ace (the three terms exclude
// each other for one pair of positions, so + is a safe OR inside any).
KingsOrBetter = any(i<j in 1..5) (δF[i],F[j]{King,Ace} + δF[i]{Joker} δF[j]{King,Ace}
                                  + δF[j]{Joker} δF[i]{King,Ace})

// ---- the game ------------------------------------------------------------------------
cards F S
deal Hand
categories NaturalRoyalFlush, FiveOfAKind, WildRoyalFlush, StraightFlush, FourOfAKind,
           FullHouse, Flush, Straight, ThreeOfAKind, TwoPair, KingsOrBetter
ranks "23456789TJQKAX"
suit_letters "hdcs"

// Pays per coin, highest win only; the first table is the default.
// "20/7/5" full pay, 100.65 % (rkcryr "Jokers Wild Machines" full-payout table, 5-coin pays
// 4000-1000-500-250-100-35-25-15-10-5-5 = 100.65 %; Wizard of Vegas "Joker Poker Kings or
// Better": 100.64 %).  "17/7/5": four of a kind 17 (optimalgambling.com pay table).
paytable "20/7/5": NaturalRoyalFlush 800, FiveOfAKind 200, WildRoyalFlush 100, StraightFlush 50,
                   FourOfAKind 20, FullHouse 7, Flush 5, Straight 3, ThreeOfAKind 2, TwoPair 1,
                   KingsOrBetter 1
paytable "17/7/5": NaturalRoyalFlush 800, FiveOfAKind 200, WildRoyalFlush 100, StraightFlush 50,
                   FourOfAKind 17, FullHouse 7, Flush 5, Straight 3, ThreeOfAKind 2, TwoPair 1,
                   KingsOrBetter 1
