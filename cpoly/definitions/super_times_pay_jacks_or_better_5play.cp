// Super Times Pay Wheel Poker on 9-5 Jacks or Better, 5-play, for a doubled bet (extra_bet 1:
// ten coins a play, five of them for the features): a multiplier on all plays lands on the deal
// with chance 0.090498, 5.01x on average, and a wheel spin is awarded on the deal with chance
// 0.024691, 648.57 coins on average, whatever the cards, over the game's base bet of 25 coins
// (five a play); the spin is paid beside the hands and changes no hold (Wizard of Odds, Super
// Times Pay Wheel Poker, return summary: wizardofodds.com/games/video-poker/tables/
// super-times-pay-wheel-poker/; base return 0.984498, with the features 0.991166).  The page
// gives the wheel's average only: its one value here makes the return exact and the stated
// variance the least the real wheel could have.  3-play: super_times_pay_jacks_or_better.cp.

import "jacks_or_better.cp"

game "Super Times Pay Jacks or Better 5-play"
paytable "9/5": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 5,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature multiplier_layer "Super Times Pay 5-play": multipliers (1, 5.01), weights (0.909502, 0.090498),
        extra_bet 1, deal_wheel_chance 0.024691, deal_wheel_values (648.57), deal_wheel_bet 25
