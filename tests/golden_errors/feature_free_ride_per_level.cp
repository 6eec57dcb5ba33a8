// expect: 5:44: free_ride needs one chance for each level below the top: 3, not 2
import "poker.cp"
game "Multi-Strike with a Free Ride missing"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multi_strike: levels (1, 2, 4, 8), free_ride (8%, 7%)
