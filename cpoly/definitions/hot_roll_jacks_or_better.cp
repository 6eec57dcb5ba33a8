// Hot Roll on 9/6 Jacks or Better: for a doubled bet (extra_bet 1), with chance 1/6 a roll of two
// dice multiplies the hand's pays by their total (2 to 12), else 1x.  Weights out of 216 = 6 x 36:
// 1x 180, then the two-dice counts 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1.  The mean multiplier is
// 432/216 = 2, so per total bet the game returns exactly the base return (Wizard of Odds, Hot Roll
// Poker: "the return is exactly the same as for the base pay table"); the strategy is the base game's.

import "jacks_or_better.cp"

game "Hot Roll Jacks or Better"
paytable "9/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature multiplier_layer "Hot Roll": multipliers (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
        weights (180, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1), extra_bet 1
