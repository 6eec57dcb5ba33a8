// The 52-card deck: faces Two..Ace (0..12), suits Heart..Spade (0..3), five dealt cards.
// Card i is (F[i], S[i]); C1F … C5S are the seed's names for the same vertices.
// Standard library of cpoly (docs/language.md, "Imports"): import "deck.cp".

import "values.cp"

F = σ1-σ5
S = σ6-σ10
C1F = σ1
C2F = σ2
C3F = σ3
C4F = σ4
C5F = σ5
C1S = σ6
C2S = σ7
C3S = σ8
C4S = σ9
C5S = σ10
domain F: Faces
domain S: Suits

// Five different cards: no two cards match in both face and suit.
DistinctCards = prod(i<j in 1..5) (1 - δF[i],F[j] δS[i],S[j])
Hand = DistinctCards

cards F S
deal Hand
