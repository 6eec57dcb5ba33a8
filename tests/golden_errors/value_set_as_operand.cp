// expect: 7:19: 'Wild' is a set of values, not a number
Faces = 14
Wild = {0, 13}
F = σ1-σ2
domain F: Faces
Pair = δF[1],F[2]
WildFirst = δF[1],Wild
