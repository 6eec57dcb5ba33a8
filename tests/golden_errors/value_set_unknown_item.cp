// expect: 4:14: unknown name 'Jokr' (did you mean 'Joker'?)
Two = 0
Joker = 13
Wild = {Two, Jokr}
