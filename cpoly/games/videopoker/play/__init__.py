"""A game's deals played under a value vector (a pay table's pays, or a feature's values per
category): one deal's holds, and every deal's final hands.

The variants — plain, ordered and copies — implement one protocol,
:class:`~.variant.PlayVariant`, chosen once per game by its kind of deal from
:data:`~.variant.VARIANTS` (:mod:`.variant`; :mod:`.plain`, :mod:`.orderedplay` with
:mod:`.ordered` and :mod:`.placed`, :mod:`.copies`).  What they share: the holds chosen on many
deals and the tie rules (:mod:`.choice`), the pricing of many deals at once (:mod:`.scalar`),
the totals and the figures (:mod:`.summary`), every hold's value for any pays
(:mod:`.holdvalues`).

Imports: cpoly.errors, cpoly.lang, cpoly.scale, cpoly.deck, cpoly.games.videopoker.hold, cpoly.games.videopoker.prepare
"""

__all__: list[str] = []
