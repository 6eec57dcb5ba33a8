// expect: 6:9: a second feature: ultimate_x "5-play" cannot be played with multi_strike "16X" (line 5)
import "poker.cp"
game "Multi-Strike and Ultimate X in one game"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature multi_strike "16X": levels (1, 2, 4, 8, 16), free_ride (7.6%, 7%, 6.2%, 5.75%)
feature ultimate_x "5-play": lines 5, multipliers (RoyalFlush 2, FullHouse 12, Flush 10, TwoPair 3)
