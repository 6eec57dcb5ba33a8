// expect: 5:9: unknown feature 'multistrike' (did you mean 'multi_strike'?); the features are multi_strike, ultimate_x, multiplier_layer, wheel, dream_card
import "poker.cp"
game "A misspelt feature"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multistrike: levels (1, 2), free_ride (5%)
