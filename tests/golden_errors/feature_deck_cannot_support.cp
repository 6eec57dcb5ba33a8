// expect: 6:9: dream_card needs one deck of distinct cards dealt unordered; this game has 2 copies of each card
import "poker.cp"
game "Dream Card on two decks"
categories RoyalFlush, FullHouse, Flush, TwoPair
copies 2
feature dream_card: chance 1/20
