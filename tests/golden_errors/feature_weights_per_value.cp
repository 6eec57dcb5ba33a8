// expect: 5:51: weights needs one weight for each of the 3 values, not 2
import "poker.cp"
game "Super Times Pay with a weight missing"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multiplier_layer: multipliers (2, 3, 10), weights (30, 10), extra_bet 1/5
