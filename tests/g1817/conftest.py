"""The 1817 tests read their real games from ``tests/data/1817``; a missing folder fails them."""

from __future__ import annotations

import pytest

from .games import games_dir


@pytest.fixture(scope="session", autouse=True)
def games_folder_present() -> None:
    """Fail (never skip) every 1817 test when the vendored data is not where it belongs."""
    path = games_dir()
    if not (path / "fixtures").is_dir():
        pytest.fail(f"1817 test data is missing: {path} should hold fixtures/ and traces/")
