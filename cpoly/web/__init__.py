"""The local web app of ``cpoly serve``: static pages and a JSON API that runs the CLI.

``runner`` runs one ``cpoly ... --json`` under limits, ``commands`` turns API requests into
command lines, ``games`` lists and reads games, ``jobs`` tracks runs, ``store`` is the server's
cache folder (one entry per game, a size cap), ``guard`` checks every request (Host, Origin,
body size and read times), ``app`` is the ASGI app, ``deck`` prints a game's deck for the card
picker; ``static/`` holds the pages.

Imports: cpoly.errors, cpoly.store, cpoly.lang, cpoly.games
"""

__all__: list[str] = []
