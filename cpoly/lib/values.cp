// Card values: faces Two..Ace (0..12), suits Heart..Spade (0..3), whatever the number of cards
// dealt.  Imported by deck.cp (five cards) and seven.cp (seven cards).
// Standard library of cpoly (docs/language.md, "Imports"): import "values.cp".

Two = 0
Three = 1
Four = 2
Five = 3
Six = 4
Seven = 5
Eight = 6
Nine = 7
Ten = 8
Jack = 9
Queen = 10
King = 11
Ace = 12
Faces = 13

Heart = 0
Diamond = 1
Club = 2
Spade = 3
Suits = 4
