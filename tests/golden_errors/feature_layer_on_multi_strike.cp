// expect: 6:9: a second feature: multiplier_layer cannot be played with multi_strike (line 5): cpoly solves each feature on the base game alone
import "poker.cp"
game "Super Times Pay on Multi-Strike"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multi_strike: levels (1, 2, 4), free_ride (8%, 7%)
feature multiplier_layer: multipliers (1, 2, 5), weights (90, 8, 2), extra_bet 1/5
