// expect: 11:58: index 'k' is used outside the body of its any(k<l in …) (line 11, column 27)
import "deck.cp"
cards F S
deal Hand
// Works: the inner any's body is the parenthesised product, which sees i, j, k and l.
TwoPairs = any(i<j in 1..5) any(k<l in 1..5) (δF[i],F[j] δF[k],F[l] (1 - δF[i],F[k]))
// Works: an outer index in the inner range.
PairAfterPair = any(i<j in 1..5) any(k<l in j+1..5) (δF[i],F[j] δF[k],F[l])
// The inner any's body is δF[i],F[j] alone: the δs after it are outside both forms
// (this used to say only "unknown name 'k'").
Broken = any(i<j in 1..5) any(k<l in 1..5) δF[i],F[j] δF[k],F[l] (1 - δF[i],F[k])
categories TwoPairs
