// expect: 5:5: expands to 1,000,000,000 terms
Faces = 13
X = σ1-σ2
domain X: Faces
A = sum(i in 1..1000000000) δX[1],X[2]
