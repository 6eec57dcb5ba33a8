// Royal Bonus Poker: Jacks or Better with a royal flush of 1,000 per coin, from the standard
// library's categories (definitions/lib/poker.cp).  Counts per unordered hand of 52 cards.

import "poker.cp"

game "Royal Bonus Poker"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind,
           TwoPair, JacksOrBetter
// Among holds of equal EV, keep the fewest cards: the convention of the published rows
// (Wizard of Odds, wizardofodds.com/games/royal-bonus-poker/; 3,492 deals of 9/5 have tied
// best holds, whose rows only this rule reproduces).
tie_rule fewest-cards

// Pays per coin, highest win only; the first table is the default.
paytable "9/5": RoyalFlush 1000, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
