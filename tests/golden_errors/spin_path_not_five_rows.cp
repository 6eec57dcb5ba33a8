// expect: 5:36: a path is 5 rows, one per column, each T, M or B; not 'TMBM'
import "poker.cp"
game "Spin Poker with a short path"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature spin: paths (MMMMM, TTTTT, TMBM)
