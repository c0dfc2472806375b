"""The map view the web client draws from."""

from __future__ import annotations

import json

from takeover.g1817.fixture import new_game
from takeover.g1817.map.board import Board
from takeover.g1817.map.view import board_view

from ..games import positions, record


def _hex(view: dict[str, object], coord: str) -> dict[str, object]:
    hexes = view["hexes"]
    assert isinstance(hexes, list)
    found = [h for h in hexes if h["id"] == coord]
    assert len(found) == 1
    return found[0]  # type: ignore[no-any-return]


def test_printed_hexes_show_layout_fee_and_offboard_revenue() -> None:
    view = board_view(Board("1817"), ("yellow", "green"))
    chicago = _hex(view, "D1")
    assert chicago["color"] == "red" and chicago["tile"] is None
    assert chicago["offboards"] == [
        {
            "index": 0,
            "revenue": 50,
            "revenues": {"yellow": 30, "green": 50, "brown": 60, "gray": 80},
            "visit_cost": 1,
        }
    ]
    assert chicago["paths"] == [[4, "o0"], [5, "o0"]]
    toledo = _hex(view, "D7")
    assert (toledo["terrain"], toledo["fee"], toledo["name"]) == ("lake", 20, "Toledo")
    assert toledo["cities"] == [
        {"index": 0, "id": "D7-0-0", "slots": [None], "revenue": 0, "exits": []}
    ]
    json.dumps(view)


def test_laid_tile_shows_copy_rotation_rotated_paths_and_tokens() -> None:
    board = Board("1817")
    board.place_token("F19", 0, "A&S")
    board.lay("F19", "5-0", 4)
    view = board_view(board, ("yellow",))
    philadelphia = _hex(view, "F19")
    assert philadelphia["tile"] == {"name": "5", "id": "5-0", "rotation": 4}
    assert philadelphia["paths"] == [[4, "c0"], [5, "c0"]]
    assert philadelphia["fee"] == 0 and philadelphia["layout"] is None
    assert philadelphia["cities"] == [
        {"index": 0, "id": "5-0-0", "slots": ["A&S"], "revenue": 20, "exits": [4, 5]}
    ]


def test_game_view_has_the_map() -> None:
    game = new_game(record("1817NA__20584"))
    view = game.view(None)
    assert {h["id"] for h in view["map"]["hexes"]} == set(game.board.data.printed)
    assert view["map"]["phase_colors"] == ["yellow"]


def test_kept_hex_views_are_what_a_fresh_build_shows() -> None:
    """Every position of a whole game (tiles laid and upgraded, tokens, markers, phases):
    the view made of kept hexes equals one built afresh, and the kept ones are shared."""
    from takeover.g1817.map import view as module

    checked = 0
    for n, (_, _, game) in enumerate(positions("1817NA__20584")):
        if n % 2:
            continue
        kept = board_view(game.board, game.phase_colors)
        module._hexes.clear()
        fresh = board_view(game.board, game.phase_colors)
        assert kept == fresh
        checked += 1
    again = board_view(game.board, game.phase_colors)
    assert all(a is b for a, b in zip(again["hexes"], fresh["hexes"], strict=True))
    assert checked > 50
