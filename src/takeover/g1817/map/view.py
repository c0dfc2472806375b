"""The board as JSON for clients: every hex with what a map needs to draw and explain it.

The format is documented in docs/1817.md ("The map view"); the web client draws from it
and nothing else.
"""

from __future__ import annotations

from typing import Any

from takeover.g1817.map import hexgrid
from takeover.g1817.map.board import Board
from takeover.g1817.map.tiles import rotate_end


def board_view(board: Board, phase_colors: tuple[str, ...]) -> dict[str, Any]:
    """``{"title", "layout", "phase_colors", "hexes": [...]}`` (see docs/1817.md)."""
    hexes: list[dict[str, Any]] = []
    for coord, printed in board.data.printed.items():
        tid, tile, rotation = board.tile_at(coord)
        laid = coord in board.laid
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
        towns = [
            {"index": i, "revenue": t.revenue_at(phase_colors)} for i, t in enumerate(tile.towns)
        ]
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
        hexes.append(
            {
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
                "paths": [
                    [rotate_end(a, rotation), rotate_end(b, rotation)] for a, b in tile.paths
                ],
                "cities": cities,
                "towns": towns,
                "offboards": offboards,
                "junction": tile.junctions > 0,
                "borders": [[e, t or None] for e, t in printed_tile.borders],
                "markers": list(board.markers.get(coord, ())),
            }
        )
    return {
        "title": board.data.title,
        "layout": board.data.layout,
        "phase_colors": list(phase_colors),
        "hexes": hexes,
    }
