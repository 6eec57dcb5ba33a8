"""The deck layer of the core, shared by every game (video poker, Hold'em, Omaha, short deck).

* :mod:`~cpoly.deck.cards`: the card codec, card text (``Ah Td 2c``, Unicode suits) to
  ``(face, suit)`` values and back.
* :mod:`~cpoly.deck.hands`: hands as colex-ranked k-subsets of a deck, the one enumeration.
* :mod:`~cpoly.deck.subsets`: hands as colex-ranked k-subsets (:func:`colex_rank`, binomials).
* :mod:`~cpoly.deck.codes`: card codes ``suits * rank + suit`` of a deck of ranks by suits.
* :mod:`~cpoly.deck.symmetry`: a deck's suit-symmetry group (:func:`suit_symmetries`), classes of
  k-card deals (:func:`deal_classes`) and of players' holdings beside a board
  (:func:`holding_classes`).
* :mod:`~cpoly.deck.suitorbits`: the canonical member of every deal's suit orbit from per-suit
  slot masks (one pass over the deals, any deck size, copies and group order).
* :mod:`~cpoly.deck.suitclasses`: suit classes of hands built card by card, as suit columns of
  face masks, and their subset tables.
* :mod:`~cpoly.deck.ranks`: rank multisets of unknown cards and their numbers of suitings.

Nothing here knows a game: a deck with fewer ranks, more or fewer suits, or repeated cards is
described by its ``(faces, suits)`` arrays or its :class:`~cpoly.deck.codes.CardCodes`.

Imports: cpoly.errors, cpoly.dag, cpoly.scale
"""

__all__: list[str] = []
