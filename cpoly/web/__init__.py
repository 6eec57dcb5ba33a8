"""The local web app of ``cpoly serve``: static pages and a JSON API that runs the CLI.

``runner`` runs one ``cpoly ... --json`` under limits, ``commands`` turns API requests into
command lines, ``games`` lists and writes games, ``jobs`` tracks runs, ``app`` is the ASGI app,
``deck`` prints a game's deck for the card picker; ``static/`` holds the pages.
"""
