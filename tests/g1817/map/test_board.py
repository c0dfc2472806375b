"""The board against the reference's map after every action of the seven games."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.map.board import Board, map_data
from takeover.g1817.map.trace import board_state

from ..games import GAMES, record
from .maptraces import cumulative, maptrace


def _first_difference(ours: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    for key in ("tiles", "tokens", "assignments"):
        a, b = ours[key], theirs[key]
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return f"{key} {k}: ours {a.get(k)}, reference {b.get(k)}"
    return None


@pytest.mark.parametrize("game", GAMES)
def test_printed_map_is_the_reference_map(game: str) -> None:
    header = next(maptrace(game))
    state = board_state(Board(header["title"]))
    assert _first_difference(state, {**header, "assignments": {}}) is None


@pytest.mark.parametrize("game", GAMES)
def test_board_after_every_action_is_the_reference_map(game: str) -> None:
    data = record(game)
    state = new_game(data)
    applied = applied_actions(data["actions"])
    by_id = {raw["id"]: raw for raw in applied}
    for line, reference in cumulative(game):
        raw = by_id.get(line["id"])
        if raw is None:
            continue
        for action in expand(raw):
            if not state.finished:
                state.push(action)
        diff = _first_difference(board_state(state.board), reference)
        assert diff is None, f"{game} after action {line['id']} ({line['type']}): {diff}"


def test_map_data_has_every_title() -> None:
    for title in ("1817", "1817NA", "1817WO"):
        data = map_data(title)
        assert data.printed and data.tiles
        assert all(data.neighbours[c] for c in data.printed)
