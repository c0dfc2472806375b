"""Every recorded decision is among the listed legal actions (route sets aside)."""

from __future__ import annotations

import json

import pytest

from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.legal import covers, is_listed_kind

from .games import GAMES, MORE_GAMES, fixture_path


def listed(game_name: str) -> tuple[int, list[str]]:
    data = json.loads(fixture_path(game_name).read_text())
    game = new_game(data)
    flat = [a for raw in applied_actions(data["actions"]) for a in expand(raw)]
    checked, missing = 0, []
    for action in flat:
        if is_listed_kind(game, action):
            checked += 1
            if not covers(game.legal_actions(), action):
                missing.append(f"{type(game.round).__name__}: {action}")
        game.push(action)
    return checked, missing


@pytest.mark.parametrize("game", (*GAMES, *MORE_GAMES))
def test_recorded_decisions_are_listed(game: str) -> None:
    checked, missing = listed(game)
    assert checked > 100
    assert not missing, missing[:5]


@pytest.mark.parametrize("game_name", ["1817WO__1817WO_game_end_bankrupt", "1817__20758"])
def test_checked_apply_accepts_the_whole_game(game_name: str) -> None:
    data = json.loads(fixture_path(game_name).read_text())
    game = new_game(data)
    flat = [a for raw in applied_actions(data["actions"]) for a in expand(raw)]
    for action in flat:
        game.apply(action)
    assert game.result() == {str(k): v for k, v in data["result"].items()}
