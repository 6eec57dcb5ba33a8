"""``cpoly train`` on a Multi-Strike or a single-line Ultimate X game: the state moves as the
game's rules say, and each hand is costed in the state it is played in.

* **Multi-Strike**: a game starts at level 1.  Before a level below the top is played, its Free
  Ride is drawn (its chance); the hand pays the level's multiplier times the pay table.  With a
  Free Ride the player moves up whatever the hand (so the hand is worth its pays alone: the
  base strategy); without one a paying hand moves up (:func:`paying_categories`, the solver's
  rule) and any other ends the game.  The top level's hand ends the game too.
* **Ultimate X**: the multiplier in force starts at 1; a hand pays it times the pay table and
  sets the next one from its category (1 after the others).

A hand's holds are valued in its state (:func:`~cpoly.cli.statehold.hold_in_state`: the
state's category values from the solved feature, :func:`~cpoly.cli.statehold.solved_states`),
so a mistake costs the EV difference under that state's values.  The replacement cards are
drawn from the rest of the deck with the session's random numbers and the final hand's
category read from the engine's categories of every hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from cpoly.cli.statehold import hold_in_state, solved_states
from cpoly.deck.subsets import colex_rank
from cpoly.games.videopoker.feature.states import StateValue, state_label
from cpoly.games.videopoker.hold.holdchoice import HoldOption, HoldResult
from cpoly.games.videopoker.hold.lattice import HAND_SIZE

if TYPE_CHECKING:
    from cpoly.games.videopoker.game import VideoPoker
    from cpoly.lang.features import MultiStrike, UltimateX
    from cpoly.lang.paytable import PayTable

__all__ = ["FeatureSession", "feature_session"]


def feature_session(poker: VideoPoker, table: PayTable, rng: random.Random, show: bool) -> FeatureSession | None:
    """The session of the game's Multi-Strike or single-line Ultimate X feature (its states
    solved or read back), None for a game without one (the base game is trained); each
    feature the session does not play is warned about (the base game's warning)."""
    from cpoly.cli.output import print_warnings
    from cpoly.lang.features import MultiStrike, UltimateX, base_game_only

    features = poker.game.spec.features
    played = next((f for f in features if isinstance(f, MultiStrike) or isinstance(f, UltimateX) and f.lines == 1),
                  None)
    print_warnings([base_game_only(f) for f in features if f is not played])
    if played is None:
        return None
    return FeatureSession(poker, table, played, solved_states(poker, table, played, show), rng)


class FeatureSession:
    """The state in force and how a hand moves it (see the module docstring)."""

    def __init__(self, poker: VideoPoker, table: PayTable, feature: MultiStrike | UltimateX,
                 states: dict[str, StateValue], rng: random.Random) -> None:
        from cpoly.games.videopoker.feature.multistrike import paying_categories
        from cpoly.lang.features import MultiStrike

        self.poker, self.table, self.states, self.rng = poker, table, states, rng
        self.levels = feature.levels if isinstance(feature, MultiStrike) else ()
        self.free_rides = feature.free_ride if isinstance(feature, MultiStrike) else ()
        self.next_multiplier = {} if isinstance(feature, MultiStrike) else dict(feature.next_multiplier)
        self.paying = frozenset(paying_categories(table))
        self.categories = poker.categories()
        self.level = 1                                  # Multi-Strike
        self.multiplier = Fraction(1)                   # Ultimate X
        self.free_ride = False
        self.label = ""

    @property
    def top(self) -> int:
        """The top level (0: an Ultimate X game)."""
        return len(self.levels)

    def start(self) -> str:
        """The state of the next hand, as the trainer shows it (the Free Ride drawn)."""
        if not self.top:
            self.label = state_label([self.multiplier])
            return f"multiplier {self.label}"
        self.free_ride = self.level < self.top and self.rng.random() < self.free_rides[self.level - 1]
        self.label = f"{self.level}" + (" free ride" if self.free_ride else "")
        pays = self.levels[self.level - 1]
        return f"level {self.level}, pays {pays}x" + (", Free Ride: up a level whatever the hand" if self.free_ride
                                                      else "")

    def value(self) -> StateValue:
        """What a final hand is worth in this hand's state (a Free Ride's: its pays alone)."""
        if not self.top:
            return self.states[self.label]
        value = self.states[str(self.level)]
        return StateValue(value.multiplier, (Fraction(0),) * len(value.extra)) if self.free_ride else value

    def hold(self, deal: Sequence[int]) -> HoldResult:
        """The deal's holds valued in this hand's state (the game's tie rule)."""
        return hold_in_state(self.poker, self.table, deal, self.value(), None)

    def play_out(self, deal: Sequence[int], option: HoldOption) -> str:
        """Draw the replacements, read the final hand and move the state; what happened, in words."""
        poker = self.poker
        held = list(option.held)
        rest = sorted(set(range(poker.n_cards)) - set(deal))
        final = sorted(held + self.rng.sample(rest, HAND_SIZE - len(held)))
        category = int(self.categories[int(colex_rank(np.array([final]))[0])])
        names = poker.game.category_names
        name = names[category] if category < len(names) else "nothing"
        dealt = len(held) == HAND_SIZE
        pay = self.value().multiplier * (self.table.pay(category, dealt) if category < len(names) else 0)
        hand = " ".join(poker.card_name(card) for card in final)
        return f"  final {hand}: {name}, pays {pay}; {self._move(category, name)}"

    def _move(self, category: int, name: str) -> str:
        if not self.top:
            self.multiplier = self.next_multiplier.get(name, Fraction(1))
            return f"next hand at multiplier {self.multiplier}"
        if self.level < self.top and (self.free_ride or category in self.paying):
            self.level += 1
            return f"up to level {self.level}"
        self.level = 1
        return "the game is over: a new game at level 1"
