"""The examples in the Hold'em modules' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

from cpoly.games import holdem

MODULES = sorted(m.name for m in pkgutil.iter_modules(holdem.__path__, holdem.__name__ + "."))


@pytest.mark.parametrize("name", [holdem.__name__, *MODULES])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
