"""Track connectivity: which paths, hexes and edges a corporation's network reaches.

A corporation's network starts at the cities holding its tokens and follows track: along
a path to its other end; across an edge into the neighbouring hex's paths that leave by
the facing edge; through a junction to its other paths; through a town or a city, unless
the city is full of other corporations' tokens (an off-board area ends track). Where the
network reaches a hex, and by which edges, decides where it may lay track; the cities it
reaches decide where it may place a token (rules 4.6, 4.14, 4.16).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from takeover.g1817.map.board import Board, MapData
from takeover.g1817.map.tiles import Path, Tile, rotate_end


@dataclass(frozen=True, slots=True)
class Geometry:
    """A tile turned to a rotation: its paths, and the paths at each edge and node."""

    paths: tuple[Path, ...]
    at_edge: dict[int, tuple[int, ...]]
    at_node: dict[str, tuple[int, ...]]
    exits: frozenset[int]


@cache
def geometry(tile: Tile, rotation: int) -> Geometry:
    """The paths of ``tile`` turned ``rotation`` steps, indexed by edge and node."""
    paths = tuple((rotate_end(a, rotation), rotate_end(b, rotation)) for a, b in tile.paths)
    at_edge: dict[int, list[int]] = {}
    at_node: dict[str, list[int]] = {}
    for i, (a, b) in enumerate(paths):
        for end in (a, b):
            if isinstance(end, int):
                at_edge.setdefault(end, []).append(i)
            else:
                at_node.setdefault(end, []).append(i)
    return Geometry(
        paths,
        {e: tuple(v) for e, v in at_edge.items()},
        {n: tuple(v) for n, v in at_node.items()},
        frozenset(at_edge),
    )


IMPASSABLE_COLORS = frozenset({"red", "gray", "blue"})
"""Hexes that never take a tile: a neighbour only where their own track points."""


_LINKS: dict[str, dict[str, dict[int, str]]] = {}


def links(data: MapData) -> dict[str, dict[int, str]]:
    """``{hex: {edge: neighbour}}`` where track may cross: not through an impassable
    border printed on the hex, and into a red, gray or blue hex only by its own track."""
    known = _LINKS.get(data.title)
    if known is not None:
        return known
    out: dict[str, dict[int, str]] = {}
    for coord, near in data.neighbours.items():
        tile = data.printed_tiles[coord][1]
        blocked = {e for e, kind in tile.borders if kind == "impassable"}
        mine: dict[int, str] = {}
        for edge, other in near.items():
            if edge in blocked:
                continue
            other_tile = data.printed_tiles[other][1]
            if other_tile.color in IMPASSABLE_COLORS and (edge + 3) % 6 not in other_tile.exits():
                continue
            mine[edge] = other
        out[coord] = mine
    _LINKS[data.title] = out
    return out


@dataclass(slots=True)
class Network:
    """What a corporation's track reaches."""

    paths: set[tuple[str, int]]
    """``(hex, path index)`` of every path reached."""
    hex_edges: dict[str, set[int]]
    """``{hex: edges}`` by which the network reaches each hex (where it may lay track)."""
    cities: set[tuple[str, int]]
    """``(hex, city index)`` of every city reached (token cities included)."""


def blocks(board: Board, coord: str, node: str, corp: str) -> bool:
    """Whether track stops at ``node`` of ``coord`` for ``corp``: an off-board area, or a
    city whose every slot holds another corporation's token."""
    kind = node[0]
    if kind == "o":
        return True
    if kind != "c":
        return False
    slots = board.tokens[coord][int(node[1:])]
    return None not in slots and corp not in slots


def geometry_at(board: Board, coord: str) -> Geometry:
    _, tile, rotation = board.tile_at(coord)
    return geometry(tile, rotation)


def can_run(board: Board, corp: str) -> bool:
    """Whether ``corp`` has a route to run: from one of its token cities its track reaches
    a second city or off-board area, or a town."""
    starts = board.corporation_cities(corp)
    for start in starts:
        net = network(board, corp) if len(starts) == 1 else network(board, corp, [start])
        stops = {(c, n) for c, p in net.paths for n in geometry_at(board, c).paths[p]}
        cities = {(c, n) for c, n in stops if isinstance(n, str) and n[0] in "co"}
        cities.add((start[0], f"c{start[1]}"))
        towns = any(isinstance(n, str) and n[0] == "t" for _, n in stops)
        if len(cities) > 1 or towns:
            return True
    return False


def network(board: Board, corp: str, starts: list[tuple[str, int]] | None = None) -> Network:
    """The part of the map ``corp``'s tokens (or the token cities ``starts``) reach by
    track (cached on the board until it changes; treat the result as read-only)."""
    if starts is None:
        cached = board.networks.get(corp)
        if cached is not None and cached[0] == board.version:
            found: Network = cached[1]
            return found
        net = _network(board, corp, board.corporation_cities(corp))
        board.networks[corp] = (board.version, net)
        return net
    return _network(board, corp, starts)


def _network(board: Board, corp: str, starts: list[tuple[str, int]]) -> Network:
    near = links(board.data)
    hex_edges: dict[str, set[int]] = {c: set(near[c]) for c, _ in starts}
    cities: set[tuple[str, int]] = set(starts)
    reached: set[tuple[str, int]] = set()
    stack: list[tuple[str, int]] = []
    for coord, index in starts:
        stack.extend((coord, i) for i in geometry_at(board, coord).at_node.get(f"c{index}", ()))
    while stack:
        item = stack.pop()
        if item in reached:
            continue
        reached.add(item)
        coord, index = item
        geo = geometry_at(board, coord)
        for end in geo.paths[index]:
            if isinstance(end, int):
                hex_edges.setdefault(coord, set()).add(end)
                other = near[coord].get(end)
                if other is None:
                    continue
                back = (end + 3) % 6
                hex_edges.setdefault(other, set()).add(back)
                stack.extend((other, i) for i in geometry_at(board, other).at_edge.get(back, ()))
                continue
            if end[0] == "c":
                cities.add((coord, int(end[1:])))
            if end[0] != "j" and blocks(board, coord, end, corp):
                continue
            stack.extend((coord, i) for i in geo.at_node[end] if i != index)
    return Network(reached, hex_edges, cities)
