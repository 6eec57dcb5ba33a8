// expect: 2:1: import "poker.cp" states the first two: five cards from 52
game "Aces with a low kicker, the import forgotten"
FourAcesLowKicker = FourAces * any(i in 1..5) δF[i]{Two-Four}
categories RoyalFlush, FourAcesLowKicker
