"""The play variants behind one interface: the registry chooses each kind of deal's variant, the
one table of the inclusion-exclusion has two readers that agree, a value vector other than a pay
table plays like the pay table of those values, and the tie rule in effect is resolved once."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cpoly.errors import CpolyError
from cpoly.games.videopoker.game import VideoPoker
from cpoly.games.videopoker.gamesource import LoadedSource, game_source
from cpoly.games.videopoker.hold.lattice import DISCARD_STEPS, HOLDS, superset_sign, supersets
from cpoly.games.videopoker.hold.lattice import exclude_discards as exclude_one
from cpoly.games.videopoker.hold.tiebreak import DEFAULT, FLAG, choose_tie_rule
from cpoly.games.videopoker.play.copies import CopiesPlay
from cpoly.games.videopoker.play.orderedplay import OrderedPlay
from cpoly.games.videopoker.play.plain import PlainPlay
from cpoly.games.videopoker.play.summary import GameAnalysis
from cpoly.games.videopoker.play.variant import VARIANTS, DealKind, analyze
from cpoly.games.videopoker.prepare.prepared import PreparedGame, prepare_game
from cpoly.games.videopoker.prepare.tables import exclude_discards as exclude_many
from cpoly.lang.paytable import PayTable, ScaledPays
from cpoly.lang.tierule import DEFAULT_TIE_RULE, TieRule

from ..conftest import DEFINITIONS
from .vp_oracle import brute_analysis, poker_categories, standard_deck

PAYS = (50, 25, 9, 6, 4, 3, 2, 1, 1)


@cache
def small() -> tuple[PreparedGame, np.ndarray, np.ndarray]:
    """15 cards (five faces, three suits): 3,003 deals, brute force within reach."""
    faces, suits = standard_deck(5, 3)
    categories = poker_categories(5, 3)
    return prepare_game(categories, faces, suits, 10, use_cache=False), categories, faces


# ---------------------------------------------------------------- one table, two readers


def test_the_numpy_reader_subtracts_the_pairs_of_the_table() -> None:
    """Each step's strided views pair exactly the holds the table lists."""
    holds = np.arange(HOLDS)
    for bit, pairs in DISCARD_STEPS:
        step = holds.reshape(HOLDS // (2 * bit), 2, bit)
        assert list(zip(step[:, 0].ravel().tolist(), step[:, 1].ravel().tolist())) == list(pairs)
    assert sorted(bit for bit, _ in DISCARD_STEPS) == [1, 2, 4, 8, 16]


def test_the_two_readers_agree_and_equal_the_sum_over_supersets() -> None:
    """Random counts through the standard-library reader, the NumPy reader, and the definition
    ``out[H] = sum over T >= H of (-1)**|T - H| containing[T]`` term by term."""
    rng = np.random.default_rng(31)
    containing = rng.integers(-1000, 1000, size=(HOLDS, 3, 4))
    many = exclude_many(containing.copy())  # (3, 32, 4)
    for deal in range(3):
        rows = containing[:, deal, :].tolist()
        one = exclude_one(rows)
        by_definition = [[sum(superset_sign(h, t) * rows[t][c] for t in supersets(h)) for c in range(4)]
                         for h in range(HOLDS)]
        assert one == by_definition == many[deal].tolist()


# ---------------------------------------------------------------- the registry


class _Preparations:
    """Stand-in preparations: the registry wires each kind to its variant and its preparation."""

    single, copies, hands = object(), object(), object()

    def single_deck(self, use_cache: bool = True):  # type: ignore[no-untyped-def]
        return self.single

    def copies_deck(self, use_cache: bool = True):  # type: ignore[no-untyped-def]
        return self.copies

    @property
    def ordered_hands(self):  # type: ignore[no-untyped-def]
        return self.hands


def test_every_kind_of_deal_has_one_variant() -> None:
    assert set(VARIANTS) == set(DealKind)
    game = _Preparations()
    plain, ordered, copies = (VARIANTS[kind].make(game, False) for kind in DealKind)  # type: ignore[arg-type]
    assert type(plain) is PlainPlay and plain.prepared is game.single  # type: ignore[attr-defined]
    assert type(ordered) is OrderedPlay and ordered.hands is game.hands  # type: ignore[attr-defined]
    assert type(copies) is CopiesPlay and copies.prepared is game.copies  # type: ignore[attr-defined]


@pytest.mark.parametrize("name, kind", [("jacks_or_better", DealKind.PLAIN), ("sequential_royal", DealKind.ORDERED),
                                        ("double_deck_jacks", DealKind.COPIES)])
def test_a_game_is_of_one_kind(name: str, kind: DealKind) -> None:
    poker = VideoPoker.load(str(DEFINITIONS / f"{name}.cp"))
    assert poker.kind is kind
    assert DealKind.of(poker.game.spec.ordered, poker.copies) is kind


def test_the_features_of_a_plain_deal_refuse_the_other_kinds_in_words() -> None:
    VARIANTS[DealKind.PLAIN].require_plain("--plays")
    with pytest.raises(CpolyError, match=r"^cpoly sweep is not supported for ordered games \(position-dependent"):
        VARIANTS[DealKind.ORDERED].require_plain("cpoly sweep")
    with pytest.raises(CpolyError, match="^--plays is not supported for decks with copies of each card yet$"):
        VARIANTS[DealKind.COPIES].require_plain("--plays")
    with pytest.raises(CpolyError, match="ordered deals from a deck with copies"):
        DealKind.of(ordered=True, copies=2)


# ---------------------------------------------------------------- a value vector per category


def test_a_pay_tables_analysis_is_its_values_played_then_priced() -> None:
    prepared, categories, faces = small()
    table = PayTable("small", PAYS)
    played = PlainPlay(prepared).play(table.scaled(), TieRule.FIRST)
    analysis = analyze(PlainPlay(prepared), table, "first")
    assert analysis == GameAnalysis.priced(played, table)
    assert played.mean(table.scaled()) == analysis.expected_return
    pays = [Fraction(p) for p in (*PAYS, 0)]
    assert list(played.combinations) == brute_analysis(categories, 15, pays, pays, faces)["first"][0]


def test_a_features_values_play_like_the_pay_table_of_those_values() -> None:
    """A feature's vector (each paying category worth twice its pay plus 3/2, the next level's
    value, a dealt flush more): played directly, it chooses the holds, and prices the final
    hands, exactly as the pay table with those values does."""
    prepared, _, _ = small()
    ordinary = tuple(Fraction(2 * pay) + Fraction(3, 2) for pay in PAYS) + (Fraction(0),)
    dealt = tuple(value + (8 if c == 4 else 0) for c, value in enumerate(ordinary))
    values = ScaledPays(tuple(int(v * 4) for v in ordinary), tuple(int(v * 4) for v in dealt), 4)  # not lowest terms
    as_table = PayTable("levels", ordinary[:-1], dealt[:-1])
    played = PlainPlay(prepared).play(values, DEFAULT_TIE_RULE)
    assert played == PlainPlay(prepared).play(as_table.scaled(), DEFAULT_TIE_RULE)
    assert played.mean(values) == analyze(PlainPlay(prepared), as_table).expected_return
    assert played.total == comb(15, 5) * played.lcm_weight


# ---------------------------------------------------------------- the tie rule in effect, once


def test_the_tie_rule_in_effect_is_resolved_by_one_function(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The flag, else the game's statement, else the default: the game, the loaded source and
    the warm source all answer through :func:`choose_tie_rule`."""
    monkeypatch.setenv("CPOLY_CACHE_DIR", str(tmp_path))
    stated = "definitions/royal_aces_bonus.cp"
    poker = VideoPoker.load(stated)
    loaded = LoadedSource(stated, True)
    assert poker.tie_rule_choice(None) == loaded.tie_rule(None) == choose_tie_rule(None, poker.tie_rule_statement)
    assert poker.tie_rule_choice(None).origin == "definitions/royal_aces_bonus.cp:14:1"
    assert poker.tie_rule_choice("first") == (TieRule.FIRST, FLAG)
    loaded.analyse(loaded.paytable(None), None, None)
    loaded.finish()  # writes the prepared-game file: the next source is warm
    warm = game_source(stated, True, (None,))
    assert type(warm) is not LoadedSource
    assert warm.tie_rule(None) == loaded.tie_rule(None) and warm.tie_rule("most-cards").origin == FLAG
    assert VideoPoker.load("definitions/jacks_or_better.cp").tie_rule_choice(None) == (DEFAULT_TIE_RULE, DEFAULT)
