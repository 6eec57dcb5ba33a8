// Five-card Omaha (the high game of "Big O" and "PLO5"): five hole cards and five board cards;
// a hand plays exactly two of its hole cards with exactly three of the board.  The same five-card
// game as omaha.cp; only HoleCards differs, so a hand is the best of its 10 x 10 = 100 fives
// (cpoly equity --game definitions/five_card_omaha.cp AsAhKsKhQd '?????' --board '2c 7d 9h').

import "poker.cp"

HoleCards = 5
HoleCardsUsed = 2

OnePair = any(i<j in 1..5) δF[i],F[j]
// Every hand has a high card at least (Hand is 1 on every deal).
HighCard = Hand

game "Five-card Omaha (two hole cards and three board cards)"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind,
           TwoPair, OnePair, HighCard
