// expect: 4:15: index 'i' is named twice in any(…)
import "poker.cp"
game "x"
AnyPairTypo = any(i<i in 1..5) δF[i],F[i]
categories AnyPairTypo
