// Jokers on the 52-card deck, the seed's way ("Variations: Jokers"): an extra face Joker = 13,
// allowed in the first Jokers suits only, so the deck has Jokers distinct joker cards (Xh, Xd,
// …).  One joker by default; a game with two writes 'override Jokers = 2'.  The joker is wild:
// import "wild.cp" as well for the wild-card categories.  Standard library: import "jokers.cp".

import "deck.cp"

Joker = 13
override Faces = 14
Jokers = 1
Wild = Joker
LowNatural = Two

// Five different cards, and a joker only in the suits 0 .. Jokers-1.
override Hand = DistinctCards * prod(i in 1..5) (1 - δF[i],Joker δS[i]{Jokers..Spade})

ranks "23456789TJQKAX"
