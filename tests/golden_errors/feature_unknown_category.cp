// expect: 5:78: 'FulHouse' is not a category of this game (did you mean 'FullHouse'?)
import "poker.cp"
game "Ultimate X with a typo"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature ultimate_x: lines 1, multipliers (RoyalFlush 2, Flush 10, TwoPair 3, FulHouse 12)
