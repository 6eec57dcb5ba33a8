// expect: 5:11: a value set of 1,000,000,001 values (at most 1,000,000)
Faces = 13
X = σ1-σ2
domain X: Faces
A = δX[1]{0..1000000000}
