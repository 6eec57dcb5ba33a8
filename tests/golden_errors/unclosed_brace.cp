// expect: 5:1: unexpected 'categories'; expected ')', '*', '+', ',', '-', '[' (is the '{' at line 4, column 52 left open?)
import "poker.cp"
game "Aces with a low kicker"
FourAcesLowKicker = FourAces * any(i in 1..5) δF[i]{Two-Four
categories RoyalFlush, FourAcesLowKicker
paytable "a": RoyalFlush 800, FourAcesLowKicker 160
