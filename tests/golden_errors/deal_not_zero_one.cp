// expect: 14:1: the deal is not 0/1: deal is -1 on 9h Th Jh Qh Kh
Nine = 0
Faces = 6
Suits = 3
F = σ1-σ5
S = σ6-σ10
domain F: Faces
domain S: Suits
Hand = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])
Flush = δ S[1] S[2] S[3] S[4] S[5]
Straight = prod(i<j in 1..5) (1 - δF[i],F[j]) * (sum(w in Nine..Nine+1) prod(i in 1..5) δF[i]{w..w+4})
// a straight flush is both: the deal is 1 - 1 - 1 = -1 on it
cards F S
deal Hand * (1 - Flush - Straight)
categories Flush, Straight
ranks "9TJQKA"
suit_letters "hdc"
