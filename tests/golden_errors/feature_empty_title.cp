// expect: 5:9: an empty title: name the wheel feature, or give no title
import "poker.cp"
game "A wheel with an empty title"
categories RoyalFlush, FullHouse, Flush, TwoPair
feature wheel " ": on FullHouse, values (40, 80)
