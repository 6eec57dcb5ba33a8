// Texas Hold'em: two hole cards and five board cards, the best five of the seven, in the
// nine standard categories (the royal flush shown alongside the straight flushes it is part
// of).  The standard library's seven-card deck and categories (definitions/lib/seven.cp).
// No pay table: `cpoly count` prints the seven-card table, the video-poker commands refuse.

import "seven.cp"

game "Texas Hold'em, seven cards"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind,
           TwoPair, OnePair, HighCard

// Questions about the board with the hole cards bound (--param): the seven cards hold both
// hole cards, wherever they are dealt, so a count per dealt hand is a count of the
// C(50, 5) = 2,118,760 boards that can follow them, e.g. As Ks (Ace = 12, King = 11, Spade = 3)
// making a flush by the river:
//   cpoly count definitions/holdem.cp FlushByTheRiver --param H1F=12 H1S=3 H2F=11 H2S=3
// (definitions/holdem_flop.cp asks the same of the flop.)
param H1F, H1S, H2F, H2S
Holding = any(i in 1..7) (δF[i]{H1F} δS[i]{H1S}) * any(i in 1..7) (δF[i]{H2F} δS[i]{H2S})
FlushByTheRiver = Holding * Flush
SetOrBetterByTheRiver = Holding * ThreeOfAKind
StraightByTheRiver = Holding * Straight
