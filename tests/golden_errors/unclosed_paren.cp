// expect: 11:1: (is the '(' at line 10, column 8 left open?)
Ten = 8
Faces = 13
Suits = 4
F = σ1-σ2
S = σ3-σ4
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..2) (1 - δF[i],F[j] δS[i],S[j])
Pair = (δF[1],F[2]
cards F S
deal Hand
categories Pair
