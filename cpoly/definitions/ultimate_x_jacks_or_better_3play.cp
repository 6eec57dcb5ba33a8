// Ultimate X on 8/6 Jacks or Better, 3-play: the 3 lines share the held cards, each draws from its
// own copy of the rest of the deck, and each line's next multiplier comes from its own result.
// Multiplier table: IGT's 3-play Jacks or Better table as reproduced, credited to the Wizard of
// Odds' Ultimate X pages, in a public video-poker trainer's `UltimateXMultiplierTable` (found with
// the code search; the Wizard of Odds' page itself could not be read past its opening): RF 2, SF
// 2, four of a kind 2, full house 12, flush 11, straight 7, three of a kind 4, two pair 3, jacks
// or better 2. Its 10-play column is definitions/ultimate_x_jacks_or_better_10play.cp's table,
// which reaches the Wizard of Odds' 99.42 %. The same project's notes quote about 99.30 % per
// doubled bet for 8/6 (rounded, second-hand); solved exactly over the totals of the lines'
// multipliers, this file returns 0.992978 (docs/videopoker.md, "Feature games on the shelf").

import "jacks_or_better.cp"

game "Ultimate X Jacks or Better 3-play"
paytable "8/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 8, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature ultimate_x "3-play": lines 3, bet 2,
        multipliers (RoyalFlush 2, StraightFlush 2, FourOfAKind 2, FullHouse 12, Flush 11,
                     Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)
