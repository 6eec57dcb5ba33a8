// expect: 2:5: has 1,000,000,000,000 vertices (at most 10,000)
X = σ1-σ1000000000000
Faces = 13
domain X: Faces
A = δX[1],X[2]
