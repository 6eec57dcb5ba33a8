// Short deck Hold'em with the rule some rooms use: three of a kind beats a straight (and a
// flush still beats a full house).  The deck, straights and categories are short_deck.cp's;
// only the order of the categories differs.

import "short_deck.cp"

game "Short deck Hold'em (six-plus), three of a kind beats a straight"
categories RoyalFlush, StraightFlush, FourOfAKind, Flush, FullHouse, ThreeOfAKind, Straight,
           TwoPair, OnePair, HighCard
