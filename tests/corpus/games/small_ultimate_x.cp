// Ultimate X on the 18-card test game (tests/fixtures/small_poker.cp): a fast feature game for
// the behaviour corpus.
import "../../fixtures/small_poker.cp"
feature ultimate_x: multipliers (RoyalFlush 2, StraightFlush 2, FourOfAKind 3, FullHouse 12, Flush 10,
                                 Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)
