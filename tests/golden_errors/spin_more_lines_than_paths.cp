// expect: 5:44: spin has 3 paths, so at most 3 lines, not 5
import "poker.cp"
game "Spin Poker with more lines than paths"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature spin: paths (MMMMM, TTTTT, BBBBB), lines 5
