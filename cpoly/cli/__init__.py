"""The ``cpoly`` command: one module per group of subcommands, wired in :mod:`cpoly.cli.main`.

Imports: cpoly.errors, cpoly.dag, cpoly.store, cpoly.scale, cpoly.deck, cpoly.lang, cpoly.count, cpoly.api, cpoly.games, cpoly.web
"""

__all__: list[str] = []
