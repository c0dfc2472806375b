"""The examples in the research modules' docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "module",
    ["actions", "rewards", "pettingzoo_env", "gym_env", "spiel_bot"],
)
def test_docstring_examples(module: str) -> None:
    mod = importlib.import_module(f"takeover.rl.{module}")
    result = doctest.testmod(mod)
    assert result.failed == 0
