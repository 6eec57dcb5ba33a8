// Ultimate X on 8/6 Jacks or Better, 10-play: the ten lines share the held cards, each draws from
// its own copy of the rest of the deck, and each line's next multiplier comes from its own result.
// Figure to reach (Wizard of Odds): 99.42 % per doubled bet under perfect play (99.38 % with one
// fixed strategy).  The exact solution over the totals of the lines' multipliers
// (analyze_ultimate_x_lines: 111 totals, 3 rounds of policy iteration, about four minutes on a
// shared two-core machine) returns 0.994220 with this multiplier table, which reaches that figure;
// the table itself was not found in a source that could be searched: treat it as checked by that
// return only.

import "jacks_or_better.cp"

game "Ultimate X Jacks or Better 10-play"
paytable "8/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 8, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature ultimate_x "10-play": lines 10, bet 2,
        multipliers (RoyalFlush 7, StraightFlush 7, FourOfAKind 3, FullHouse 12, Flush 11,
                     Straight 7, ThreeOfAKind 4, TwoPair 3, JacksOrBetter 2)
