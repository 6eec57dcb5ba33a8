"""Property tests: any text either parses and resolves, or raises a CpolyError — never
anything else (no lark exception, no KeyError, no RecursionError)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpoly.errors import CpolyError
from cpoly.lang.lower import Lowerer
from cpoly.lang.resolve import resolve
from cpoly.lang.syntax import read_module

TOKENS = [
    "δ", "σ1", "σ2", "σ1-σ2", "\\delta ", "A", "B", "F", "S", "F[1]", "F[2]", "F[i]", "i", "j",
    "Faces", "Two", "=", "+", "-", "–", "*", "(", ")", "{", "}", "[", "]", ",", "..", "<", ":",
    " ", " ", "\n", "0", "1", "2", "13", "prod", "sum", "any", "in", "domain", "param", "cards",
    "deal", "categories", "paytable", '"t"', "dealt", "copies", "ordered", "game", "ranks",
    "// c\n", "{Two-Faces}",
]
PREAMBLE = "Two = 0\nFaces = 3\nF = σ1-σ2\nS = σ3-σ4\ndomain F: Faces\ndomain S: Faces\n"


def _must_parse_or_fail_cleanly(text: str) -> None:
    try:
        program = resolve(read_module(text, "fuzz.cp"))
        lowerer = Lowerer(program)
        for name in program.expressions:
            lowerer.definition(name)
    except CpolyError as error:
        assert error.render()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
def test_random_characters(text: str) -> None:
    _must_parse_or_fail_cleanly(text)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=30))
def test_random_token_streams(tokens: list[str]) -> None:
    _must_parse_or_fail_cleanly(PREAMBLE + "".join(tokens))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=20))
def test_random_definitions(tokens: list[str]) -> None:
    _must_parse_or_fail_cleanly(PREAMBLE + "X = " + "".join(tokens) + "\n")


def test_long_chains_do_not_recurse() -> None:
    many_ones = "+".join(["1"] * 5000)
    factors = " * ".join(["(1 - δF[1],F[2])"] * 3000)
    text = PREAMBLE + f"N = {many_ones}\nX = {factors} + δF[1],F[2]\n"
    program = resolve(read_module(text))
    assert program.constants["N"] == 5000
    assert Lowerer(program).definition("X") is not None
