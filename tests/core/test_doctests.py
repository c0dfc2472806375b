"""The examples in the protocol's and the bot specs' docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "takeover.core.options",
        "takeover.core.extensions",
        "takeover.core.protocol",
        "takeover.bots.spec",
        "takeover.bots.registry",
    ],
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
