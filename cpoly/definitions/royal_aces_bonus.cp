// Royal Aces Bonus Poker: Bonus Poker with four aces paid as a royal and a pair of aces the
// lowest win (no other pair pays), all from the standard library (definitions/lib/poker.cp).
// Counts per unordered hand of 52 cards; see docs/videopoker.md.

import "poker.cp"

game "Royal Aces Bonus Poker"
PairOfAces = any(i<j in 1..5) δF[i],F[j]{Ace}
categories RoyalFlush, StraightFlush, FourAces, FourTwosToFours, FourFivesToKings, FullHouse,
           Flush, Straight, ThreeOfAKind, TwoPair, PairOfAces
// Among holds of equal EV, keep the fewest cards: the convention of the published rows
// (Wizard of Odds, wizardofodds.com/games/video-poker/tables/royal-aces-bonus-poker/; 10-5 has
// 15,372 deals with tied best holds, whose rows only this rule reproduces).
tie_rule fewest-cards

// Pays per coin, highest win only; the first table is the default.
paytable "10-5": RoyalFlush 800, StraightFlush 100, FourAces 800, FourTwosToFours 80,
                 FourFivesToKings 50, FullHouse 10, Flush 5, Straight 4, ThreeOfAKind 3,
                 TwoPair 1, PairOfAces 1
paytable "9-5": RoyalFlush 800, StraightFlush 100, FourAces 800, FourTwosToFours 80,
                FourFivesToKings 50, FullHouse 9, Flush 5, Straight 4, ThreeOfAKind 3,
                TwoPair 1, PairOfAces 1
