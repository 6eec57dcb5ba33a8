// Short deck (six-plus): the 36 cards Six to Ace over the standard library's seven cards
// (seven.cp), faces renumbered Six = 0 … Ace = 8, the straights and straight flushes redrawn
// (A-6-7-8-9 is the ace-low straight).  definitions/short_deck.cp is the game.
// Standard library of cpoly (docs/language.md, "Imports"): import "sixplus.cp".

import "seven.cp"

override Six = 0
override Seven = 1
override Eight = 2
override Nine = 3
override Ten = 4
override Jack = 5
override Queen = 6
override King = 7
override Ace = 8
override Faces = 9

// Straights by their highest window (exclusive terms, so + is a safe OR): five cards of
// different faces in the window w..w+4 and no card of face w+5; Ten-Ace has no higher window;
// A-6-7-8-9 (ace low) needs no Ten.
override Straight = sum(w in Six..Nine) (any(i<j<k<l<m in 1..7) (δF[i]{w..w+4} δF[j]{w..w+4} δF[k]{w..w+4} δF[l]{w..w+4} δF[m]{w..w+4}
                                                                 (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
                                  * prod(x in 1..7) (1 - δF[x]{w+5}))
           + any(i<j<k<l<m in 1..7) (δF[i]{Ten-Ace} δF[j]{Ten-Ace} δF[k]{Ten-Ace} δF[l]{Ten-Ace} δF[m]{Ten-Ace}
                                     (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
           + any(i<j<k<l<m in 1..7) (δF[i]{Ace,Six-Nine} δF[j]{Ace,Six-Nine} δF[k]{Ace,Six-Nine} δF[l]{Ace,Six-Nine} δF[m]{Ace,Six-Nine}
                                     (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m]))
             * prod(x in 1..7) (1 - δF[x]{Ten})

// Straight flushes the same way inside one suit (RoyalFlush is seven.cp's: Ten-Ace suited).
override StraightFlush = sum(w in Six..Nine) sum(i<j<k<l<m in 1..7) (δS[i],S[j],S[k],S[l],S[m] δF[i]{w..w+4} δF[j]{w..w+4} δF[k]{w..w+4} δF[l]{w..w+4} δF[m]{w..w+4}
                                                                    (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m])
                                                                    * prod(x in 1..7) (1 - δF[x]{w+5} δS[x],S[i]))
                + RoyalFlush
                + sum(i<j<k<l<m in 1..7) (δS[i],S[j],S[k],S[l],S[m] δF[i]{Ace,Six-Nine} δF[j]{Ace,Six-Nine} δF[k]{Ace,Six-Nine} δF[l]{Ace,Six-Nine} δF[m]{Ace,Six-Nine}
                                          (1 - δF[i],F[j]) (1 - δF[i],F[k]) (1 - δF[i],F[l]) (1 - δF[i],F[m]) (1 - δF[j],F[k])
     (1 - δF[j],F[l]) (1 - δF[j],F[m]) (1 - δF[k],F[l]) (1 - δF[k],F[m]) (1 - δF[l],F[m])
                                          * prod(x in 1..7) (1 - δF[x]{Ten} δS[x],S[i]))
