// Texas Hold'em on the flop: the two hole cards and the three flop cards (five cards of the
// 52-card deck, the standard categories of poker.cp).  Bind the hole cards with --param and
// count a fact of the flop over the C(50, 3) = 19,600 flops that can follow them, e.g. the
// flops on which 7h 7d (Seven = 5, Heart = 0, Diamond = 1) make a set or better:
//   cpoly count definitions/holdem_flop.cp SetOrBetter --param H1F=5 H1S=0 H2F=5 H2S=1
// The facts are symmetric in the five cards (the hand holds both hole cards, wherever they
// are dealt), so a count per dealt hand is a count of flops.

import "poker.cp"

game "Texas Hold'em, the flop"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind,
           TwoPair

param H1F, H1S, H2F, H2S

// The hand holds both hole cards (wherever they are dealt).
Holding = any(i in 1..5) (δF[i]{H1F} δS[i]{H1S}) * any(i in 1..5) (δF[i]{H2F} δS[i]{H2S})

// Three of a kind or better with the flop (a pocket pair flopping a set, a full house or quads).
SetOrBetter = Holding * ThreeOfAKind
// Four cards of one suit and not five (two suited hole cards and two of their suit on the flop).
FourFlush = any(i<j<k<l in 1..5) δS[i],S[j],S[k],S[l]
FlushDraw = Holding * FourFlush * (1 - Flush)
FlopFlush = Holding * Flush
// The three flop cards (neither hole card) of one suit.
MonotoneFlop = Holding * any(i<j<k in 1..5) (δS[i],S[j],S[k]
                                            (1 - δF[i]{H1F} δS[i]{H1S}) (1 - δF[i]{H2F} δS[i]{H2S})
                                            (1 - δF[j]{H1F} δS[j]{H1S}) (1 - δF[j]{H2F} δS[j]{H2S})
                                            (1 - δF[k]{H1F} δS[k]{H1S}) (1 - δF[k]{H2F} δS[k]{H2S}))
