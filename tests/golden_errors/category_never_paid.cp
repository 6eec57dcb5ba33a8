// expect: 4:37: category 'FourAces' is never paid: each of its 48 hands is also a FourOfAKind, which is listed before it
import "poker.cp"
game "Four aces below four of a kind"
categories RoyalFlush, FourOfAKind, FourAces, FullHouse
paytable "x": RoyalFlush 800, FourOfAKind 25, FourAces 80, FullHouse 9
