// expect: 4:10: ('category' is not a keyword: did you mean 'categories'?)
import "poker.cp"
game "x"
category RoyalFlush, FullHouse
paytable "a": RoyalFlush 800, FullHouse 9
