// expect: 5:43: path 'TTTTT' is given twice (payline 2)
import "poker.cp"
game "Spin Poker with a path twice"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature spin: paths (MMMMM, TTTTT, BBBBB, TTTTT)
