// expect: 5:23: multi_strike needs at least two levels
import "poker.cp"
game "Multi-Strike with one level"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multi_strike: levels (1), free_ride (8%)
