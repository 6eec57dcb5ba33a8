// Lucky Quads Wheel Poker on 9/6 Jacks or Better, one line: for a sixth coin (extra_bet 1/5) a
// natural four of a kind on the draw spins a video wheel; its weights are not published, but IGT
// gives its average win as 421 coins for games without wild cards (Wizard of Odds, Lucky Quads
// Wheel Poker: "add 421/5 = 84.2" to the one-coin pay).  So a four of a kind pays 25 + 84.2.
// (In a wild-card game only a natural four of a kind spins: that is a category of its own.)

import "jacks_or_better.cp"

game "Lucky Quads Jacks or Better"
paytable "9/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature wheel "Lucky Quads": on FourOfAKind, values 109.2, extra_bet 1/5
