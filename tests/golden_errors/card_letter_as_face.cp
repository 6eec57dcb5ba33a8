// expect: 3:38: unknown name 'A' (did you mean 'Ace'?)
import "poker.cp"
AcesUp = any(i<j in 1..5) δF[i],F[j]{A}
categories RoyalFlush, AcesUp
