// Multi-Strike "16X" on 7-5 Bonus Poker: five levels of one hand each, played bottom up; level k
// pays its multiplier times the pay table, a paying hand moves the player up a level, a losing
// hand ends the game; a Free Ride (shown before a level is played) moves the player up whatever
// the hand.  The bet is one unit per level.  Figures to reach (Wizard of Odds, Multi-Strike
// appendix): the top level is worth 16 x 0.980147 = 15.682351, level 4 without a Free Ride 15.044824.

import "bonus_poker.cp"

game "Multi-Strike Bonus Poker 16X"
paytable "7/5": RoyalFlush 800, StraightFlush 50, FourAces 80, FourTwosToFours 40,
                FourFivesToKings 25, FullHouse 7, Flush 5, Straight 4, ThreeOfAKind 3,
                TwoPair 2, JacksOrBetter 1
feature multi_strike "16X": levels (1, 2, 4, 8, 16), free_ride (7.60%, 7.00%, 6.20%, 5.75%)
