"""Range notation: combo counts, membership, and errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cpoly.cli.main import main
from cpoly.errors import CpolyInputError
from cpoly.games.holdem.intcards import RANKS
from cpoly.games.holdem.ranges import parse_hand, parse_range, weighted_range

CASES = [
    ("77", 6), ("77+", 48), ("22+", 78), ("AA+", 6), ("77-99", 18), ("99-77", 18),
    ("AKs", 4), ("AKo", 12), ("AK", 16), ("ka", 16), ("A2s+", 48), ("KTo+", 36), ("KT+", 48),
    ("A2s-A5s", 16), ("QQ+,AKs", 22), ("QQ+, AK, AKs", 34), ("random", 1326), ("??", 1326),
    ("AcKc", 1), ("AcKc,AdKd", 2), ("AKs,AcKc", 4),
]


@pytest.mark.parametrize(("text", "count"), CASES)
def test_counts(text: str, count: int) -> None:
    assert len(parse_hand(text)) == count
    assert len(set(parse_hand(text))) == count


@given(st.sampled_from(RANKS), st.sampled_from(RANKS), st.sampled_from(["", "s", "o"]))
def test_membership(a: str, b: str, kind: str) -> None:
    if a == b and kind:
        with pytest.raises(CpolyInputError):
            parse_range(a + b + kind)
        return
    combos = parse_range(a + b + kind)
    ranks = sorted([RANKS.index(a), RANKS.index(b)], reverse=True)
    for high, low in combos:
        assert high > low
        assert sorted([high // 4, low // 4], reverse=True) == ranks
        if kind == "s":
            assert high % 4 == low % 4
        if kind == "o":
            assert high % 4 != low % 4
    assert len(combos) == (6 if a == b else {"": 16, "s": 4, "o": 12}[kind])


@given(st.sampled_from(RANKS), st.sampled_from(RANKS), st.sampled_from(["s", "o", ""]))
def test_plus_ranges(a: str, b: str, kind: str) -> None:
    if a == b:
        return
    high, low = max(RANKS.index(a), RANKS.index(b)), min(RANKS.index(a), RANKS.index(b))
    combos = parse_range(f"{RANKS[high]}{RANKS[low]}{kind}+")
    per = {"": 16, "s": 4, "o": 12}[kind]
    assert len(combos) == per * (high - low)
    assert {c[1] // 4 for c in combos} == set(range(low, high))


@pytest.mark.parametrize("text", ["AKx", "A", "AAs", "AKs-QJs", "77-AKs", "", "AK,,QQ",
                                   "1010", "AhAh", "AK++"])
def test_errors(text: str) -> None:
    with pytest.raises(CpolyInputError):
        parse_hand(text)


@given(st.text(alphabet="AKQJT98765432soxz+-, ", min_size=1, max_size=8))
def test_never_crashes(text: str) -> None:
    try:
        combos = parse_hand(text)
    except CpolyInputError as error:
        assert error.message
    else:
        assert all(0 <= c < 52 for combo in combos for c in combo)
        assert all(a != b for a, b in combos)


@pytest.mark.parametrize(("text", "named"), [
    ("A2s+@50,A5s@100", "As 5s"), ("A5s,A2s+@50", "As 5s"), ("QQ+,KK@12.5", "12.5"),
    ("AsKs@20,AKs@30", "As Ks"), ("??,AA@50", "'AA@50'"),
])
def test_a_combo_given_two_weights_is_refused(text: str, named: str) -> None:
    with pytest.raises(CpolyInputError, match="give each hand one weight") as caught:
        weighted_range(text)
    assert named in caught.value.message


@pytest.mark.parametrize(("text", "named", "rule"), [
    ("A2s+-A5s", "'A2s+-A5s'", "'+' and '-' do not combine; write 'A2s+' or 'A2s-A5s'"),
    ("QQ+,77+-99@50", "'77+-99'", "'+' and '-' do not combine; write '77+' or '77-99'"),
    ("AKo+-AQo", "'AKo+-AQo'", "'+' and '-' do not combine"),
    ("77-99s", "'77-99s'", "a pair cannot be suited or offsuit"),
    ("AK,QQ-JJo", "'QQ-JJo'", "a pair cannot be suited or offsuit"),
])
def test_spellings_once_misread_are_refused_naming_the_item(text: str, named: str,
                                                            rule: str) -> None:
    """Each was accepted as something else: the '+' dropped (A2s+-A5s read as A2s-A5s), the
    's'/'o' of the second pair dropped (77-99s read as 77-99)."""
    with pytest.raises(CpolyInputError) as caught:
        weighted_range(text)
    assert named in caught.value.message and rule in caught.value.message


def test_equity_refuses_a_plus_and_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "A2s+-A5s", "KK"]) == 2
    err = capsys.readouterr().err
    assert "bad range 'A2s+-A5s'" in err and "Traceback" not in err


def test_a_combo_listed_twice_with_one_weight_is_fine() -> None:
    assert weighted_range("QQ+,AA") == weighted_range("QQ+")
    assert set(weighted_range("A2s+@50,A5s@50").values()) == {50}
