// Double Bonus Poker Plus (IGT): Double Bonus whose four aces and four 2s-4s pay more when the
// four cards sit side by side (positions 1-4 or 2-5, the kicker at either end).  An ordered game
// ('ordered'): counts are of ordered deals and play is order-aware (docs/games.md).

import "poker.cp"

game "Double Bonus Poker Plus"
ordered
// The four cards at positions a..a+3 (a = 1 or 2) share a face in the given set.
FourAdjacentAces = any(a in 1..2) δF[a],F[a+1],F[a+2],F[a+3]{Ace}
FourAdjacentTwosToFours = any(a in 1..2) δF[a],F[a+1],F[a+2],F[a+3]{Two-Four}

categories RoyalFlush, StraightFlush, FourAdjacentAces, FourAdjacentTwosToFours, FourAces,
           FourTwosToFours, FourFivesToKings, FullHouse, Flush, Straight, ThreeOfAKind, TwoPair,
           JacksOrBetter

// Pays per coin, highest win only.  "9-6-5": 100.08 % with position-blind play (Wizard of Odds,
// wizardofodds.com/games/video-poker/tables/double-bonus-plus/), so the exact optimum is higher.
paytable "9-6-5": RoyalFlush 800, StraightFlush 50, FourAdjacentAces 400,
                  FourAdjacentTwosToFours 160, FourAces 160, FourTwosToFours 80,
                  FourFivesToKings 40, FullHouse 9, Flush 6, Straight 5, ThreeOfAKind 3,
                  TwoPair 1, JacksOrBetter 1
