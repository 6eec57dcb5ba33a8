// Sequential Straight Flush: 9/6 Jacks or Better whose straight flushes pay more when their cards
// lie in ascending order from left to right (5-6-7-8-9, or A-2-3-4-5), and most for the royal
// T-J-Q-K-A in order.  Our own pay table (no published figure): a test of ordered play with
// more position-dependent hands than the sequential royal.  See docs/games.md.

import "poker.cp"

game "Sequential Straight Flush"
ordered
// Position i holds face w + (i - 1) of the window starting at w; the ace-low straight is A-2-3-4-5.
InOrder = sum(w in Two..Ten) prod(i in 1..5) δF[i]{w+(i-1)}
          + δF[1]{Ace} * prod(i in 2..5) δF[i]{(i-2)}
SequentialRoyalFlush = δF[1]{Ten} * InOrder * Flush
SequentialStraightFlush = InOrder * Flush

categories SequentialRoyalFlush, RoyalFlush, SequentialStraightFlush, StraightFlush, FourOfAKind,
           FullHouse, Flush, Straight, ThreeOfAKind, TwoPair, JacksOrBetter

paytable "9/6": SequentialRoyalFlush 4000, RoyalFlush 800, SequentialStraightFlush 250,
                StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 6, Straight 4, ThreeOfAKind 3,
                TwoPair 2, JacksOrBetter 1
