"""A corporation's legal tile lays and token placements in a position.

The map rules (:mod:`takeover.g1817.map.lays`, :mod:`takeover.g1817.map.graph`) plus what
the turn allows: two lays per operating turn, the second for $20 and not an upgrade when
the first was one, not twice on one hex; tiles of the phase's colours with a copy left;
no lay on a mine or ranch hex; a lay the corporation cannot pay for is no lay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.g1817.map.graph import Network, links, network
from takeover.g1817.map.lays import COLOR_ORDER, rotation_fits, upgrades_to

if TYPE_CHECKING:
    from takeover.g1817.entities import Corporation
    from takeover.g1817.state import Game1817

Lays = dict[str, dict[str, list[int]]]
"""``{hex: {tile name: rotations}}``."""

NO_LAY_MARKERS = frozenset({"mine", "ranch"})
NEW_ZEALAND_PHASE = 2
"""1817WO: Nieuw Zeeland takes tokens from phase 3 (the third phase) on."""


def lay_allowance(laid: list[tuple[str, bool]]) -> tuple[bool, bool] | None:
    """``(yellow lay allowed, upgrade allowed)`` for the next lay of a turn that has made
    ``laid`` ((hex, upgrade) each), or ``None`` when both lays are used."""
    if len(laid) >= 2:
        return None
    if not laid:
        return True, True
    return True, not laid[0][1]


def legal_lays(
    game: Game1817,
    corp: Corporation,
    laid: list[tuple[str, bool]],
    net: Network | None = None,
) -> Lays:
    """Every lay ``corp`` may make next: ``{hex: {tile: [rotations]}}``."""
    allowance = lay_allowance(laid)
    if allowance is None:
        return {}
    may_lay, may_upgrade = allowance
    board = game.board
    if net is None:
        net = network(board, corp.sym)
    near = links(board.data)
    colors = game.phase_colors
    done = {h for h, _ in laid}
    out: Lays = {}
    for coord, reached in net.hex_edges.items():
        if coord not in near or coord in done:
            continue
        _, old, old_rotation = board.tile_at(coord)
        if old.color not in COLOR_ORDER or old.color == "gray":
            continue
        upgrade = old.color != "white"
        if (upgrade and not may_upgrade) or (not upgrade and not may_lay):
            continue
        if NO_LAY_MARKERS.intersection(board.markers.get(coord, ())):
            continue
        if game.lay_fee(corp, coord, len(laid), None) > corp.cash:
            continue
        open_edges = frozenset(near[coord])
        options: dict[str, list[int]] = {}
        for name, tile in board.data.tiles.items():
            if tile.color not in colors or not board.supply[name]:
                continue
            if not upgrades_to(old, tile):
                continue
            rotations = [
                r
                for r in range(6)
                if rotation_fits(old, old_rotation, tile, r, open_edges, reached)
            ]
            if rotations:
                options[name] = rotations
        if options:
            out[coord] = options
    return out


def _open_for(game: Game1817, corp: Corporation, coord: str, index: int) -> bool:
    """A city takes ``corp``'s token: a slot is open, no city of the hex holds one of its
    tokens, and (1817WO) Nieuw Zeeland only once the phase has opened it."""
    cities = game.board.tokens[coord]
    if None not in cities[index] or any(corp.sym in slots for slots in cities):
        return False
    return coord != game.edition.new_zealand or game.phase_index >= NEW_ZEALAND_PHASE


def token_cities(game: Game1817, corp: Corporation, net: Network | None = None) -> list[str]:
    """City ids where ``corp`` may place a token in its operating turn: reached by its
    network and open to it."""
    board = game.board
    if net is None:
        net = network(board, corp.sym)
    return [
        board.city_id(coord, index)
        for coord, index in sorted(net.cities)
        if _open_for(game, corp, coord, index)
    ]


def home_cities(game: Game1817, corp: Corporation) -> list[str]:
    """City ids where ``corp`` may place its home token: any city of the map open to it."""
    board = game.board
    return [
        board.city_id(coord, index)
        for coord, cities in board.tokens.items()
        for index in range(len(cities))
        if _open_for(game, corp, coord, index)
    ]
