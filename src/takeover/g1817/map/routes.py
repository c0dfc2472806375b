"""Routes: a train's run given as connections, checked and valued.

A route is recorded as connections, each the hexes of one stretch of track between two
stops, in order (``[["F19", "F21", "E22"], ...]``); consecutive connections share one
stop. A route is legal when its track exists as listed, no stretch of track (a hex edge)
is used twice by one corporation's routes, no hex holds two of its stops, a city full of
other corporations' tokens or an off-board area is only at an end, one of its stops holds
the corporation's token, it has at least two stops and no more than the train's
distance. Its revenue is the stops' revenue in the current phase, plus $10 for each stop
on a hex with a bridge and for each mine or ranch hex it passes (``modern_trains``: $10
or $20 per own token for 7 and 8 trains). Rules 4.15-4.18 and 10.4.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise, product

from takeover.core.errors import IllegalAction
from takeover.g1817.map import hexgrid
from takeover.g1817.map.board import Board
from takeover.g1817.map.graph import blocks, geometry_at, links

Node = tuple[str, str]
"""A stop: (hex, node name ``c0``/``t0``/``o0``)."""
Edge = tuple[str, int]
"""One side of a hex edge used by track: (hex, edge)."""


@dataclass(frozen=True, slots=True)
class Chain:
    """One connection: its two stops and the track it uses."""

    start: Node
    end: Node
    paths: frozenset[tuple[str, int]]
    edges: frozenset[Edge]
    hexes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Route:
    """A checked route: its stops in order and the track it uses."""

    stops: tuple[Node, ...]
    paths: frozenset[tuple[str, int]]
    edges: frozenset[Edge]
    hexes: tuple[str, ...]
    """Every hex the route passes, in order of first use."""


def _node_paths(board: Board, coord: str) -> list[tuple[str, int, int]]:
    """``(node, path index, edge)`` for each path joining a stop to an edge."""
    geo = geometry_at(board, coord)
    out: list[tuple[str, int, int]] = []
    for i, (a, b) in enumerate(geo.paths):
        for node, edge in ((a, b), (b, a)):
            if isinstance(node, str) and node[0] in "cto" and isinstance(edge, int):
                out.append((node, i, edge))
    return out


def _crossings(board: Board, coord: str, enter: int, leave: int) -> list[tuple[int, ...]]:
    """The ways track crosses ``coord`` from edge ``enter`` to edge ``leave``: one plain
    path, or two paths through a junction."""
    geo = geometry_at(board, coord)
    out: list[tuple[int, ...]] = []
    for i, (a, b) in enumerate(geo.paths):
        if {a, b} == {enter, leave} and isinstance(a, int) and isinstance(b, int):
            out.append((i,))
    for j, paths in geo.at_node.items():
        if j[0] != "j":
            continue
        ins = [i for i in paths if enter in geo.paths[i]]
        outs = [i for i in paths if leave in geo.paths[i]]
        out.extend((i, o) for i in ins for o in outs if i != o)
    return out


def chains(board: Board, hexes: list[str]) -> list[Chain]:
    """Every way the track joins a stop on the first hex of ``hexes`` to a stop on the
    last through the hexes between, in order."""
    if len(hexes) < 2:
        raise IllegalAction(f"a connection needs two hexes or more, not {hexes}")
    near = links(board.data)
    edges: list[int] = []
    for a, b in pairwise(hexes):
        if a not in near or b not in near:
            raise IllegalAction(f"no hex {a if a not in near else b} on the map")
        edge = hexgrid.edge_between(a, b, board.data.layout)
        if edge is None or near[a].get(edge) != b:
            raise IllegalAction(f"no track can join {a} and {b}")
        edges.append(edge)
    starts = [(n, i) for n, i, e in _node_paths(board, hexes[0]) if e == edges[0]]
    ends = [(n, i) for n, i, e in _node_paths(board, hexes[-1]) if e == (edges[-1] + 3) % 6]
    middles = [
        _crossings(board, coord, (edges[k - 1] + 3) % 6, edges[k])
        for k, coord in enumerate(hexes[1:-1], start=1)
    ]
    used_edges: set[Edge] = set()
    for k, coord in enumerate(hexes):
        if k > 0:
            used_edges.add((coord, (edges[k - 1] + 3) % 6))
        if k < len(edges):
            used_edges.add((coord, edges[k]))
    out: list[Chain] = []
    crossings: list[tuple[tuple[int, ...], ...]] = list(product(*middles))
    for sn, si in starts:
        for en, ei in ends:
            for crossing in crossings:
                paths = {(hexes[0], si), (hexes[-1], ei)}
                for coord, ids in zip(hexes[1:-1], crossing, strict=True):
                    paths.update((coord, i) for i in ids)
                out.append(
                    Chain(
                        (hexes[0], sn),
                        (hexes[-1], en),
                        frozenset(paths),
                        frozenset(used_edges),
                        tuple(hexes),
                    )
                )
    return out


def build_route(board: Board, corp: str, connections: list[list[str]]) -> Route:
    """The route the connections describe (the first reading that fits, when track
    allows several), checked for everything but distance and other routes' track."""
    options = [chains(board, list(c)) for c in connections]
    if not options:
        raise IllegalAction("a route needs at least one connection")
    for k, found in enumerate(options):
        if not found:
            raise IllegalAction(
                f"no track runs {_along(board, connections[k])}: a route follows track "
                "from a station to a station (a city, town or off-board)"
            )
    for picked in product(*options):
        route = _joined(list(picked))
        if route is not None:
            _check(board, corp, route)
            return route
    pieces = "; ".join(_along(board, c) for c in connections)
    raise IllegalAction(f"these pieces do not join into one route: {pieces}")


def _along(board: Board, hexes: list[str]) -> str:
    """Hexes in a player's words: ``from Boston (C26) through C24 to Albany (C22)``."""

    def place(coord: object) -> str:
        printed = board.data.printed.get(str(coord))
        return f"{printed.name} ({coord})" if printed is not None and printed.name else str(coord)

    if not hexes:
        return "nowhere"
    if len(hexes) == 1:
        return f"at {place(hexes[0])}"
    middle = f" through {', '.join(map(place, hexes[1:-1]))}" if len(hexes) > 2 else ""
    return f"from {place(hexes[0])}{middle} to {place(hexes[-1])}"


def _joined(picked: list[Chain]) -> Route | None:
    if len(picked) == 1:
        c = picked[0]
        if c.start == c.end:
            return None
        return Route((c.start, c.end), c.paths, c.edges, c.hexes)
    stops: list[Node] = []
    paths: set[tuple[str, int]] = set()
    edges: set[Edge] = set()
    hexes: list[str] = []
    for a, b in pairwise(picked):
        middle = {a.start, a.end} & {b.start, b.end}
        if len(middle) != 1:
            return None
        (mid,) = middle
        if not stops:
            stops = [a.start if a.end == mid else a.end, mid]
        elif stops[-1] != mid:
            return None
        stops.append(b.start if b.end == mid else b.end)
    for c in picked:
        if paths & c.paths or edges & c.edges:
            return None
        paths |= c.paths
        edges |= c.edges
        hexes.extend(h for h in c.hexes if h not in hexes)
    return Route(tuple(stops), frozenset(paths), frozenset(edges), tuple(hexes))


def _check(board: Board, corp: str, route: Route) -> None:
    stop_hexes = [h for h, _ in route.stops]
    if len(set(stop_hexes)) != len(stop_hexes):
        raise IllegalAction("a route may not visit a hex twice")
    for coord, node in route.stops[1:-1]:
        if blocks(board, coord, node, corp):
            raise IllegalAction(f"a route may not pass through {coord} (blocked or off-board)")
    markers = board.markers
    for coord in (stop_hexes[0], stop_hexes[-1]):
        if {"mine", "ranch"} & set(markers.get(coord, ())):
            raise IllegalAction("a route may not start or end at a mine or ranch")
    if not any(
        node[0] == "c" and corp in board.tokens[coord][int(node[1:])] for coord, node in route.stops
    ):
        raise IllegalAction(f"a route must include a city with a {corp} token")


def route_revenue(
    board: Board,
    corp: str,
    route: Route,
    distance: int,
    phase_colors: tuple[str, ...],
    modern_trains: bool = False,
) -> int:
    """The revenue of a checked route for a train of ``distance``."""
    visits = 0
    revenue = 0
    for coord, node in route.stops:
        stop = board.tile_at(coord)[1].node(node)
        assert stop is not None
        visits += stop.visit_cost
        revenue += stop.revenue_at(phase_colors)
        if "bridge" in board.markers.get(coord, ()):
            revenue += 10
        if (
            modern_trains
            and distance in (7, 8)
            and node[0] == "c"
            and corp in board.tokens[coord][int(node[1:])]
        ):
            revenue += 10 if distance == 7 else 20
    if visits > distance:
        raise IllegalAction(f"the route has {visits} stops, more than a {distance}-train runs")
    for coord in route.hexes:
        found = board.markers.get(coord, ())
        revenue += 10 * (("mine" in found) + ("ranch" in found))
    return revenue


def check_overlap(routes: list[Route]) -> None:
    """One corporation's routes may not share a stretch of track."""
    seen: set[Edge] = set()
    for route in routes:
        if seen & route.edges:
            coord = min(seen & route.edges)[0]
            raise IllegalAction(f"two routes may not use the same track (on {coord})")
        seen |= route.edges
