// Joker Poker (Kings or Better): 52 cards and one joker, which is wild: the standard library's
// joker deck (definitions/lib/jokers.cp: face Joker = 13 in the Heart suit only, written Xh)
// and wild-card categories (definitions/lib/wild.cp).  Counts per unordered hand of 53 cards.
// A royal flush using the joker is a wild royal (100), never a natural one; four of a kind plus
// the joker is five of a kind.

import "jokers.cp"
import "wild.cp"

game "Joker Poker"
// A pair of kings or aces, the joker pairing with any king or ace (the three terms exclude
// each other for one pair of positions, so + is a safe OR inside any).
KingsOrBetter = any(i<j in 1..5) (δF[i],F[j]{King,Ace} + δF[i]{Joker} δF[j]{King,Ace}
                                  + δF[j]{Joker} δF[i]{King,Ace})

categories NaturalRoyalFlush, FiveOfAKind, WildRoyalFlush, StraightFlush, FourOfAKind,
           FullHouse, Flush, Straight, ThreeOfAKind, TwoPair, KingsOrBetter

// Pays per coin, highest win only; the first table is the default.
// "20/7/5" full pay, 100.65 % (rkcryr "Jokers Wild Machines" full-payout table, 5-coin pays
// 4000-1000-500-250-100-35-25-15-10-5-5 = 100.65 %; Wizard of Vegas "Joker Poker Kings or
// Better": 100.64 %).  "17/7/5": four of a kind 17 (optimalgambling.com pay table).
paytable "20/7/5": NaturalRoyalFlush 800, FiveOfAKind 200, WildRoyalFlush 100, StraightFlush 50,
                   FourOfAKind 20, FullHouse 7, Flush 5, Straight 3, ThreeOfAKind 2, TwoPair 1,
                   KingsOrBetter 1
paytable "17/7/5": NaturalRoyalFlush 800, FiveOfAKind 200, WildRoyalFlush 100, StraightFlush 50,
                   FourOfAKind 17, FullHouse 7, Flush 5, Straight 3, ThreeOfAKind 2, TwoPair 1,
                   KingsOrBetter 1
