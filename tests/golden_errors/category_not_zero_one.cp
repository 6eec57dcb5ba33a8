// expect: 15:18: category 'PairOrAce' is not 0/1 on the deals: some deals hit it more than once (+ used as OR over overlapping terms?), and its ways would depend on how the table is counted
Ace = 12
Faces = 13
Suits = 4
F = σ1-σ2
S = σ3-σ4
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..2) (1 - δF[i],F[j] δS[i],S[j])
Pair = δF[1],F[2]
// a pair of aces is a pair and has two aces: it counts three times
PairOrAce = Pair + δF[1]{Ace} + δF[2]{Ace}
cards F S
deal Hand
categories Pair, PairOrAce
