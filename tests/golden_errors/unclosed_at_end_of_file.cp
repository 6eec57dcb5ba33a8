// expect: 4:32: unexpected end of file (the '(' at line 4, column 22 is not closed)
import "poker.cp"
game "x"
X = any(i<j in 1..5) (δF[i],F[j]
