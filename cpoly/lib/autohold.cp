// The seed's autohold form ("Chromatic Polynomials 16", Completion): the dealt cards and the
// hold are run-time parameters, bound with --param (or api.count(..., params)):
//   DF[i], DS[i]  face and suit of dealt card i;   Held[i]  1 keeps card i, 0 discards it.
// Draw is the seed's 32 Discard masks in one line: a held card keeps its value, a discarded
// position is redrawn from the cards not dealt (the seed's Redraw).  Counting Draw * Pay…
// over all vertices gives the ordered draws of each paid category for that hold.
// Standard library: import "autohold.cp" after a deck (deck.cp, poker.cp, …).

param DF[5], DS[5], Held[5]

Draw = prod(i in 1..5) (Held[i] δF[i]{DF[i]} δS[i]{DS[i]}
                        + (1 - Held[i]) prod(j in 1..5) (1 - δF[i]{DF[j]} δS[i]{DS[j]}))
