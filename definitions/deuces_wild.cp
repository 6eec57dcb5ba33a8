// Deuces Wild: Jacks-or-Better's deck and deal, all four deuces wild.
// In the notation of "Chromatic Polynomials 16 – Video Poker"; see docs/language.md and
// docs/games.md.  Counts per unordered hand of 52 cards.
//
// A deuce stands for any card, so every category below says "the hand can be completed to …":
// the deuces are left out of every face and suit comparison, and a deuce lies inside every
// straight window and every "face w" set.  Unions of overlapping terms use any(…), never +.

game "Deuces Wild"

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

F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits

// Five different cards.
Hand = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])

// ---- helpers: the naturals (the cards that are not deuces) ---------------------------------
// Card i is wild when δF[i]{Two}; natural when (1 - δF[i]{Two}).
NoDeuce = prod(i in 1..5) (1 - δF[i]{Two})
// No two naturals share a face (deuces may: δF[i],F[j]{Three-Ace} only fires on naturals).
NaturalsDistinct = prod(i<j in 1..5) (1 - δF[i],F[j]{Three-Ace})
// Every two naturals have the same suit; a deuce takes whatever suit the flush needs.
NaturalsSuited = prod(i<j in 1..5) (1 - (1 - δF[i]{Two}) (1 - δF[j]{Two}) (1 - δS[i],S[j]))

// ---- win categories (each including the higher wins) ---------------------------------
// Counting speed: every distinct value set (literal) refines the face classes the engine counts
// with, and an OR (any, 1 - prod(1 - …)) of terms with different literals multiplies out.  So
// the definitions below use only the literals {Two}, {Three-Ace}, {Ten-Ace}, {Two,Ten-Ace} in
// ORs, and the straight is an exclusive sum (each term counted with its own literals).

// Two cards "match" when their faces are equal or either is a deuce:
//     1 - (1 - δF[i],F[j]) (1 - δF[i]{Two}) (1 - δF[j]{Two})
// k cards match pairwise exactly when their naturals share one face (the deuces take it).
FiveOfAKind = prod(i<j in 1..5) (1 - (1 - δF[i],F[j]) (1 - δF[i]{Two}) (1 - δF[j]{Two}))
FourOfAKind = any(i<j<k<l in 1..5) ((1 - (1 - δF[i],F[j]) (1 - δF[i]{Two}) (1 - δF[j]{Two}))
                                    (1 - (1 - δF[i],F[k]) (1 - δF[i]{Two}) (1 - δF[k]{Two}))
                                    (1 - (1 - δF[i],F[l]) (1 - δF[i]{Two}) (1 - δF[l]{Two}))
                                    (1 - (1 - δF[j],F[k]) (1 - δF[j]{Two}) (1 - δF[k]{Two}))
                                    (1 - (1 - δF[j],F[l]) (1 - δF[j]{Two}) (1 - δF[l]{Two}))
                                    (1 - (1 - δF[k],F[l]) (1 - δF[k]{Two}) (1 - δF[l]{Two})))
ThreeOfAKind = any(i<j<k in 1..5) ((1 - (1 - δF[i],F[j]) (1 - δF[i]{Two}) (1 - δF[j]{Two}))
                                   (1 - (1 - δF[i],F[k]) (1 - δF[i]{Two}) (1 - δF[k]{Two}))
                                   (1 - (1 - δF[j],F[k]) (1 - δF[j]{Two}) (1 - δF[k]{Two})))
FourDeuces = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Two}
// Full house: the naturals show at most two faces (no three naturals of three different faces)
// and, when there is no deuce, they are not four of one face plus a kicker (four of a kind).
AtMostTwoFaces = prod(i<j<k in 1..5) (1 - (1 - δF[i]{Two}) (1 - δF[j]{Two}) (1 - δF[k]{Two})
                                          (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[j],F[k]))
NaturalFour = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]
FullHouse = AtMostTwoFaces * (1 - NoDeuce * NaturalFour)

// Straight: distinct naturals inside one five-face window, the deuces filling the gaps.  The
// windows overlap once deuces are in them (9 T J Q + deuce fits 8-Q and 9-K), so the sum is
// over the lowest natural m instead, which makes its terms exclusive:
//   m = Three..Ten: every card a deuce or in m..m+4, and some card is m;
//   lowest natural Jack or higher: every card a deuce or in Jack..Ace (inside T-A);
//   ace low: an ace, some natural in Three..Five, every card a deuce, an ace or in Three..Five.
Straight = NaturalsDistinct
           * (sum(m in Three..Ten) (prod(i in 1..5) δF[i]{Two,m..m+4}
                                     * (1 - prod(i in 1..5) (1 - δF[i]{m})))
              + prod(i in 1..5) δF[i]{Two,Jack-Ace}
              + prod(i in 1..5) δF[i]{Two,Three-Five,Ace}
                * (1 - prod(i in 1..5) (1 - δF[i]{Ace}))
                * (1 - prod(i in 1..5) (1 - δF[i]{Three-Five})))
Flush = NaturalsSuited
StraightFlush = Straight * Flush
// Natural royal: T J Q K A of one suit, no deuce (Ten-Ace leaves Two out).
NaturalRoyalFlush = prod(i in 1..5) δF[i]{Ten-Ace} * NaturalsDistinct * NaturalsSuited
// Wild royal: the naturals are distinct, suited and between Ten and Ace; deuces fill the rest
// (it includes the natural royal, which pays more and comes first).
WildRoyalFlush = prod(i in 1..5) δF[i]{Two,Ten-Ace} * NaturalsDistinct * NaturalsSuited

// ---- the game ------------------------------------------------------------------------
cards F S
deal Hand
categories NaturalRoyalFlush, FourDeuces, WildRoyalFlush, FiveOfAKind, StraightFlush,
           FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind
ranks "23456789TJQKA"
suit_letters "hdcs"

// Pays per coin, highest win only; the first table is the default.
// Sources (Wizard of Odds, wizardofodds.com/games/video-poker/tables/deuces-wild/ and
// …/strategy/deuces-wild/not-so-ugly-ducks/):
//   "full pay"  800-200-25-15-9-5-3-2-2-1   100.7620 %  (also ../shared/reference/published_figures.md)
//   "NSU"       800-200-25-16-10-4-4-3-2-1   99.7278 %  ("Not So Ugly Ducks")
//   "44"        800-200-25-15-11-4-4-3-2-1   99.9569 %  (the table Wizard of Odds lists as 99.96 %)
paytable "full pay": NaturalRoyalFlush 800, FourDeuces 200, WildRoyalFlush 25, FiveOfAKind 15,
                     StraightFlush 9, FourOfAKind 5, FullHouse 3, Flush 2, Straight 2,
                     ThreeOfAKind 1
paytable "NSU": NaturalRoyalFlush 800, FourDeuces 200, WildRoyalFlush 25, FiveOfAKind 16,
                StraightFlush 10, FourOfAKind 4, FullHouse 4, Flush 3, Straight 2,
                ThreeOfAKind 1
paytable "44": NaturalRoyalFlush 800, FourDeuces 200, WildRoyalFlush 25, FiveOfAKind 15,
               StraightFlush 11, FourOfAKind 4, FullHouse 4, Flush 3, Straight 2,
               ThreeOfAKind 1
