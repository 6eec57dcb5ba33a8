// Short deck (six-plus) Hold'em: the 36 cards Six to Ace, two hole cards and five board cards,
// the best five of the seven.  A-6-7-8-9 is a straight (the ace plays low in it, as A-2-3-4-5
// does in the full deck) and a flush beats a full house (flushes are rarer with 9 cards a
// suit).  The seven-card deck and categories are the standard library's (sixplus.cp: seven.cp
// with the faces renumbered Six = 0 … Ace = 8 and the straights redrawn); short_deck_trips.cp is the
// rule some rooms use where three of a kind also beats a straight.
// No pay table: cpoly equity --game definitions/short_deck.cp plays it.

import "sixplus.cp"

game "Short deck Hold'em (six-plus), seven cards"
ranks "6789TJQKA"
categories RoyalFlush, StraightFlush, FourOfAKind, Flush, FullHouse, Straight, ThreeOfAKind,
           TwoPair, OnePair, HighCard
