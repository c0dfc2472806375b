"""Both games satisfy the game protocol, as the type checker sees it.

``typing_check.py`` assigns each game's state to a ``GameState``; ``mypy --strict``
must accept it, and must refuse a state that lacks a protocol method (so the check
can fail).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent

NOT_A_STATE = """
from takeover.core.protocol import GameState
from takeover.acquire import AcquireState


class Half:
    game = "half"
    num_players = 2


def f(state: AcquireState) -> GameState:
    wrong: GameState = Half()
    return state
"""


def mypy(*paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *paths],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_both_game_states_are_game_protocol_states() -> None:
    result = mypy(str(HERE / "typing_check.py"))
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_a_state_without_the_protocol_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "not_a_state.py"
    path.write_text(NOT_A_STATE)
    result = mypy(str(path))
    assert result.returncode == 1
    assert 'incompatible types in assignment (expression has type "half"' in result.stdout.lower()
