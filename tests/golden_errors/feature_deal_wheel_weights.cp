// expect: 7:9: deal_wheel_weights needs one weight for each of the 4 values, not 3
import "poker.cp"
game "Super Times Pay with a deal wheel weight missing"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multiplier_layer: multipliers (1, 4.64), weights (0.904853, 0.095147), extra_bet 1,
        deal_wheel_chance 1.9231%, deal_wheel_values (250, 500, 1000, 2500),
        deal_wheel_weights (20, 10, 4), deal_wheel_bet 15
