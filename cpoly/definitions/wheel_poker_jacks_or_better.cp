// Wheel Poker on 9/5 Jacks or Better: for a sixth coin (extra_bet 1/5) a four of a kind on the draw
// spins a prize wheel on top of its pay.  Wheel (Wizard of Odds, Wheel Poker): wins 100, 150, 200,
// 250, 300, 400, 500, 600, 800, 1000, 2000 coins with weights 5, 8, 18, 26, 21, 26, 22, 7, 9, 9, 3
// (summing to 154), 427.922078 coins on average.  Per unit of the five-coin bet a four of a kind
// then pays 25 + win / 5: the values below, 110.584416 on average.  The bonus changes the play.

import "jacks_or_better.cp"

game "Wheel Poker Jacks or Better"
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature wheel "Wheel Poker": on FourOfAKind, values (45, 55, 65, 75, 85, 105, 125, 145, 185, 225, 425),
        weights (5, 8, 18, 26, 21, 26, 22, 7, 9, 9, 3), extra_bet 1/5
