// Super Times Pay Wheel Poker on 9-5 Jacks or Better, 3-play, for a doubled bet (extra_bet 1:
// ten coins a play, five of them for the features): a multiplier on all plays lands on the deal
// with chance 0.095147, 4.64x on average, and a wheel spin is awarded on the deal with chance
// 0.019231, 515.06 coins on average, whatever the cards, over the game's base bet of 15 coins
// (five a play); the spin is paid beside the hands and changes no hold (Wizard of Odds, Super
// Times Pay Wheel Poker, return summary: wizardofodds.com/games/video-poker/tables/
// super-times-pay-wheel-poker/; base return 0.984498, with the features 0.992900).  The page
// gives the wheel's average only: its one value here makes the return exact and the stated
// variance the least the real wheel could have.  5-play: super_times_pay_jacks_or_better_5play.cp.

import "jacks_or_better.cp"

game "Super Times Pay Jacks or Better"
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature multiplier_layer "Super Times Pay 3-play": multipliers (1, 4.64), weights (0.904853, 0.095147),
        extra_bet 1, deal_wheel_chance 0.019231, deal_wheel_values (515.06), deal_wheel_bet 15
