"""The board as JSON for clients: every hex with what a map needs to draw and explain it.

The format is documented in docs/1817.md ("The map view"); the web client draws from it
and nothing else.
"""

from __future__ import annotations

from typing import Any

from takeover.g1817.map import hexgrid
from takeover.g1817.map.board import Board
from takeover.g1817.map.tiles import Tile, rotate_end

HEXES_KEPT = 50_000
"""How many hex views :data:`_hexes` keeps before it starts afresh (a few MB)."""

_hexes: dict[tuple[Any, ...], dict[str, Any]] = {}
"""Each hex's view by everything it is made of: most hexes are the same from one action to
the next (and between games), so a view is mostly made of kept parts (read-only: shared)."""


def board_view(board: Board, phase_colors: tuple[str, ...]) -> dict[str, Any]:
    """``{"title", "layout", "phase_colors", "hexes": [...]}`` (see docs/1817.md); each
    hex's entry is shared between views of the same hex (read-only)."""
    if len(_hexes) > HEXES_KEPT:
        _hexes.clear()
    hexes: list[dict[str, Any]] = []
    data = board.data
    for coord, printed in data.printed.items():
        tid, tile, rotation = board.tile_at(coord)
        laid = coord in board.laid
        key = (
            data.title,
            coord,
            tid,
            rotation,
            laid,
            board.tokens.get(coord),
            board.markers.get(coord),
            phase_colors,
        )
        kept = _hexes.get(key)
        if kept is None:
            kept = _hex_view(board, coord, printed, tile, tid, rotation, laid, phase_colors)
            _hexes[key] = kept
        hexes.append(kept)
    return {
        "title": board.data.title,
        "layout": board.data.layout,
        "phase_colors": list(phase_colors),
        "hexes": hexes,
    }


def _hex_view(
    board: Board,
    coord: str,
    printed: Any,
    tile: Tile,
    tid: str,
    rotation: int,
    laid: bool,
    phase_colors: tuple[str, ...],
) -> dict[str, Any]:
    """One hex as :func:`board_view` shows it."""
    letter, number = hexgrid.parse(coord)
    slots = board.tokens.get(coord, ())
    cities = [
        {
            "index": i,
            "id": f"{tid}-{i}",
            "slots": list(slots[i]) if i < len(slots) else [None] * c.slots,
            "revenue": c.revenue_at(phase_colors),
            "exits": sorted(tile.city_exits(i, rotation)),
        }
        for i, c in enumerate(tile.cities)
    ]
    towns = [{"index": i, "revenue": t.revenue_at(phase_colors)} for i, t in enumerate(tile.towns)]
    offboards = [
        {
            "index": i,
            "revenue": o.revenue_at(phase_colors),
            "revenues": o.revenue.to_json(),
            "visit_cost": o.visit_cost,
        }
        for i, o in enumerate(tile.offboards)
    ]
    printed_tile = board.data.printed_tiles[coord][1]
    return {
        "id": coord,
        "letter": letter,
        "number": number,
        "color": tile.color,
        "printed_color": printed.color,
        "terrain": printed.terrain,
        "fee": 0 if laid else printed.cost,
        "name": printed.name,
        "label": tile.label or printed_tile.label or None,
        "tile": {"name": tile.name, "id": tid, "rotation": rotation} if laid else None,
        "layout": None if laid else printed.layout,
        "paths": [[rotate_end(a, rotation), rotate_end(b, rotation)] for a, b in tile.paths],
        "cities": cities,
        "towns": towns,
        "offboards": offboards,
        "junction": tile.junctions > 0,
        "borders": [[e, t or None] for e, t in printed_tile.borders],
        "markers": list(board.markers.get(coord, ())),
    }
