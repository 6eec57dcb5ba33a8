"""One dealt hand's 32 holds, with the standard library alone: the hold lattice and its one
inclusion-exclusion (:mod:`.lattice`), the tie rules and which is in effect (:mod:`.tiebreak`),
the draw weights, exact EVs and the chosen hold (:mod:`.holdchoice`).

A warm ``cpoly hold`` reads only this package (and the prepared-game file's reader,
:mod:`~cpoly.games.videopoker.warm.holdfile`): nothing here may import NumPy or the parser.

Imports: cpoly.errors, cpoly.lang.paytable, cpoly.lang.tierule
"""

__all__: list[str] = []
