// Three Card Poker's Pair Plus: the player's three cards, dealt and final (no draw), paid by
// their three-card category.  A three-card straight beats a flush (it is the rarer), and the
// ace plays high (Q K A) or low (A 2 3).  `cpoly analyze` prices it (docs/videopoker.md,
// "Games without a draw").
//
// Pays are per unit bet with the bet included, as every cpoly pay table: a table game's
// "40 to 1" is 41 here.  The tables are named as the casinos post them ("to 1"); house edges
// (Wizard of Odds, J. Grochowski): 40-30-6-4-1 (the original) 2.32 %, 40-30-6-3-1 (the common
// table today) 7.28 %, 40-30-5-4-1 5.57 %.

import "values.cp"

game "Three Card Poker: Pair Plus"
F = σ1-σ3
S = σ4-σ6
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..3) (1 - δF[i],F[j] δS[i],S[j])
cards F S
deal Hand

Pair = any(i<j in 1..3) δF[i],F[j]
ThreeOfAKind = δF[1],F[2],F[3]
Flush = δS[1],S[2],S[3]
// Three different faces in one window of three (the ten windows 2-4 … Q-A and A-2-3 are
// exclusive once the faces differ, so + is a safe OR).
Straight = (sum(w in Two..Queen) prod(i in 1..3) δF[i]{w..w+2} + prod(i in 1..3) δF[i]{Ace,Two,Three})
           * prod(i<j in 1..3) (1 - δF[i],F[j])
StraightFlush = Straight * Flush
categories StraightFlush, ThreeOfAKind, Straight, Flush, Pair

paytable "40-30-6-4-1": StraightFlush 41, ThreeOfAKind 31, Straight 7, Flush 5, Pair 2
paytable "40-30-6-3-1": StraightFlush 41, ThreeOfAKind 31, Straight 7, Flush 4, Pair 2
paytable "40-30-5-4-1": StraightFlush 41, ThreeOfAKind 31, Straight 6, Flush 5, Pair 2
