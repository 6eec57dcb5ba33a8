// expect: 10:10: unknown name 'Tenn' (did you mean 'Ten'?)
Ten = 8
Faces = 13
Suits = 4
F = σ1-σ2
S = σ3-σ4
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..2) (1 - δF[i],F[j] δS[i],S[j])
Broken = Tenn * Hand
Pair = δF[1],F[2]
cards F S
deal Hand
categories Pair
