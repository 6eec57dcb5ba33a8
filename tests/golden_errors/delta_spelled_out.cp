// expect: 4:35: (the Kronecker delta is written δ or \delta: 'delta' is a name)
import "poker.cp"
game "x"
Pair = any(i<j in 1..5) delta F[i],F[j]
categories RoyalFlush, Pair
