// expect: 6:27: a chance is between 0 and 1 (0% and 100%), not 1.9231
import "poker.cp"
game "Super Times Pay with its deal wheel's chance written without the percent sign"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multiplier_layer: multipliers (1, 4.64), weights (0.904853, 0.095147), extra_bet 1,
        deal_wheel_chance 1.9231, deal_wheel_values (515.06), deal_wheel_bet 15
