// expect: 5:59: a chance is between 0 and 1 (0% and 100%), not 1.07
import "poker.cp"
game "Multi-Strike with a chance over 100%"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multi_strike: levels (1, 2, 4, 8), free_ride (8%, 107%, 7%)
