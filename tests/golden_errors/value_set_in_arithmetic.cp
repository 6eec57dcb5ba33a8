// expect: 9:13: 'Wild' is a set of values, not a number
Faces = 14
Two = 0
Joker = 13
Wild = {Two, Joker}
F = σ1-σ2
domain F: Faces
Pair = δF[1],F[2]
Twice = 2 * Wild
