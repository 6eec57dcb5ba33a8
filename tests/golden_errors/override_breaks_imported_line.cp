// expect: 5:10: 'F' and 'S' must have as many vertices
// deck.cp says 'cards F S': four faces for five suits breaks it, and the error is here, at the
// override, not in the library's line (which the message names after the caret).
import "poker.cp"
override F = σ1-σ4
game "Four faces"
categories Flush
