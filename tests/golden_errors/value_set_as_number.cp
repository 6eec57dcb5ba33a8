// expect: 10:30: 'Wild' is a set of values, not a number
Faces = 14
Two = 0
Joker = 13
Wild = {Two, Joker}
F = σ1-σ2
domain F: Faces
cards F F
deal 1
High = prod(i in 1..2) δF[i]{Wild-Joker}
categories High
