"""The auto-router: a corporation's best set of routes, one per train.

1. Segments: from every stop the corporation's network reaches, every stretch of track to
   another stop that passes no stop (through plain track and junctions, no hex edge
   twice). Edges and hexes are bits of Python integers, so checks are single ``&``.
2. Routes: chains of segments from each stop, extended while the longest train can run
   them (no stop hex twice, no edge twice, blocked cities and off-boards only at ends),
   kept when a stop holds the corporation's token. Each is valued as
   :func:`takeover.g1817.map.routes.route_revenue` values it.
3. The set: trains from the longest, each taking a route (or none) that shares no edge
   with the others, by branch and bound on the best revenue still possible.

The result is exact for the routes enumerated; ``limit`` caps how many routes a search
keeps (the best by revenue), which only matters on the densest maps.
"""

from __future__ import annotations

from dataclasses import dataclass

from takeover.g1817.map.board import Board
from takeover.g1817.map.graph import blocks, geometry_at, links, network

Stop = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Segment:
    to: int
    edges: int
    hexes: int
    """Bits of every hex the segment passes (both stops' hexes included)."""
    path: tuple[str, ...]
    """The hexes in order, stop to stop (the connection a record names)."""


@dataclass(frozen=True, slots=True)
class FoundRoute:
    """A route the router found: revenue, stops, and its connections in record form."""

    revenue: int
    stops: int
    """The distance the route needs (stops, by their visit cost)."""
    edges: int
    connections: tuple[tuple[str, ...], ...]
    own_tokens: int = 0
    """Stops with the corporation's token (``modern_trains`` pays 7 and 8 trains more)."""

    def revenue_for(self, distance: int) -> int:
        """The route's revenue run by a train of ``distance``."""
        if distance == 7:
            return self.revenue + 10 * self.own_tokens
        if distance == 8:
            return self.revenue + 20 * self.own_tokens
        return self.revenue


class _Index:
    def __init__(self) -> None:
        self.ids: dict[object, int] = {}

    def bit(self, key: object) -> int:
        found = self.ids.get(key)
        if found is None:
            found = self.ids[key] = len(self.ids)
        return 1 << found


def _segments(board: Board, corp: str, stops: list[Stop], hex_bits: _Index) -> list[list[Segment]]:
    near = links(board.data)
    index = {s: i for i, s in enumerate(stops)}
    edge_bits = _Index()
    out: list[list[Segment]] = [[] for _ in stops]
    for i, (coord, node) in enumerate(stops):
        geo = geometry_at(board, coord)
        found: dict[tuple[int, int], Segment] = {}
        for p in geo.at_node.get(node, ()):
            a, b = geo.paths[p]
            edge = b if a == node else a
            if not isinstance(edge, int):
                continue
            _walk(
                board, near, index, coord, edge, edge_bits, hex_bits,
                edge_bits.bit((coord, edge)), hex_bits.bit(coord), [coord], found,
            )  # fmt: skip
        out[i] = list(found.values())
    return out


def _walk(
    board: Board,
    near: dict[str, dict[int, str]],
    index: dict[Stop, int],
    coord: str,
    edge: int,
    edge_bits: _Index,
    hex_bits: _Index,
    edges: int,
    hexes: int,
    path: list[str],
    found: dict[tuple[int, int], Segment],
) -> None:
    """Follow track leaving ``coord`` by ``edge`` until it reaches a stop."""
    other = near[coord].get(edge)
    if other is None:
        return
    back = (edge + 3) % 6
    entry = edge_bits.bit((other, back))
    if edges & entry:
        return
    edges |= entry
    hbit = hex_bits.bit(other)
    geo = geometry_at(board, other)
    for p in geo.at_edge.get(back, ()):
        a, b = geo.paths[p]
        end = b if a == back else a
        if isinstance(end, int):
            out_bit = edge_bits.bit((other, end))
            if not edges & out_bit and not hexes & hbit:
                _walk(board, near, index, other, end, edge_bits, hex_bits, edges | out_bit,
                      hexes | hbit, [*path, other], found)  # fmt: skip
        elif end[0] == "j":
            if hexes & hbit:
                continue
            for q in geo.at_node[end]:
                if q == p:
                    continue
                qa, qb = geo.paths[q]
                exit_ = qb if qa == end else qa
                if not isinstance(exit_, int):
                    continue
                out_bit = edge_bits.bit((other, exit_))
                if not edges & out_bit:
                    _walk(board, near, index, other, exit_, edge_bits, hex_bits,
                          edges | out_bit, hexes | hbit, [*path, other], found)  # fmt: skip
        else:
            target = index.get((other, end))
            if target is None:
                continue
            key = (target, edges)
            if key not in found:
                found[key] = Segment(target, edges, hexes | hbit, (*path, other))


def best_routes(
    board: Board,
    corp: str,
    distances: list[int],
    phase_colors: tuple[str, ...],
    modern_trains: bool = False,
    limit: int = 20000,
) -> tuple[int, list[FoundRoute | None]]:
    """The best total revenue and, for each train (its distance, in the given order), the
    route it runs (``None``: it does not run)."""
    if not distances:
        return 0, []
    net = network(board, corp)
    reached_nodes: set[Stop] = set()
    for coord, p in net.paths:
        for end in geometry_at(board, coord).paths[p]:
            if isinstance(end, str) and end[0] in "cto":
                reached_nodes.add((coord, end))
    for coord, i in net.cities:
        reached_nodes.add((coord, f"c{i}"))
    stops = sorted(reached_nodes)
    hex_bits = _Index()
    segments = _segments(board, corp, stops, hex_bits)
    value: list[int] = []
    visit: list[int] = []
    token: list[int] = []
    blocked: list[bool] = []
    stop_hex: list[int] = []
    for coord, node in stops:
        stop = board.tile_at(coord)[1].node(node)
        assert stop is not None
        v = stop.revenue_at(phase_colors)
        if "bridge" in board.markers.get(coord, ()):
            v += 10
        value.append(v)
        visit.append(stop.visit_cost)
        own = node[0] == "c" and corp in board.tokens[coord][int(node[1:])]
        token.append(int(own))
        blocked.append(blocks(board, coord, node, corp))
        stop_hex.append(hex_bits.bit(coord))
    for found_segments in segments:  # richest stops first: good routes early, tighter bounds
        found_segments.sort(key=lambda seg: -value[seg.to])
    bonus_hexes = 0
    for coord, found in board.markers.items():
        if "mine" in found or "ranch" in found:
            bonus_hexes |= hex_bits.bit(coord) if coord in hex_bits.ids else 0
    longest = max(distances)
    routes: dict[tuple[int, int], FoundRoute] = {}
    single = len(distances) == 1
    extra = 20 if modern_trains else 0
    ranked = sorted(value, reverse=True)
    best_k = [0]  # best_k[k]: the most k more stops could add (a bound for one train)
    for v in ranked[:longest]:
        best_k.append(best_k[-1] + v + extra)
    best_k += [best_k[-1]] * (longest + 2 - len(best_k))
    bonus_cap = 10 * bonus_hexes.bit_count()
    best_single = [0]
    segs: list[Segment] = []

    def extend(
        first: int,
        last: int,
        edges: int,
        hexes: int,
        used: int,
        n: int,
        revenue: int,
        own: int,
        mask: int,
    ) -> None:
        if segs:
            if own and first < last:  # each route once, from its lower end
                key = (edges, mask)
                if key not in routes:
                    total = revenue + 10 * (hexes & bonus_hexes).bit_count()
                    connections = tuple(g.path for g in segs)
                    bonus_own = own if modern_trains else 0
                    routes[key] = FoundRoute(total, n, edges, connections, bonus_own)
                    if total > best_single[0]:
                        best_single[0] = total
            if blocked[last]:
                return
        if single and segs and revenue + best_k[longest - n] + bonus_cap <= best_single[0]:
            return  # one train: nothing further along can beat the best route found
        for seg in segments[last]:
            to = seg.to
            cost = n + visit[to]
            if cost > longest or seg.edges & edges or stop_hex[to] & used:
                continue
            segs.append(seg)
            extend(
                first, to, edges | seg.edges, hexes | seg.hexes, used | stop_hex[to], cost,
                revenue + value[to], own + token[to], mask | (1 << to),
            )  # fmt: skip
            segs.pop()

    for s in range(len(stops)):
        if visit[s] > longest:
            continue
        extend(s, s, 0, stop_hex[s], stop_hex[s], visit[s], value[s], token[s], 1 << s)
    kept = sorted(routes.values(), key=lambda r: -r.revenue)[:limit]
    return _combine(kept, distances)


def _combine(routes: list[FoundRoute], distances: list[int]) -> tuple[int, list[FoundRoute | None]]:
    """The best edge-disjoint choice of one route (or none) per train."""
    order = sorted(range(len(distances)), key=lambda i: -distances[i])
    options: list[list[tuple[int, FoundRoute]]] = []
    for i in order:
        d = distances[i]
        valued = [(r.revenue_for(d), r) for r in routes if r.stops <= d]
        valued.sort(key=lambda vr: -vr[0])
        options.append(valued)
    tops = [opts[0][0] if opts else 0 for opts in options]
    rest = [sum(tops[k:]) for k in range(len(tops) + 1)]
    same = [k > 0 and distances[order[k]] == distances[order[k - 1]] for k in range(len(order))]
    best_total = -1
    best: list[FoundRoute | None] = [None] * len(order)
    chosen: list[FoundRoute | None] = [None] * len(order)

    def search(k: int, used: int, total: int, start: int) -> None:
        """Train ``k`` takes one of ``options[k][start:]`` or none. Trains of one distance
        are alike: each takes a route listed after the one the train before it took (or
        none once that one took none), so no set is searched in every order."""
        nonlocal best_total, best
        if total + rest[k] <= best_total:
            return
        if k == len(order):
            best_total = total
            best = list(chosen)
            return
        follows = k + 1 < len(order) and same[k + 1]
        if start >= 0:
            for j in range(start, len(options[k])):
                v, r = options[k][j]
                if total + v + rest[k + 1] <= best_total:
                    break
                if r.edges & used:
                    continue
                chosen[k] = r
                search(k + 1, used | r.edges, total + v, j + 1 if follows else 0)
        chosen[k] = None
        search(k + 1, used, total, -1 if follows else 0)

    search(0, 0, 0, 0)
    out: list[FoundRoute | None] = [None] * len(distances)
    for k, i in enumerate(order):
        out[i] = best[k]
    return max(best_total, 0), out
