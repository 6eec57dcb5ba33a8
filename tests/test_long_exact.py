"""Exact results longer than the interpreter's 4,300-digit guard are printed, not refused.

The 10-play Ultimate X analysis ended in "internal error (ValueError: Exceeds the limit (4300
digits) for integer string conversion)" when it printed its exact long-run variance.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from fractions import Fraction

import pytest

from cpoly.cli.main import main
from cpoly.cli.strategy import exact


@pytest.fixture
def guarded() -> Iterator[None]:
    """The interpreter's default guard before the test, restored after it."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    yield
    sys.set_int_max_str_digits(before)


def test_the_command_line_prints_a_fraction_of_any_length(guarded: None, capsys: pytest.CaptureFixture[str]) -> None:
    long = Fraction(10**5000 + 1, 3**9000)
    with pytest.raises(ValueError, match="4300 digits"):
        exact(long)  # what the guard does on its own
    assert main(["--version"]) == 0
    capsys.readouterr()
    numerator, denominator = exact(long).split("/")
    assert int(numerator) == 10**5000 + 1 and int(denominator) == 3**9000
