// Sequential Royal: 9/6 Jacks or Better whose royal flush pays 10,000 per coin instead of 800
// when its cards lie in order T-J-Q-K-A from left to right (the seed's "Ordered hands").
// The deal space is ordered ('ordered'): counts are of ordered deals, never divided by 5!, and
// optimal play is order-aware: drawn cards fill the discarded positions, so holding a royal card
// at its sequential position keeps the 10,000 alive (docs/games.md, "Sequential Royal").

import "poker.cp"

game "Sequential Royal Jacks or Better"
// The seed's OrderedStraightTtoA, with the flush: position i holds the i-th card of the royal.
SequentialRoyal = δC1F,Ten * δC2F,Jack * δC3F,Queen * δC4F,King * δC5F,Ace * Flush
ordered
categories SequentialRoyal, RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight,
           ThreeOfAKind, TwoPair, JacksOrBetter

// Pays per coin, highest win only: the six Jacks or Better tables with the sequential royal.
paytable "9/6": SequentialRoyal 10000, RoyalFlush 800, StraightFlush 50, FourOfAKind 25,
                FullHouse 9, Flush 6, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "9/5": SequentialRoyal 10000, RoyalFlush 800, StraightFlush 50, FourOfAKind 25,
                FullHouse 9, Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "8/6": SequentialRoyal 10000, RoyalFlush 800, StraightFlush 50, FourOfAKind 25,
                FullHouse 8, Flush 6, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "8/5": SequentialRoyal 10000, RoyalFlush 800, StraightFlush 50, FourOfAKind 25,
                FullHouse 8, Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "7/5": SequentialRoyal 10000, RoyalFlush 800, StraightFlush 50, FourOfAKind 25,
                FullHouse 7, Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
paytable "6/5": SequentialRoyal 10000, RoyalFlush 800, StraightFlush 50, FourOfAKind 25,
                FullHouse 6, Flush 5, Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
