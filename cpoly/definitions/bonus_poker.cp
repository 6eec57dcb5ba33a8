// Bonus Poker: Jacks or Better with four of a kind paid by its face (aces, 2-4, 5-K), all from
// the standard library (definitions/lib/poker.cp).  Counts per unordered hand of 52 cards.

import "poker.cp"

game "Bonus Poker"
categories RoyalFlush, StraightFlush, FourAces, FourTwosToFours, FourFivesToKings, FullHouse,
           Flush, Straight, ThreeOfAKind, TwoPair, JacksOrBetter

// Pays per coin, highest win only; the first table is the default.
// 8/5: 99.1660 % (Wizard of Odds, wizardofodds.com/games/video-poker/tables/bonus-poker/,
// the "8/5 Bonus Poker - 99.17%" return table); 7/5 and 6/5 lower the full house.
paytable "8/5": RoyalFlush 800, StraightFlush 50, FourAces 80, FourTwosToFours 40,
                FourFivesToKings 25, FullHouse 8, Flush 5, Straight 4, ThreeOfAKind 3,
                TwoPair 2, JacksOrBetter 1
paytable "7/5": RoyalFlush 800, StraightFlush 50, FourAces 80, FourTwosToFours 40,
                FourFivesToKings 25, FullHouse 7, Flush 5, Straight 4, ThreeOfAKind 3,
                TwoPair 2, JacksOrBetter 1
paytable "6/5": RoyalFlush 800, StraightFlush 50, FourAces 80, FourTwosToFours 40,
                FourFivesToKings 25, FullHouse 6, Flush 5, Straight 4, ThreeOfAKind 3,
                TwoPair 2, JacksOrBetter 1
