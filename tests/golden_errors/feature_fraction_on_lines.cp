// expect: 5:89: ultimate_x on several lines takes whole multipliers, not 1/2 (one line takes any)
import "poker.cp"
game "Ultimate X 3-play with half a multiplier"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature ultimate_x: lines 3, multipliers (RoyalFlush 2, FullHouse 12, Flush 10, TwoPair 1/2)
