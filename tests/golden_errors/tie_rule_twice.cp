// expect: 12:1: the game section says 'tie_rule' twice
Faces = 4
Suits = 2
F = σ1-σ2
S = σ3-σ4
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..2) (1 - δF[i],F[j] δS[i],S[j])
Pair = δF[1],F[2]
cards F S
tie_rule fewest-cards
tie_rule rank-order
deal Hand
categories Pair
