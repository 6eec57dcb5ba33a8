// The seed's autohold form ("Chromatic Polynomials 16", Completion): the dealt cards and the
// hold are run-time parameters, bound with --param (or api.count(..., params)):
//   DF[i], DS[i]  face and suit of dealt card i;   Held[i]  1 keeps card i, 0 discards it.
// Draw is the seed's 32 Discard masks in one line: a held card keeps its value, a discarded
// position is redrawn from the cards not dealt (the seed's Redraw).
// In a file without a game section, counting Draw * Pay… over all vertices gives the ordered
// draws of each paid category for that hold.  In a game file, `cpoly count FILE DrawX --param …`
// counts it as a completion (cpoly/count/completion.py), as `cpoly hold` does: unordered replacement
// sets (ordered draws in an 'ordered' game).  With 'copies 2' the draws are of physical cards:
// DF/DS are the dealt cards (a card dealt twice is out of the deck, the twin of a card dealt
// once is still in it), which Draw's value exclusions alone could not say.
// Standard library: import "autohold.cp" after a deck (deck.cp, poker.cp, …).

param DF[5], DS[5], Held[5]

Draw = prod(i in 1..5) (Held[i] δF[i]{DF[i]} δS[i]{DS[i]}
                        + (1 - Held[i]) prod(j in 1..5) (1 - δF[i]{DF[j]} δS[i]{DS[j]}))
