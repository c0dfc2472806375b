"""The board against the reference's map after every action of the seven games."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.g1817.fixture import applied_actions, expand, new_game
from takeover.g1817.map.board import Board, map_data
from takeover.g1817.map.trace import board_state

from ..games import GAMES, positions, record
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


def test_the_city_tile_lay_removes_the_ranches_beside_it() -> None:
    """Rule 10.1, as on 18xx.games (its engine, given the same ranches on this position,
    removed those of E4 and G4): in 1817__1817_game_end_bankrupt, action 222, the game's
    city-tile private, Indianapolis Market (P24), lays X00 on F3."""
    _, lay, game = next(p for p in positions("1817__1817_game_end_bankrupt") if p[0] == 222)
    assert (lay.type, lay.entity, lay.get("hex")) == ("lay_tile", "P24", "F3")
    assert game.pittsburgh_private == "P24"
    for coord in ("E4", "G4", "B3"):  # E4 and G4 border F3, B3 does not
        game.board.assign(coord, "ranch")
    game.board.assign("G4", "mine")
    game.push(lay)
    assert {c: game.board.markers.get(c) for c in ("E4", "G4", "B3")} == {
        "E4": None,
        "G4": ("mine",),
        "B3": ("ranch",),
    }
