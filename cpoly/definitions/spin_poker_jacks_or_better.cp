// Spin Poker on 9/6 Jacks or Better: nine lines through a 3x5 window.  The deal fills the middle
// row; held cards are copied to the top and bottom rows; the empty positions are filled from the
// 47 cards left, no card twice (Wizard of Odds, Spin Poker: rules).  The strategy and the return
// are the base game's; `analyze` adds the exact variance of a round for 1..9 lines.  Lines 1-7
// as published (middle, top, bottom, V, inverted V, TTMBB, BBMTT); lines 8 and 9 (MTTTM, MBBBM)
// are the usual pattern, confirmed by no source (docs/language.md, Spin Poker): the paths are
// stated so that a machine with other lines changes them here.

import "jacks_or_better.cp"

game "Spin Poker Jacks or Better"
paytable "9/6": RoyalFlush 800, StraightFlush 50, FourOfAKind 25, FullHouse 9, Flush 6,
                Straight 4, ThreeOfAKind 3, TwoPair 2, JacksOrBetter 1
feature spin "Spin Poker": paths (MMMMM, TTTTT, BBBBB, TMBMT, BMTMB, TTMBB, BBMTT, MTTTM, MBBBM),
        lines 9
