// expect: 5:37: 'levels' takes numbers up to 1,000,000, not 1,000,000,000
import "poker.cp"
game "Multi-Strike with a level of a billion"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multi_strike: levels (1, 2, 1000000000), free_ride (8%, 7%)
