// The standard poker categories on the 52-card deck (each includes the higher wins; the engine
// pays the highest listed category only).  Standard library: import "poker.cp".

import "deck.cp"

UniqueFaces = prod(i<j in 1..5) (1 - δF[i],F[j])
OnlyAto5 = prod(i in 1..5) δF[i]{Ace,Two-Five}
OnlyTtoA = prod(i in 1..5) δF[i]{Ten-Ace}
// The ten windows are exclusive once the faces are unique, so + is a safe OR here.
Straight = (OnlyAto5 + sum(w in Two..Ten) prod(i in 1..5) δF[i]{w..w+4}) UniqueFaces
Flush = δ C1S C2S C3S C4S C5S
RoyalFlush = OnlyTtoA * Flush
StraightFlush = Straight * Flush
FourOfAKind = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]
// Three equal faces and the other two equal: each of the ten triples with its remaining pair
// (five equal faces, possible with five or more suits, match all ten and are no full house).
FullHouse = (δC1F,C2F,C3F δC4F,C5F + δC1F,C2F,C4F δC3F,C5F
             + δC1F,C2F,C5F δC3F,C4F + δC1F,C3F,C4F δC2F,C5F
             + δC1F,C3F,C5F δC2F,C4F + δC1F,C4F,C5F δC2F,C3F
             + δC2F,C3F,C4F δC1F,C5F + δC2F,C3F,C5F δC1F,C4F
             + δC2F,C4F,C5F δC1F,C3F + δC3F,C4F,C5F δC1F,C2F)
           * (1 - δC1F,C2F,C3F,C4F,C5F)
ThreeOfAKind = any(i<j<k in 1..5) δF[i],F[j],F[k]
// Two disjoint pairs: the fifteen ways to pick them.
TwoPair = (1 - (1 - δC1F,C2F δC3F,C4F) * (1 - δC1F,C3F δC2F,C4F)
             * (1 - δC1F,C4F δC2F,C3F) * (1 - δC1F,C2F δC3F,C5F)
             * (1 - δC1F,C3F δC2F,C5F) * (1 - δC1F,C5F δC2F,C3F)
             * (1 - δC1F,C2F δC4F,C5F) * (1 - δC1F,C4F δC2F,C5F)
             * (1 - δC1F,C5F δC2F,C4F) * (1 - δC1F,C3F δC4F,C5F)
             * (1 - δC1F,C4F δC3F,C5F) * (1 - δC1F,C5F δC3F,C4F)
             * (1 - δC2F,C3F δC4F,C5F) * (1 - δC2F,C4F δC3F,C5F)
             * (1 - δC2F,C5F δC3F,C4F))
JacksOrBetter = any(i<j in 1..5) δF[i],F[j]{Jack-King,Ace}
TensOrBetter = any(i<j in 1..5) δF[i],F[j]{Ten-Ace}

// Four of a kind split by the face of the four (the bonus games).
FourAces = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Ace}
FourTwosToFours = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Two-Four}
FourFivesToKings = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Five-King}
