// Omaha Hold'em: four hole cards and five board cards; a hand plays exactly two of its hole
// cards with exactly three of the board.  The game is the five cards a hand plays, ranked in
// the standard categories of the 52-card deck (the library's poker.cp, with a pair and a high
// card added); HoleCards and HoleCardsUsed say how the five are chosen, and the Hold'em side
// (cpoly equity --game definitions/omaha.cp) takes the best of the 6 x 10 = 60 fives.

import "poker.cp"

HoleCards = 4
HoleCardsUsed = 2

OnePair = any(i<j in 1..5) δF[i],F[j]
// Every hand has a high card at least (Hand is 1 on every deal).
HighCard = Hand

game "Omaha Hold'em (two hole cards and three board cards)"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind,
           TwoPair, OnePair, HighCard
