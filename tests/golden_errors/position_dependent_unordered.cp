// expect: 6:1: category 'FirstTwoPair' depends on the order of the cards
import "poker.cp"
game "A pair in the first two positions, but unordered deals"
// Counted per unordered hand this was 152,880 (ordered count / 5!, which happens to divide),
// and hold/analyze priced it as if a hand had a first and a second card.
FirstTwoPair = δF[1],F[2]
categories FirstTwoPair, Flush
paytable "x": FirstTwoPair 1, Flush 5
