"""The examples run (tiny settings), so they cannot rot unnoticed."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("script", "argv", "expect"),
    [
        ("pettingzoo_random.py", ["--games", "1", "--players", "2"], "game 0:"),
        ("gymnasium_random.py", ["--episodes", "1", "--opponents", "random"], "mean reward"),
        ("openspiel_random.py", ["--games", "1", "--players", "2"], "returns"),
        (
            "openspiel_vs_takeover_bots.py",
            ["--simulations", "2", "--games", "1", "--opponents", "random"],
            "wins",
        ),
    ],
)
def test_example_runs(script: str, argv: list[str], expect: str, capsys) -> None:  # type: ignore[no-untyped-def]
    namespace = runpy.run_path(str(EXAMPLES / script))
    namespace["main"](argv)
    assert expect in capsys.readouterr().out
