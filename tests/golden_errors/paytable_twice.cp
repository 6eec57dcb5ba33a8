// expect: 6:1: pay table '9/6' is declared twice (first at line 5)
import "poker.cp"
game "Two tables of one name"
categories RoyalFlush, Flush
paytable "9/6": RoyalFlush 800, Flush 6
paytable "9/6": RoyalFlush 800, Flush 5
