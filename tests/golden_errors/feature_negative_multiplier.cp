// expect: 5:54: the multiplier of 'Flush' must be above 0, not -10
import "poker.cp"
game "Ultimate X with a negative multiplier"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature ultimate_x: multipliers (FullHouse 12, Flush -10)
