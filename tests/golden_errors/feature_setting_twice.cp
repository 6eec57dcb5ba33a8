// expect: 5:56: 'bet' is given twice
import "poker.cp"
game "Ultimate X with two bets"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature ultimate_x: bet 2, multipliers (FullHouse 12), bet 3
