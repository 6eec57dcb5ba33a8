// expect: 5:8: sum(i in 5..1) has no terms: the range 5..1 is empty
import "poker.cp"
game "x"
// Was 0 for every hand, silently.  (An inner range that depends on an outer index may be empty.)
Aces = sum(i in 5..1) δF[i]{Ace}
AnyPair = any(i in 1..5) any(j in i+1..5) δF[i],F[j]
categories Aces, AnyPair
