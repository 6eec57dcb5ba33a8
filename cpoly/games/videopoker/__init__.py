"""Video poker: autohold and the full return under optimal play from a game's ``.cp`` categories
(the generic formulas), and what is built on them.

The front door is :class:`~cpoly.games.videopoker.game.VideoPoker` (a game's deck, its
preparations, ``hold`` and ``analyze``); :mod:`.gamesource` gives the analyses a game warm or
loaded behind one interface.  The sub-packages, each importing only those listed before it:

* :mod:`.hold`: one dealt hand's 32 holds, the inclusion-exclusion and the tie rules (standard
  library only);
* :mod:`.prepare`: what does not depend on the pay table (categories, deal classes, subset
  tables, decks with copies), kept on disk;
* :mod:`.play`: the deals played under a value vector; the plain, ordered and copies variants
  behind one protocol, chosen once by the game's kind of deal;
* :mod:`.warm`: the prepared-game file, the warm ``hold`` and the warm ``analyze``;
* :mod:`.strategy` (charts) and :mod:`.par` (PAR sheet, other pays, sweeps, design, multi-play),
  above the game.

Importing this package loads nothing else, so that a NumPy-free module of it
(:mod:`.hold`, :mod:`.warm.holdfile`) does not load the analysis.

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.scale, cpoly.deck, cpoly.lang, cpoly.count, cpoly.api
"""
