// Ultimate X on 8/6 Jacks or Better, single line: with the bet doubled, a paying hand sets the
// multiplier of the next hand (any other hand: 1x).  Figures to reach (Wizard of Odds): 98.57 %
// per doubled bet; time at each multiplier 1x 56.29 %, 2x 19.93 %, 3x 12.53 %, 4x 7.24 %,
// 7x 1.38 %, 10x 1.50 %, 12x 1.13 %.

import "jacks_or_better.cp"

game "Ultimate X Jacks or Better"
paytable "8/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 8, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature ultimate_x "1-play": lines 1, bet 2,
        multipliers (RoyalFlush 2, StraightFlush 2, FourOfAKind 2, FullHouse 12, Flush 10,
                     Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)
