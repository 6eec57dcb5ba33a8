// Three Card Poker's 6-Card Bonus: the best five-card poker hand of the player's three cards
// and the dealer's three, six cards dealt and final (no draw).  Pays three of a kind or better.
//
// Pays are per unit bet with the bet included (a table game's "1000 to 1" is 1001 here); the
// tables are named as casinos post them ("to 1").  House edges: 1000-200-100-20-15-10-7
// 8.56 % ("just over 8.5 %" published), 1000-200-50-25-20-10-5 10.22 % (a casino guide prints
// 10.23 %); the counts are the published best-five-of-six table (tests/dealonly).

import "six.cp"

game "Three Card Poker: 6-Card Bonus"
categories RoyalFlush, StraightFlush, FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind

paytable "1000-200-100-20-15-10-7": RoyalFlush 1001, StraightFlush 201, FourOfAKind 101, FullHouse 21,
                                    Flush 16, Straight 11, ThreeOfAKind 8
paytable "1000-200-50-25-20-10-5": RoyalFlush 1001, StraightFlush 201, FourOfAKind 51, FullHouse 26,
                                   Flush 21, Straight 11, ThreeOfAKind 6
