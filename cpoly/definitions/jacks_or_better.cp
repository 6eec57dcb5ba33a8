// Jacks or Better, in the notation of "Chromatic Polynomials 16 – Video Poker": the standard
// library's deck and categories (definitions/lib/poker.cp), a category order and pay tables.
// Counts per unordered hand of 52 cards; see docs/language.md for the language.

import "poker.cp"

game "Jacks or Better"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight,
           ThreeOfAKind, TwoPair, JacksOrBetter

// Pays per coin, highest win only; the first table is the default.
paytable "9/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "8/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 8, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "8/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 8, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "7/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 7, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "6/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 6, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
