"""A Hold'em game's rules read from its ``.cp`` file, through the engine.

The file is loaded with :func:`cpoly.api.load_program` and checked with the engine's own
checking function (:meth:`cpoly.count.compiledgame.Game.classify`: the first category in the file's order
that is 1 on a hand).  Nothing about the game is assumed:

* **the deck**: the ranks are the file's ``ranks`` letters (one per face value, lowest first;
  ``6789TJQKA`` for short deck), the suits its suit domain (four);
* **the straights**: every five distinct ranks are dealt (no flush, no other rank) and the
  game's categories evaluated on them; the one category that is 1 on some of them and 0 on the
  others is the straight, and the ranks it accepts are the straight windows (where the ace
  plays follows: A-2-3-4-5, A-6-7-8-9);
* **the category order**: one hand of each structural kind (:class:`~cpoly.games.holdem.rules.Kind`)
  is built so that it holds nothing higher, and checked; the category it lands in gives that
  kind's place in the file's order (a flush above a full house in short deck);
* **the hole cards**: a seven-card game is two hole cards and the best five of seven; a
  five-card game states ``HoleCards`` and ``HoleCardsUsed`` (Omaha: 4 and 2).

Then the evaluator generated from these rules must give the file's category on every probe and
on a few thousand random hands, or the file is refused with a hand where they differ.  The rules
are kept in the cache like a loaded game (:mod:`cpoly.store.snapshot`), so a warm run reads them back.

>>> rules = default_rules()
>>> rules.names[-1], len(rules.deck), len(rules.windows), rules.hole_cards
('royal flush', 52, 10, 2)
"""

from __future__ import annotations

from pathlib import Path
from typing import Union

from cpoly.errors import CpolyInputError
from cpoly.games.holdem.rules import GameRules
from cpoly.store.gameset import given_overrides
from cpoly.store.sources import GAMES

__all__ = ["DEFAULT_GAME", "GameLike", "default_rules", "resolve_game", "rules_of"]

#: The default game: standard Texas Hold'em.
DEFAULT_GAME = GAMES / "holdem.cp"
_OPTIONS = {"kind": "holdem-rules", "version": 1}
_loaded: dict[tuple[str, str], GameRules] = {}  # by path and options


def default_rules() -> GameRules:
    """Standard Hold'em's rules, read from ``definitions/holdem.cp`` (once per process)."""
    rules = _loaded.get(("", str(given_overrides())))
    if rules is None:
        if not DEFAULT_GAME.is_file():
            raise CpolyInputError(f"the default Hold'em game {DEFAULT_GAME} is missing: give --game FILE")
        rules = _loaded["", str(given_overrides())] = rules_of(DEFAULT_GAME)
    return rules


def rules_of(path: str | Path) -> GameRules:
    """The rules of the Hold'em game in the ``.cp`` file at ``path`` (see the module docstring).

    Raises
    ------
    CpolyError
        When the file is not a game the Hold'em evaluator can play (named, with a hand).
    """
    from cpoly.store.snapshot import keep, recall_loaded

    key = str(Path(path).resolve())
    options = {**_OPTIONS, "overrides": sorted(given_overrides().items())}  # --set
    if (key, str(options)) in _loaded:
        return _loaded[key, str(options)]
    rules = recall_loaded(key, options, GameRules)
    if rules is None:
        from cpoly.api import load_program
        from cpoly.count.compiledgame import Game
        from cpoly.games.holdem.gameprobe import derive_rules  # a cold load only: NumPy and the engine

        program = load_program(key)
        rules = derive_rules(Game.from_program(program), key)
        keep(key, options, rules, program.module.sources)
    _loaded[key, str(options)] = rules
    return rules


#: A game as the Hold'em functions take it: a ``.cp`` path, its rules, or None (standard).
GameLike = Union[str, Path, GameRules, None]


def resolve_game(game: str | Path | GameRules | None) -> GameRules:
    """The rules of ``game``: a ``.cp`` file's, the rules themselves, or standard Hold'em's."""
    if game is None:
        return default_rules()
    if isinstance(game, GameRules):
        return game
    return rules_of(game)
