// Super Times Pay Wheel Poker on 9-5 Jacks or Better, 5-play, the multiplier part: for a doubled
// bet (extra_bet 1) a multiplier lands on the deal with chance 0.090498, 5.01x on average (Wizard
// of Odds, Super Times Pay Wheel Poker, return summary: wizardofodds.com/games/video-poker/tables/
// super-times-pay-wheel-poker/; base return 0.984498).  The page's wheel spin on the deal (chance
// 0.024691, 648.57 coins on average, whatever the cards) cannot be written as a feature: it is a
// constant per game, no category triggers it; the page's 0.991166 is this layer's return plus
// 0.024691 x 648.57 / 50 (coins per game of five ten-coin plays): tests/videopoker/
// test_feature_shelf.py.  3-play: super_times_pay_jacks_or_better.cp.

import "jacks_or_better.cp"

game "Super Times Pay Jacks or Better 5-play"
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature multiplier_layer "Super Times Pay 5-play": multipliers (1, 5.01), weights (0.909502, 0.090498),
        extra_bet 1
