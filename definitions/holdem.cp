// Texas Hold'em: two hole cards and five board cards, the best five of the seven, in the
// nine standard categories (the royal flush shown alongside the straight flushes it is part
// of).  The standard library's seven-card deck and categories (definitions/lib/seven.cp).
// No pay table: `cpoly count` prints the seven-card table, the video-poker commands refuse.

import "seven.cp"

game "Texas Hold'em, seven cards"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind,
           TwoPair, OnePair, HighCard
