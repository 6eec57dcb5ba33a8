// expect: 5:21: ultimate_x has at most 10 lines (the exact solution over the totals of 10 lines takes minutes; its linear systems grow with the lines), not 100
import "poker.cp"
game "Ultimate X on a hundred lines"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature ultimate_x: lines 100, multipliers (FullHouse 12, Flush 10)
