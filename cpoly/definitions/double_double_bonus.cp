// Double Double Bonus Poker: four of a kind paid by its face and by its kicker (the fifth card).
// The standard library (definitions/lib/poker.cp) plus the two low-kicker fours.
// Counts per unordered hand of 52 cards; see docs/language.md and docs/games.md.

import "poker.cp"

game "Double Double Bonus Poker"

// With a low kicker: all five cards in {Ace, Two-Four}.  Four aces then have a 2, 3 or 4 as the
// fifth card, and four 2s-4s have an A, 2, 3 or 4.
LowCards = prod(i in 1..5) δF[i]{Ace,Two-Four}
FourAcesLowKicker = FourAces * LowCards
FourTwosToFoursLowKicker = FourTwosToFours * LowCards

categories RoyalFlush, StraightFlush, FourAcesLowKicker, FourTwosToFoursLowKicker, FourAces,
           FourTwosToFours, FourFivesToKings, FullHouse, Flush, Straight, ThreeOfAKind, TwoPair,
           JacksOrBetter

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
