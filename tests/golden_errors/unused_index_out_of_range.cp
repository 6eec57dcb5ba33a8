// expect: 10:11: index 3 is outside F[1..2]
Ten = 8
Faces = 13
Suits = 4
F = σ1-σ2
S = σ3-σ4
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..2) (1 - δF[i],F[j] δS[i],S[j])
Broken = δF[3],F[1]
Pair = δF[1],F[2]
cards F S
deal Hand
categories Pair
