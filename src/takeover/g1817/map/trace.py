"""The board in the map-trace format of the reference engine (``tests/data/1817``):
every hex's tile copy, name and rotation, every city's slots, the markers."""

from __future__ import annotations

from typing import Any

from takeover.g1817.map.board import Board


def board_state(board: Board) -> dict[str, Any]:
    """``{"tiles": {hex: {tile, name, rotation}}, "tokens": {city id: slots},
    "assignments": {hex: markers}}``."""
    tiles: dict[str, dict[str, Any]] = {}
    tokens: dict[str, list[str | None]] = {}
    for coord in board.data.printed:
        tid, tile, rotation = board.tile_at(coord)
        tiles[coord] = {"tile": tid, "name": tile.name, "rotation": rotation}
        for i, slots in enumerate(board.tokens.get(coord, ())):
            tokens[f"{tid}-{i}"] = list(slots)
    assignments = {c: list(m) for c, m in board.markers.items() if m}
    return {"tiles": tiles, "tokens": tokens, "assignments": assignments}
