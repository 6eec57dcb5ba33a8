// Jacks or Better dealt from two 52-card decks (104 physical cards), in the notation of
// "Chromatic Polynomials 16 – Video Poker" (section "Variations": two decks).
// Counts are per unordered hand of physical cards: 'copies 2' weighs each hand of card values
// by the number of ways to deal it from the two decks (see docs/language.md).
// A natural five of a kind exists (five cards of one face, e.g. Ah Ah Ad Ac Cs… of two decks);
// it gets its own category, paid 100 per coin (our choice: no published two-deck table has it).

import "poker.cp"

game "Double-deck Jacks or Better"
copies 2
// The seed's two-deck hand: no three identical cards (two copies of each card).
override Hand = prod(i<j<k in 1..5) (1 - δF[i],F[j],F[k] δS[i],S[j],S[k])
// With two decks a flush may repeat a face (Ah Ah Kh Qh Jh), so the royal needs UniqueFaces.
override RoyalFlush = OnlyTtoA * UniqueFaces * Flush
FiveOfAKind = δF[1],F[2],F[3],F[4],F[5]
// Five of a kind matches several triple-plus-pair terms, so they are joined by OR (any).
override FullHouse = any(i<j<k in 1..5) (δF[i],F[j],F[k]
                                         * any(l<m in 1..5) (δF[l],F[m] (1 - δl,i) (1 - δl,j)
                                                             (1 - δl,k) (1 - δm,i) (1 - δm,j) (1 - δm,k)))

categories RoyalFlush, FiveOfAKind, StraightFlush, FourOfAKind, FullHouse, Flush, Straight,
           ThreeOfAKind, TwoPair, JacksOrBetter

// Pays per coin, highest win only; the first table is the default.
paytable "9/6": RoyalFlush 800, FiveOfAKind 100, StraightFlush 50, FourOfAKind 25, FullHouse 9,
                Flush 6, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "8/5": RoyalFlush 800, FiveOfAKind 100, StraightFlush 50, FourOfAKind 25, FullHouse 8,
                Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
