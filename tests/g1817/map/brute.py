"""An exhaustive auto-router, for the tests: every route, then every set.

Every chain of stops from every stop, with every variant of each slot (no edge twice, no
stop hex twice, blocked stops only at ends, kept from its lower end when a stop holds the
corporation's token), valued as :func:`takeover.g1817.map.routes.route_revenue` values a
route; then the best set, one route or none per train, no two sharing an edge, by trying
them (with the only pruning that cannot lose a set: a branch whose routes, each at its
train's best, cannot beat the best set found). This is the router as it was before its
search was bounded (``limit`` aside), written for the search's :class:`Network`.
"""

from __future__ import annotations

from takeover.g1817.map.router import FoundRoute, Network, Segment


def every_route(net: Network, longest: int, modern: bool) -> list[FoundRoute]:
    routes: dict[tuple[int, int], FoundRoute] = {}
    segs: list[Segment] = []

    def extend(first: int, last: int, edges: int, hexes: int, used: int, n: int,
               revenue: int, own: int, mask: int) -> None:  # fmt: skip
        if segs:
            if own and first < last:
                key = (edges, mask)
                if key not in routes:
                    total = revenue + 10 * (hexes & net.bonus_hexes).bit_count()
                    routes[key] = FoundRoute(
                        total, n, edges, tuple(g.path for g in segs), own if modern else 0
                    )
            if net.blocked[last]:
                return
        for seg in net.segments[last]:
            to = seg.to
            cost = n + net.visit[to]
            if cost > longest or seg.edges & edges or net.stop_hex[to] & used:
                continue
            segs.append(seg)
            extend(
                first, to, edges | seg.edges, hexes | seg.hexes, used | net.stop_hex[to], cost,
                revenue + net.value[to], own + net.token[to], mask | (1 << to),
            )  # fmt: skip
            segs.pop()

    for s in range(len(net.value)):
        if net.visit[s] <= longest:
            extend(s, s, 0, net.stop_hex[s], net.stop_hex[s], net.visit[s], net.value[s],
                   net.token[s], 1 << s)  # fmt: skip
    return list(routes.values())


def best_set(routes: list[FoundRoute], distances: list[int]) -> int:
    """The best revenue of one route (or none) per train, no two sharing an edge: every
    set is tried, but for a branch whose trains, each at its best route, cannot beat the
    best set found (routes best first; the routes that share no edge with those taken
    are found as bits: for each edge, the routes using it)."""
    options: list[list[tuple[int, FoundRoute]]] = []
    users: list[dict[int, int]] = []
    for d in distances:
        valued = sorted(((r.revenue_for(d), r) for r in routes if r.stops <= d),
                        key=lambda vr: -vr[0])  # fmt: skip
        options.append(valued)
        by_edge: dict[int, int] = {}
        for j, (_, r) in enumerate(valued):
            edges = r.edges
            while edges:
                low = edges & -edges
                by_edge[low] = by_edge.get(low, 0) | 1 << j
                edges ^= low
        users.append(by_edge)
    tops = [o[0][0] if o else 0 for o in options]
    rest = [sum(tops[k:]) for k in range(len(tops) + 1)]
    best = 0

    def search(k: int, used: int, total: int) -> None:
        nonlocal best
        if total + rest[k] <= best:
            return
        if k == len(distances):
            best = total
            return
        clash = 0
        edges = used
        while edges:
            low = edges & -edges
            clash |= users[k].get(low, 0)
            edges ^= low
        free = (1 << len(options[k])) - 1 & ~clash
        while free:
            low = free & -free
            free ^= low
            v, r = options[k][low.bit_length() - 1]
            if total + v + rest[k + 1] <= best:
                break
            search(k + 1, used | r.edges, total + v)
        search(k + 1, used, total)

    search(0, 0, 0)
    return best


def brute_force(net: Network, distances: list[int], modern: bool = False) -> int:
    if not distances:
        return 0
    return best_set(every_route(net, max(distances), modern), distances)
