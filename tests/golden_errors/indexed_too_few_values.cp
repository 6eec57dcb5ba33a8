// expect: 4:13: any(i<j<k in 1..2) has no terms: 3 different indices cannot be chosen from 1..2
import "poker.cp"
game "x"
TripsTypo = any(i<j<k in 1..2) δF[i],F[j],F[k]
categories TripsTypo
