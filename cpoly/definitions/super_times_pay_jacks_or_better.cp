// Super Times Pay Wheel Poker on 9-5 Jacks or Better, 3-play, the multiplier part: for a doubled
// bet (extra_bet 1) a multiplier lands on the deal with chance 0.095147, 4.64x on average (Wizard
// of Odds, Super Times Pay Wheel Poker, return summary; base return 0.984498).  The same page's
// wheel spin on the deal (chance 0.019231, 515.06 coins on average, whatever the cards) is not a
// feature of this file: it adds a constant that does not touch the play, and the page's 0.992900
// is this layer's return plus that constant (see docs/language.md, Features).

import "jacks_or_better.cp"

game "Super Times Pay Jacks or Better"
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature multiplier_layer "Super Times Pay 3-play": multipliers (1, 4.64), weights (0.904853, 0.095147),
        extra_bet 1
