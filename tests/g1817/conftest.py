"""The ``require_games`` fixture: skip, saying why, only when the games folder is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from .games import games_dir


@pytest.fixture
def require_games() -> Path:
    """Skip (saying why) only when the whole folder is missing; CI has it."""
    path = games_dir()
    if not (path / "fixtures").is_dir():
        pytest.skip(
            f"1817 real games not found at {path} (set TAKEOVER_1817_DIR to the folder that "
            "holds fixtures/ and traces/)"
        )
    return path
