// expect: 5:5: expands to 1,192,052,400 terms
Faces = 13
X = σ1-σ2
domain X: Faces
A = sum(i<j<k<l<m<n in 1..100) δX[1],X[2]
