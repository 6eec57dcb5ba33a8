// Deuces and Joker Wild: 52 cards and one joker, the four deuces and the joker wild (five wild
// cards): the standard library's joker deck (definitions/lib/jokers.cp) and wild-card categories
// (definitions/lib/wild.cp) with the set of wild faces Wild = {Two, Joker}.  Counts per
// unordered hand of 53 cards.  Four deuces and the joker is the top hand; four deuces (no joker)
// is paid apart; a royal flush with a wild card is a wild royal.

import "jokers.cp"
import "wild.cp"

game "Deuces and Joker Wild"
override Wild = {Two, Joker}
override LowNatural = Three
FiveWilds = prod(i in 1..5) δF[i]{Wild}
FourDeuces = any(i<j<k<l in 1..5) δF[i],F[j],F[k],F[l]{Two}

categories FiveWilds, NaturalRoyalFlush, FourDeuces, WildRoyalFlush, FiveOfAKind, StraightFlush,
           FourOfAKind, FullHouse, Flush, Straight, ThreeOfAKind

// Pays per coin, highest win only; the first table is the default.  Sources: gamesandcasino.com
// and freegamblinggames.net "Deuces and Joker" (5 coins: 10000-4000-125-60-45-30-15-15-15-10-5);
// Wizard of Odds "Deuces and Joker Wild": return 99.07 % for "full pay" with optimal play.
// "1 coin": with fewer than five coins four deuces and the joker pays as five of a kind and the
// natural royal 250 (the same pages).
paytable "full pay": FiveWilds 2000, NaturalRoyalFlush 800, FourDeuces 25, WildRoyalFlush 12,
                     FiveOfAKind 9, StraightFlush 6, FourOfAKind 3, FullHouse 3, Flush 3,
                     Straight 2, ThreeOfAKind 1
paytable "1 coin": FiveWilds 9, NaturalRoyalFlush 250, FourDeuces 25, WildRoyalFlush 12,
                   FiveOfAKind 9, StraightFlush 6, FourOfAKind 3, FullHouse 3, Flush 3,
                   Straight 2, ThreeOfAKind 1
