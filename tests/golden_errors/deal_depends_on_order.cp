// expect: 5:16: the deal expression depends on the order of the cards
import "poker.cp"
game "No ace in the first position"
// Counted as 2,399,040 'hands' (ordered count / 5!), and 'hold Ah …' said Ah is not in the deck.
deal Hand * (1 - δF[1]{Ace})
categories Flush
paytable "x": Flush 5
