// Deuces Wild: Jacks-or-Better's deck and deal, all four deuces wild: the standard library's
// wild-card categories (definitions/lib/wild.cp) with Wild = Two.
// Counts per unordered hand of 52 cards; see docs/language.md and docs/games.md.

import "wild.cp"

game "Deuces Wild"
Wild = Two
LowNatural = Three
FourDeuces = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Two}

categories NaturalRoyalFlush, FourDeuces, WildRoyalFlush, FiveOfAKind, StraightFlush,
           FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind
// Among holds of equal EV, discard the highest-ranked card: the published rows' convention.
tie_rule rank-order

// Pays per coin, highest win only; the first table is the default.
// Sources (Wizard of Odds, wizardofodds.com/games/video-poker/tables/deuces-wild/ and
// …/strategy/deuces-wild/not-so-ugly-ducks/):
//   "full pay"  800-200-25-15-9-5-3-2-2-1   100.7620 %  (also ../shared/reference/published_figures.md)
//   "NSU"       800-200-25-16-10-4-4-3-2-1   99.7278 %  ("Not So Ugly Ducks")
//   "44"        800-200-25-15-11-4-4-3-2-1   99.9569 %  (the table Wizard of Odds lists as 99.96 %)
paytable "full pay": NaturalRoyalFlush 800, FourDeuces 200, WildRoyalFlush 25, FiveOfAKind 15,
                     StraightFlush 9, FourOfAKind 5, FullHouse 3, Flush 2, Straight 2,
                     ThreeOfAKind 1
paytable "NSU": NaturalRoyalFlush 800, FourDeuces 200, WildRoyalFlush 25, FiveOfAKind 16,
                StraightFlush 10, FourOfAKind 4, FullHouse 4, Flush 3, Straight 2,
                ThreeOfAKind 1
paytable "44": NaturalRoyalFlush 800, FourDeuces 200, WildRoyalFlush 25, FiveOfAKind 15,
               StraightFlush 11, FourOfAKind 4, FullHouse 4, Flush 3, Straight 2,
               ThreeOfAKind 1
