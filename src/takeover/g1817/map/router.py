"""The auto-router: a corporation's best set of routes, one per train, exactly.

A route is a chain of stops (no stop hex twice, a blocked city or an off-board area only
at an end, one stop with the corporation's token) with a stretch of track between each
two, no hex edge twice; a set is a route or none per train, no two routes sharing a hex
edge. Its revenue is as :func:`takeover.g1817.map.routes.route_revenue` computes it.

**Stops first, track last.** The network is read as a graph of stops joined by *slots*:
a slot holds every stretch of track from one stop to another that passes no stop (its
*variants*: plain track and junctions, no hex edge twice; edges and hexes are bits of
Python integers). On a dense late-game map a chain of stops has dozens of variants (the
position after action 1842 of ``tests/data/1817/cases/1817-4p-heuristic-seed3.json`` has
1,144 chains of up to 8 stops and 41,157 routes), while the revenue depends on the stops
alone (and on the mine and ranch hexes the track passes, counted for a chain as those
any variant passes, and no more than the most one variant of each slot passes, summed:
an upper bound, settled when the track is laid out, by a search for the layout passing
the most that gives up on layouts that cannot pass enough to beat the best). So the search
runs over chains of stops, and lays the track out (a variant per slot, no edge twice)
only to check that a chain, or a set of chains, can run: a chain is grown only while it
can (most chains that cannot are caught on their last two or three slots, or the last
and two others; those small checks are kept), and a set is checked on every two
consecutive slots of each chain against every two of each other before it is laid out
in full.

**One train** (:meth:`_Search.chains`, :meth:`_Search.best_single`): a depth-first
search from every stop, each chain kept from its lower end, by branch and bound: a chain
grows only while its revenue plus the most its last stop can still add could beat the
best found. That bound is the smaller of the best walk from the stop with the distance
left (:attr:`_Search.ahead`, dynamic programming over the stop graph; a walk may repeat
stops) and the best stops not yet on the chain, all passed but the last
(:meth:`_Search.rest`).

**Several trains** (:meth:`_Search.combine`):

1. Each train's best route alone, in each part of the network no track joins, bounds
   what it can add. A first set to beat: the trains in turn, each taking the best route
   on the track the others left, in every order of their distances.
2. The stops' *track ends* (the edges of a stop's node): a route takes one where it ends
   and two where it passes, and no two routes share one. What the trains can earn on
   the ends left (:meth:`_Search.beyond`: for each way to place the trains in the
   network's parts, the best stops' ends shared out, :meth:`_Search.capacity`, exactly
   by dynamic programming, :meth:`_Search.shared`, and never more than those trains'
   best routes alone) bounds every set. When it does not beat the first set, that set
   is the best.
3. Otherwise each train's chains that could be part of a better set are listed: worth
   more than the first set less the others' best routes, and than the first set less
   what the others can earn on the track ends the chain leaves.
4. A branch and bound over the trains, longest first, each taking a listed chain (best
   first) or none: alike trains take chains in list order (no set is tried twice); a
   chain is skipped at once where the chains taken leave one of its stops too few
   track ends (bit sets by stop over each list) or take an edge every variant of one
   of its slots needs, or when the set with it could not beat the best found even if
   the trains left earned all the track ends allow; a set is laid out in full only when
   it could.

Nothing is cut off by time or count: the bounds only drop what cannot win, and the tests
compare the result with an exhaustive search (``tests/g1817/map/brute.py``).

**Work shared.** The stop graph of a corporation is kept per board content (laid tiles,
tokens, markers) and phase, the search (its slots, bounds, and the layouts and best
routes it found) per stop graph, longest train and rules, and the result per trains, in
small caches (:func:`best_routes`): the same question on any copy of the board (a bot's
clones of the game, the listing asked twice, the planner's revenue and the route step
after it) is a lookup, and the trains of one corporation share the layouts checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from threading import Lock
from typing import Any

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
    ends: tuple[int, int] = (0, 0)
    """The bits of its first and last edges (where it leaves and reaches its stops)."""


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


def _segments(board: Board, stops: list[Stop], hex_bits: _Index) -> list[list[Segment]]:
    """From each stop, every stretch of track to another stop that passes no stop: out
    by each path of the stop's node, along plain track and through junctions, no hex
    edge twice and no hex twice but the last (where it reaches its stop). Edge bit
    ``6 * i + e`` is edge ``e`` of the ``i``-th hex met."""
    near = links(board.data)
    index = {s: i for i, s in enumerate(stops)}
    numbers: dict[str, int] = {}
    geometries: dict[str, Any] = {}
    hex_bit: dict[str, int] = {}
    path: list[str] = []
    found: dict[tuple[int, int], Segment] = {}
    start = 0

    def walk(coord: str, edge: int, edges: int, hexes: int) -> None:
        """Follow track leaving ``coord`` by ``edge`` until it reaches a stop."""
        other = near[coord].get(edge)
        if other is None:
            return
        back = (edge + 3) % 6
        number = numbers.get(other)
        if number is None:
            number = numbers[other] = len(numbers)
            geometries[other] = geometry_at(board, other)
            hex_bit[other] = hex_bits.bit(other)
        entry = 1 << (6 * number + back)
        if edges & entry:
            return
        edges |= entry
        hbit = hex_bit[other]
        geo = geometries[other]
        path.append(other)
        for p in geo.at_edge.get(back, ()):
            a, b = geo.paths[p]
            end = b if a == back else a
            if isinstance(end, int):
                out_bit = 1 << (6 * number + end)
                if not edges & out_bit and not hexes & hbit:
                    walk(other, end, edges | out_bit, hexes | hbit)
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
                    out_bit = 1 << (6 * number + exit_)
                    if not edges & out_bit:
                        walk(other, exit_, edges | out_bit, hexes | hbit)
            else:
                target = index.get((other, end))
                if target is None:
                    continue
                key = (target, edges)
                if key not in found:
                    found[key] = Segment(target, edges, hexes | hbit, tuple(path), (start, entry))
        path.pop()

    out: list[list[Segment]] = []
    for coord, node in stops:
        number = numbers.get(coord)
        if number is None:
            number = numbers[coord] = len(numbers)
            geometries[coord] = geometry_at(board, coord)
            hex_bit[coord] = hex_bits.bit(coord)
        geo = geometries[coord]
        found = {}
        path.append(coord)
        for p in geo.at_node.get(node, ()):
            a, b = geo.paths[p]
            edge = b if a == node else a
            if not isinstance(edge, int):
                continue
            start = 1 << (6 * number + edge)
            walk(coord, edge, start, hex_bit[coord])
        path.pop()
        out.append(list(found.values()))
    return out


@dataclass(slots=True)
class Network:
    """A corporation's stops and the track between them, as the search reads them.

    Built from a board by :func:`stop_graph`; the tests also build small ones by hand.
    """

    value: list[int]
    """Each stop's revenue now (a bridge's $10 included)."""
    visit: list[int]
    """What a visit costs a train's distance (1, or 99 for an off-board area no train
    reaches)."""
    token: list[int]
    """1 where the stop is a city holding the corporation's token."""
    blocked: list[bool]
    """Track ends there (an off-board area, a city full of others' tokens)."""
    stop_hex: list[int]
    """The bit of each stop's hex (two stops of one hex are never in one route)."""
    segments: list[list[Segment]]
    """From each stop, every stretch of track to another stop (its variants)."""
    bonus_hexes: int = 0
    """Bits of the hexes that pay $10 to a route passing them (mines and ranches)."""


@dataclass(frozen=True, slots=True)
class _Chain:
    """A chain of stops whose track can be laid out: its first stop and the slots it
    takes, in order."""

    first: int
    slots: tuple[int, ...]
    cost: int
    stops: int
    """The stops' revenue."""
    own: int
    """Stops holding the corporation's token."""
    hexes: int
    """Every hex a variant of its slots passes (mine and ranch hexes: an upper bound)."""
    need: int
    """Edges every layout of the chain uses (each slot's edges common to its variants)."""
    witness: int
    """The edges of one layout, tried first when the chain is laid out with others."""
    layout: tuple[Segment, ...]
    """That layout: a variant per slot."""
    load: int
    """How many of each stop's track ends the chain takes (2 passing, 1 at an end), in
    fields of ``_FIELD`` bits."""
    mines: int
    """The most mine and ranch hexes one variant of each slot passes, summed: what a
    layout passes is never more (nor more than :attr:`hexes` holds)."""


_FIELD = 6
"""Bits per stop in a load (a stop has at most six track ends)."""
_MASK = (1 << _FIELD) - 1


def _fits(variants: list[list[int]]) -> bool:
    """Whether one of each list of edge sets can be taken, no two sharing an edge (the
    shortest list first, each choice narrowing the others)."""
    if not variants:
        return True
    variants = sorted(variants, key=len)
    head, rest = variants[0], variants[1:]
    for a in head:
        narrowed = []
        for others in rest:
            left = [b for b in others if not b & a]
            if not left:
                break
            narrowed.append(left)
        else:
            if _fits(narrowed):
                return True
    return False


def _windows(slots: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every two consecutive slots (the one slot of a chain of one)."""
    if len(slots) < 2:
        return [slots]
    return [slots[i : i + 2] for i in range(len(slots) - 1)]


def _extra(modern: bool, distance: int) -> int:
    """What each own token adds to a train of ``distance`` (``modern_trains``)."""
    if not modern:
        return 0
    return 10 if distance == 7 else 20 if distance == 8 else 0


class _Search:
    """The searches over one network, for trains of at most ``longest``."""

    def __init__(self, net: Network, longest: int, modern: bool) -> None:
        self.net = net
        self.longest = longest
        self.modern = modern
        n = len(net.value)
        self.slot_to: list[int] = []
        self.slot_variants: list[list[Segment]] = []
        self.slot_edges: list[list[int]] = []
        self.slot_reach: list[int] = []
        """Every edge a variant of the slot takes."""
        self.slot_need: list[int] = []
        self.slot_hexes: list[int] = []
        self.adj: list[list[tuple[int, int]]] = []
        for s in range(n):
            groups: dict[int, list[Segment]] = {}
            for seg in net.segments[s]:
                groups.setdefault(seg.to, []).append(seg)
            here: list[tuple[int, int]] = []
            for to, variants in groups.items():
                # Shortest track first: a layout that takes less leaves more to the rest.
                variants.sort(key=lambda seg: seg.edges.bit_count())
                need = -1
                reach = 0
                for seg in variants:
                    need &= seg.edges
                    reach |= seg.hexes
                here.append((to, len(self.slot_to)))
                self.slot_to.append(to)
                self.slot_variants.append(variants)
                self.slot_edges.append([seg.edges for seg in variants])
                track = 0
                for seg in variants:
                    track |= seg.edges
                self.slot_reach.append(track)
                self.slot_need.append(need)
                self.slot_hexes.append(reach)
            here.sort(key=lambda ts: -net.value[ts[0]])  # richest first: good chains early
            self.adj.append(here)
        bonus = net.bonus_hexes
        self.slot_bonus = [10 * (h & bonus).bit_count() for h in self.slot_hexes]
        self.slot_mines = [
            max((seg.hexes & bonus).bit_count() for seg in variants)
            for variants in self.slot_variants
        ]
        """The most mine and ranch hexes one variant of each slot passes."""
        # A stop's track ends (the edges of its node): a route takes one where it ends,
        # two where it passes, and never one another route takes. What a chain takes is
        # its load: a count per stop, in fields of _FIELD bits of one integer.
        ends = [0] * n
        for s in range(n):
            for seg in net.segments[s]:
                ends[s] |= seg.ends[0]
                ends[seg.to] |= seg.ends[1]
        self.ends = [e.bit_count() for e in ends]
        self.unit = [1 << (_FIELD * s) for s in range(n)]
        self.layouts: dict[tuple[tuple[int, ...], ...], list[list[Segment]] | None] = {}
        """Layouts found on the whole network (no ``free`` limit), by chains."""
        self.small: dict[tuple[int, ...], bool] = {}
        """Whether a few slots (in order) have a layout together (:meth:`fits`)."""
        # The most a stop can add to any train (a 7 or 8 train earns more for its own
        # tokens under modern_trains): the bounds use it.
        most = _extra(modern, 8)
        self.gain = gain = [v + most * t for v, t in zip(net.value, net.token, strict=True)]
        # A chain passes a stop only if track goes on from it (not blocked, two ends).
        self.passes = passes = [
            not b and e >= 2 for b, e in zip(net.blocked, self.ends, strict=True)
        ]
        # cap[r]: the most r more stops can add anywhere, each stop once, every mine and
        # ranch included.
        ranked = sorted(gain, reverse=True)
        cap = [10 * bonus.bit_count()]
        for k in range(longest):
            cap.append(cap[-1] + (ranked[k] if k < len(ranked) else 0))
        # ahead[s][r]: the most a chain ending at s can still add with distance r left:
        # its best walk from s (a walk may repeat stops and track: an upper bound), and
        # never more than cap[r].
        walks = all(c >= 1 for c in net.visit)
        ahead = [[0] * (longest + 1) for _ in range(n)]
        for r in range(1, longest + 1):
            for s in range(n):
                top = 0
                if walks:
                    for to, slot in self.adj[s]:
                        c = net.visit[to]
                        if c > r:
                            continue
                        v = gain[to] + self.slot_bonus[slot]
                        if passes[to]:
                            v += ahead[to][r - c]
                        if v > top:
                            top = v
                else:
                    top = cap[r]
                ahead[s][r] = min(top, cap[r])
        self.ahead = ahead
        # The steps a chain may take from each stop, with what the search reads of each:
        # (stop, slot, its hex bit, what it adds at most, the most it adds onward (None:
        # it is not passed), the edges every variant takes, the hexes they pass).
        self.steps = [
            [
                (
                    to,
                    slot,
                    net.stop_hex[to],
                    gain[to] + self.slot_bonus[slot],
                    ahead[to] if passes[to] else None,
                    self.slot_need[slot],
                    self.slot_hexes[slot],
                )
                for to, slot in self.adj[s]
            ]
            for s in range(n)
        ]
        # For the tighter bound of :meth:`rest` (every visit costs 1 here: an off-board
        # area no train reaches costs 99): the stops a chain may pass, and all stops,
        # best first.
        self.by_gain = sorted(range(n), key=lambda s: -gain[s])
        self.passing = [s for s in self.by_gain if passes[s]]
        self.counted = all(c == 1 or c > longest for c in net.visit)
        # Parts of the network no track joins: every route lies in one.
        part = list(range(n))

        def root(s: int) -> int:
            while part[s] != s:
                part[s] = part[part[s]]
                s = part[s]
            return s

        for s in range(n):
            for to, _ in self.adj[s]:
                part[root(s)] = root(to)
        roots = sorted({root(s) for s in range(n)})
        self.part = [roots.index(root(s)) for s in range(n)]
        self.parts = len(roots)
        self.part_stops = [[s for s in range(n) if self.part[s] == p] for p in range(self.parts)]
        # For :meth:`capacity`: each part's stops a train reaches, best first, and what
        # its mines and ranches pay a route at most.
        self.part_order = [
            [s for s in self.by_gain if self.part[s] == p and net.visit[s] <= longest]
            for p in range(self.parts)
        ]
        self.part_mines = [0] * self.parts
        for s in range(n):
            for _, slot in self.adj[s]:
                self.part_mines[self.part[s]] |= self.slot_hexes[slot] & bonus
        self.part_mines = [10 * m.bit_count() for m in self.part_mines]
        self.reached = [s for s in self.by_gain if net.visit[s] <= longest]
        self.exact: dict[tuple[int, int, int], int] = {}
        """:meth:`shared` by part, routes and passes."""
        self.alone: dict[tuple[int, int], tuple[int, _Chain, list[Segment]] | None] = {}
        """The best route of a train of each distance alone in each part."""
        self.top: list[dict[int, int]] = [{} for _ in range(self.parts)]
        self.homes: dict[tuple[int, ...], tuple[list[list[int]], int]] = {}
        """For :meth:`beyond`, by trains: the parts where each has a route, and the sum
        of their best routes alone (:attr:`top` filled in)."""
        """The best route of a train of each distance alone in each part (:meth:`combine`
        fills it in before the bounds that use it)."""

    def rest(self, room: int, mask: int, hexes: int) -> int:
        """The most a chain can still add with ``room`` more stops, ``mask`` its stops
        so far and ``hexes`` the hexes it may pass: each stop once, all but the last
        passed through (the best stops that allow it), the mines and ranches not yet
        counted."""
        gain = self.gain
        total = 10 * (self.net.bonus_hexes & ~hexes).bit_count()
        k = room - 1
        taken = mask
        for s in self.passing:
            if not k:
                break
            if taken >> s & 1:
                continue
            total += gain[s]
            taken |= 1 << s
            k -= 1
        for s in self.by_gain:
            if not taken >> s & 1:
                return total + gain[s]
        return total

    def capacity(self, part: int | None, routes: int, passes: int, load: int) -> int:
        """The most ``routes`` routes in ``part``, passing ``passes`` stops in all, can
        earn from the stops' track ends left after ``load``: each route ends at two
        stops and passes the rest, an end takes one track end of its stop and a pass
        two, and a route visits a stop once (the track between stops and the trains'
        own distances aside: an upper bound). ``part`` ``None``: the whole network, as
        if its parts were one."""
        ends = 2 * routes
        if part is None:
            total = routes * max(self.part_mines, default=0)
            order = self.reached
        else:
            total = routes * self.part_mines[part]
            order = self.part_order[part]
        free_ends = self.ends
        gain = self.gain
        passes_ok = self.passes
        if routes == 1:
            # One route visits a stop once: the best stops, each passed while passes are
            # left and it can be passed, else an end (greedy is exact here: a stop that
            # can be passed can also be an end).
            for s in order:
                left = free_ends[s] - (load >> (_FIELD * s) & _MASK)
                if left <= 0:
                    continue
                if passes and left > 1 and passes_ok[s]:
                    total += gain[s]
                    passes -= 1
                elif ends:
                    total += gain[s]
                    ends -= 1
                    if not ends and not passes:
                        break
            return total
        for s in order:
            left = free_ends[s] - (load >> (_FIELD * s) & _MASK)
            if left <= 0:
                continue
            if ends:
                k = min(left, routes, ends)
                total += k * gain[s]
                ends -= k
            if passes and passes_ok[s]:
                k = min(left // 2, routes, passes)
                total += k * gain[s]
                passes -= k
            if not ends and not passes:
                break
        return total

    def shared(self, part: int, routes: int, passes: int) -> int:
        """:meth:`capacity` on every track end, each stop's ends shared exactly between
        the routes that end there and those that pass it (a pass takes two, so a stop
        of two ends is passed once or ended at twice), by dynamic programming over the
        stops on the ends and passes taken so far (kept: it is asked once a position)."""
        key = (part, routes, passes)
        found = self.exact.get(key)
        if found is not None:
            return found
        most = {(0, 0): 0}
        for s in self.part_order[part]:
            ends = self.ends[s]
            visits = min(routes, ends)
            can_pass = self.passes[s]
            ways = [
                (e, p)
                for e in range(visits + 1)
                for p in range(visits - e + 1)
                if (p == 0 or can_pass) and e + 2 * p <= ends and e + p > 0
            ]
            gain = self.gain[s]
            grown = dict(most)
            for (e0, p0), v0 in most.items():
                for e, p in ways:
                    e1, p1 = e0 + e, p0 + p
                    if e1 <= 2 * routes and p1 <= passes:
                        v = v0 + gain * (e + p)
                        if grown.get((e1, p1), -1) < v:
                            grown[(e1, p1)] = v
            most = grown
        found = max(most.values()) + routes * self.part_mines[part]
        self.exact[key] = found
        return found

    def beyond(self, trains: tuple[int, ...], load: int, exact: bool = False) -> int:
        """The most ``trains`` can earn together on the stops' track ends left after
        ``load``: for every way to share them out between the parts of the network,
        each part's :meth:`capacity`, and never more than its trains' best routes alone
        (:attr:`top`). ``exact``: with :meth:`shared` (``load`` 0 only)."""
        if not trains:
            return 0
        top = self.top
        known = self.homes.get(trains)
        if known is None:
            homes = [[p for p in range(self.parts) if top[p].get(d, 0) > 0] for d in trains]
            alone = sum(
                max((top[p][d] for p in home), default=0)
                for d, home in zip(trains, homes, strict=True)
            )
            known = self.homes[trains] = (homes, alone)
        homes, alone = known
        if not self.counted:
            return alone
        if len(trains) == 1:
            d = trains[0]
            passes = max(0, d - 2)
            best = 0
            for p in homes[0]:
                got = min(top[p][d], self.capacity(p, 1, passes, load))
                if got > best:
                    best = got
            return best
        ways = 1
        for home in homes:
            ways *= max(1, len(home))
        if ways > 4 and not exact:  # too many ways to share the trains out: the parts as one
            passes = sum(max(0, d - 2) for d in trains)
            return min(alone, self.capacity(None, len(trains), passes, load))
        groups: dict[int, list[int]] = {}
        best = 0

        def share(i: int) -> None:
            nonlocal best
            if i == len(trains):
                total = 0
                for p, ds in groups.items():
                    if ds:
                        passes = sum(max(0, d - 2) for d in ds)
                        most = sum(top[p][d] for d in ds)
                        if exact:
                            total += min(most, self.shared(p, len(ds), passes))
                        else:
                            total += min(most, self.capacity(p, len(ds), passes, load))
                best = max(best, total)
                return
            if not homes[i]:
                share(i + 1)
                return
            for p in homes[i]:
                groups.setdefault(p, []).append(trains[i])
                share(i + 1)
                groups[p].pop()

        share(0)
        return best

    def value(self, chain: _Chain, distance: int) -> int:
        """What ``chain`` earns a train of ``distance``, at most (mines and ranches: those
        any variant passes, no more than :attr:`_Chain.mines`)."""
        bonus = 10 * min((chain.hexes & self.net.bonus_hexes).bit_count(), chain.mines)
        return chain.stops + _extra(self.modern, distance) * chain.own + bonus

    # -- laying out track -----------------------------------------------------------------

    def realize(
        self,
        chains: list[tuple[int, ...]],
        free: int = -1,
        most: bool = False,
        at_least: int = 0,
    ) -> list[list[Segment]] | None:
        """One variant for every slot of ``chains`` (a slot may come twice, from two
        chains), no two sharing an edge and none outside ``free``; ``most``: of those
        layouts, the one whose routes pass the most mine and ranch hexes, and only one
        whose routes pass ``at_least`` of them (counted per route: the caller needs that
        many to beat its best; branch and bound on them). The variants per chain, or
        ``None`` when there is no such layout."""
        if free == -1 and not most:
            key = tuple(chains)
            if key in self.layouts:
                return self.layouts[key]
            found = self._realize(chains, free, most, 0)
            self.layouts[key] = found
            return found
        return self._realize(chains, free, most, at_least)

    def _realize(
        self, chains: list[tuple[int, ...]], free: int, most: bool, at_least: int
    ) -> list[list[Segment]] | None:
        net = self.net
        bonus = net.bonus_hexes
        owner: list[int] = []
        options: list[list[Segment]] = []
        for c, chain in enumerate(chains):
            for slot in chain:
                found = [seg for seg in self.slot_variants[slot] if not seg.edges & ~free]
                if not found:
                    return None
                owner.append(c)
                options.append(found)
        most = most and any(seg.hexes & bonus for found in options for seg in found)
        if not most:
            at_least = 0
        chosen: list[Segment | None] = [None] * len(options)
        best: list[tuple[int, list[Segment | None]]] = []

        def passed() -> int:
            hexes = [0] * len(chains)
            for c, seg in zip(owner, chosen, strict=True):
                assert seg is not None
                hexes[c] |= seg.hexes
            return sum((h & bonus).bit_count() for h in hexes)

        reach = []
        passes = []  # the mine and ranch hexes any variant of each slot passes
        for found in options:
            track = 0
            mines = 0
            for seg in found:
                track |= seg.edges
                mines |= seg.hexes & bonus
            reach.append(track)
            passes.append(mines)
        failed: set[tuple[int, int]] = set()
        ceiling = 0

        def could(left: list[int]) -> int:
            """The most mine and ranch hexes the routes could pass, the slots in
            ``left`` still to lay out (branch and bound on the bonus)."""
            hexes = [0] * len(chains)
            for i, seg in enumerate(chosen):
                if seg is not None:
                    hexes[owner[i]] |= seg.hexes & bonus
            for i in left:
                hexes[owner[i]] |= passes[i]
            return sum(h.bit_count() for h in hexes)

        def go(left: list[int], used: int) -> bool:
            """Lay out the slots in ``left``, the one with the fewest variants that still
            fit first. True ends the search (a layout found, and no bonus sought). Where
            no layout is sought for the bonus, the slots left and the edges taken that
            they could use are remembered when they have no layout (another order of
            the same choices meets them again)."""
            if not left:
                got = passed() if most else 0
                if (not best or got > best[0][0]) and got >= at_least:
                    best[:] = [(got, list(chosen))]
                return not most or got >= ceiling  # the most any layout could pass
            key = (0, 0)
            if most:
                bound = could(left)
                if bound < at_least or (best and bound <= best[0][0]):
                    return False
            if not most:
                items = 0
                track = 0
                for i in left:
                    items |= 1 << i
                    track |= reach[i]
                key = (items, used & track)
                if key in failed:
                    return False
            pick = -1
            fits: list[Segment] = []
            for i in left:
                here = [seg for seg in options[i] if not seg.edges & used]
                if not here:
                    return False
                if pick < 0 or len(here) < len(fits):
                    pick, fits = i, here
                    if len(here) == 1:
                        break
            rest = [i for i in left if i != pick]
            for seg in fits:
                chosen[pick] = seg
                if go(rest, used | seg.edges):
                    return True
            chosen[pick] = None
            if not most:
                failed.add(key)
            return False

        if most:
            ceiling = could(list(range(len(options))))
            if ceiling < at_least:
                return None
        go(list(range(len(options))), 0)
        if not best:
            return None
        out: list[list[Segment]] = [[] for _ in chains]
        for c, picked in zip(owner, best[0][1], strict=True):
            assert picked is not None
            out[c].append(picked)
        return out

    def realized(self, chain: _Chain, layout: list[Segment], distance: int) -> int:
        """What ``chain`` laid out as ``layout`` earns a train of ``distance``."""
        hexes = self.net.stop_hex[chain.first]
        for seg in layout:
            hexes |= seg.hexes
        bonus = 10 * (hexes & self.net.bonus_hexes).bit_count()
        return chain.stops + _extra(self.modern, distance) * chain.own + bonus

    def fits(self, slots: tuple[int, ...]) -> bool:
        """Whether a few slots have a layout together on the whole network (kept)."""
        key = tuple(sorted(slots))
        found = self.small.get(key)
        if found is None:
            found = self.small[key] = _fits([self.slot_edges[x] for x in key])
        return found

    def visits(self, chain: _Chain) -> list[tuple[int, int]]:
        """The stops of ``chain`` and the ends of each it takes (1 at an end, 2 passing)."""
        stops = [chain.first, *(self.slot_to[x] for x in chain.slots)]
        return [(s, 1 if i in (0, len(stops) - 1) else 2) for i, s in enumerate(stops)]

    def beside(self, a: _Chain, b: _Chain, seen: dict[tuple[Any, ...], bool]) -> bool:
        """Whether every two consecutive slots of ``a`` have a layout beside every two
        of ``b``, and every slot of one beside every two slots of the other whose track
        it may share (variants that share an edge with its own): where two chains have
        no layout together, three or four slots nearly always are the reason, and these
        small layouts are kept. ``seen``: what was found before beside ``b``'s slots,
        by a window, a slot or two slots of ``a`` (the chains beside one chain share
        most of them)."""
        fits = self.fits
        reach = self.slot_reach
        theirs = b.slots
        for wa in _windows(a.slots):
            key: tuple[Any, ...] = (theirs, wa)
            ok = seen.get(key)
            if ok is None:
                # (two windows whose track cannot meet fit: each has a layout)
                track = 0
                for x in wa:
                    track |= reach[x]
                ok = seen[key] = all(
                    fits(wa + wb) for wb in _windows(theirs) if any(reach[x] & track for x in wb)
                )
            if not ok:
                return False
        mine = a.slots
        for y in mine:
            key = (theirs, y)
            ok = seen.get(key)
            if ok is None:
                near = [x for x in theirs if reach[x] & reach[y]]
                ok = seen[key] = all(
                    fits((near[i], near[j], y))
                    for i in range(len(near))
                    for j in range(i + 1, len(near))
                )
            if not ok:
                return False
        for i in range(len(mine)):
            x = mine[i]
            for j in range(i + 1, len(mine)):
                z = mine[j]
                key = (theirs, x, z)
                ok = seen.get(key)
                if ok is None:
                    ok = seen[key] = all(
                        fits((x, z, y))
                        for y in theirs
                        if reach[y] & reach[x] and reach[y] & reach[z]
                    )
                if not ok:
                    return False
        return True

    # -- chains of stops ------------------------------------------------------------------

    def chains(
        self,
        distance: int,
        threshold: int,
        free: int = -1,
        keep: Callable[[_Chain], int] | None = None,
        starts: list[int] | None = None,
        others: tuple[int, ...] | None = None,
        lower: int = 0,
    ) -> list[_Chain]:
        """Every chain (from its lower end, one of ``starts``: default all stops) of at
        most ``distance`` whose track can be laid out within ``free``, with a stop
        holding the corporation's token, worth more than ``threshold`` to a train of
        ``distance`` (:meth:`value`). ``keep(chain)``, when given, takes each chain
        found instead of the list and returns the new threshold (a best route's search
        raises it as it goes). ``others``: the other trains of a set that must earn more
        than ``lower``; a chain is only listed, or grown, while it and the most the
        others can earn on the stops' track ends it leaves (:meth:`beyond`) can."""
        net = self.net
        value = net.value
        visit = net.visit
        token = net.token
        stop_hex = net.stop_hex
        ahead = self.ahead
        variants = self.slot_variants
        bonus = net.bonus_hexes
        extra = _extra(self.modern, distance)
        passes = self.passes
        counted = self.counted
        rest = self.rest
        unit = self.unit
        outside = ~free
        steps = self.steps
        beyond = self.beyond
        slot_mines = self.slot_mines
        found: list[_Chain] = []
        limit = threshold
        slots: list[int] = []

        def extend(
            first: int, last: int, used: int, cost: int, stops: int, own: int,
            hexes: int, need: int, layout: tuple[Segment, ...], laid: int, load: int,
            mask: int,
        ) -> None:  # fmt: skip
            nonlocal limit
            passed = (hexes & bonus).bit_count()
            base = stops + extra * own + 10 * passed
            if slots:
                # Listed by what the chain can earn: its mines and ranches no more than
                # one variant of each slot passes (the search grows it on ``base``).
                mines = sum(slot_mines[x] for x in slots) if passed else 0
                worth = base - 10 * max(0, passed - mines)
                if (
                    own
                    and first < last
                    and worth > limit
                    and (others is None or worth + beyond(others, load) > lower)
                ):
                    chain = _Chain(
                        first, tuple(slots), cost, stops, own, hexes, need, laid, layout, load,
                        mines,
                    )  # fmt: skip
                    if keep is None:
                        found.append(chain)
                    else:
                        limit = keep(chain)
                if not passes[last]:
                    return
            room = distance - cost
            if room <= 0:
                return
            more = ahead[last][room]
            if base + more <= limit:
                return
            if counted:
                more = min(more, rest(room, mask, hexes))
                if base + more <= limit:
                    return
            if slots:
                load += unit[last]  # the last stop is passed from now on
            taken = laid | outside
            for to, slot, bit, gain, onward, sneed, reach in steps[last]:
                c = visit[to]
                if c > room or bit & used:
                    continue
                if base + gain + (onward[room - c] if onward else 0) <= limit:
                    continue
                if sneed & need or sneed & outside:
                    continue
                slots.append(slot)
                for seg in variants[slot]:
                    if not seg.edges & taken:
                        now: tuple[tuple[Segment, ...], int] | None = (
                            (*layout, seg),
                            laid | seg.edges,
                        )
                        break
                else:
                    now = self._grow(slots, layout, laid, free)
                if now is not None:
                    extend(
                        first, to, used | bit, cost + c, stops + value[to], own + token[to],
                        hexes | reach, need | sneed, now[0], now[1], load + unit[to],
                        mask | 1 << to,
                    )  # fmt: skip
                slots.pop()

        for s in range(len(value)) if starts is None else starts:
            if visit[s] <= distance:
                extend(
                    s, s, stop_hex[s], visit[s], value[s], token[s], stop_hex[s], 0, (), 0,
                    unit[s], 1 << s,
                )  # fmt: skip
        return found

    def _grow(
        self, slots: list[int], layout: tuple[Segment, ...], laid: int, free: int
    ) -> tuple[tuple[Segment, ...], int] | None:
        """A layout of the chain ``slots`` whose slots but the last have ``layout``
        (edges ``laid``): the last slot beside it; else the last two slots laid out
        again; else (when the last two and three slots have a layout on their own: the
        usual reason there is none) the whole chain laid out again. ``None``: the chain
        has no layout (nor does any longer one)."""
        slot = slots[-1]
        for seg in self.slot_variants[slot]:
            if not seg.edges & laid and not seg.edges & ~free:
                return (*layout, seg), laid | seg.edges
        if len(slots) < 2:
            return None
        if not self.fits(tuple(slots[-2:])):
            return None
        if len(slots) > 2 and not self.fits(tuple(slots[-3:])):
            return None
        rest = laid & ~layout[-1].edges
        taken = rest | ~free
        lasts = [b for b in self.slot_variants[slot] if not b.edges & taken]
        if lasts:
            for a in self.slot_variants[slots[-2]]:
                if a.edges & taken:
                    continue
                for b in lasts:
                    if not b.edges & a.edges:
                        return (*layout[:-1], a, b), rest | a.edges | b.edges
        if len(slots) == 2:
            return None
        # Where a chain has no layout, three of its slots nearly always have none: the
        # last and two others (the chain before it has one).
        for i in range(len(slots) - 1):
            if not self.fits((slots[i], slot)):
                return None
        for i in range(len(slots) - 2):
            for j in range(i + 1, len(slots) - 1):
                if not self.fits((slots[i], slots[j], slot)):
                    return None
        again = self.realize([tuple(slots)], free)
        if again is None:
            return None
        now = 0
        for seg in again[0]:
            now |= seg.edges
        return tuple(again[0]), now

    def best_single(
        self, distance: int, free: int = -1, part: int | None = None
    ) -> tuple[int, _Chain, list[Segment]] | None:
        """The best route of a train of ``distance`` alone on the edges ``free`` (in
        ``part`` of the network: default anywhere): (revenue, chain, its variants),
        ``None`` when it has none."""
        best: list[tuple[int, _Chain, list[Segment]]] = []

        bonus = self.net.bonus_hexes

        extra = _extra(self.modern, distance)

        def keep(chain: _Chain) -> int:
            if chain.hexes & bonus:
                # Only a layout passing enough mines and ranches to beat the best.
                need = 0
                if best:
                    need = max(0, (best[0][0] - chain.stops - extra * chain.own) // 10 + 1)
                layout = self.realize([chain.slots], free, most=True, at_least=need)
            else:
                layout = [list(chain.layout)]
            if layout is not None:
                got = self.realized(chain, layout[0], distance)
                if not best or got > best[0][0]:
                    best[:] = [(got, chain, layout[0])]
            return best[0][0] if best else -1

        starts = None if part is None else self.part_stops[part]
        self.chains(distance, -1, free, keep, starts)
        return best[0] if best else None

    # -- the set ----------------------------------------------------------------------------

    def combine(
        self, distances: list[int]
    ) -> tuple[int, list[tuple[_Chain, list[Segment]] | None]]:
        """The best set: its revenue and, per train (in the given order), its chain and
        layout or ``None``."""
        order = sorted(range(len(distances)), key=lambda i: -distances[i])
        ds = [distances[i] for i in order]
        kinds = sorted(set(ds), reverse=True)
        if len(ds) == 1:
            found = self.best_single(ds[0])
            return (found[0], [(found[1], found[2])]) if found else (0, [None])
        alone: dict[int, tuple[int, _Chain, list[Segment]] | None] = {}
        for d in kinds:
            best_here: tuple[int, _Chain, list[Segment]] | None = None
            for p in range(self.parts):
                if (d, p) not in self.alone:
                    self.alone[(d, p)] = self.best_single(d, part=p)
                got = self.alone[(d, p)]
                self.top[p][d] = got[0] if got else 0
                if got is not None and (best_here is None or got[0] > best_here[0]):
                    best_here = got
            alone[d] = best_here
        # A first set: each train in turn takes the best route on the track left, the
        # trains in every order of their distances (longest first, shortest first).
        turns = permutations(kinds) if len(kinds) <= 3 else [kinds, kinds[::-1]]
        orders = [sorted(range(len(ds)), key=lambda k: turn.index(ds[k])) for turn in turns]
        lower = -1
        picks: list[tuple[_Chain, list[Segment]] | None] = []
        for turn in orders:
            free = -1
            got_total = 0
            got_picks: list[tuple[_Chain, list[Segment]] | None] = [None] * len(ds)
            for n, k in enumerate(turn):
                d = ds[k]
                taken = alone[d] if n == 0 else self.best_single(d, free) if alone[d] else None
                if taken is None:
                    continue
                got_total += taken[0]
                got_picks[k] = (taken[1], taken[2])
                for seg in taken[2]:
                    free &= ~seg.edges
            if got_total > lower:
                lower, picks = got_total, got_picks
        tops = [top[0] if (top := alone[d]) is not None else 0 for d in ds]
        # The stops' track ends allow no more: the first set is the best.
        rough = self.beyond(tuple(ds), 0)
        if rough <= lower:
            return lower, self._laid_out(picks, order)
        if self.beyond(tuple(ds), 0, exact=True) <= lower:
            return lower, self._laid_out(picks, order)
        better = self._beat(ds, kinds, tops, lower)
        if better is None:
            return lower, self._laid_out(picks, order)
        best_total, best, best_layout = better
        kept = [(k, c) for k, c in enumerate(best) if c is not None]
        if best_layout is None:
            best_layout = self.realize([c.slots for _, c in kept], most=True)
            assert best_layout is not None
        per_train: list[tuple[_Chain, list[Segment]] | None] = [None] * len(ds)
        for (k, c), lay in zip(kept, best_layout, strict=True):
            per_train[k] = (c, lay)
        return best_total, self._laid_out(per_train, order)

    def _beat(
        self, ds: list[int], kinds: list[int], tops: list[int], lower: int
    ) -> tuple[int, list[_Chain | None], list[list[Segment]] | None] | None:
        """The best set of trains ``ds`` (longest first) worth more than ``lower``: its
        revenue, chain per train and layout (``None``: laid out again for the most mines
        and ranches), or ``None`` when none is (``tops``: each train's best route
        alone)."""
        everyone = sum(tops)
        # A route of train k in a better set earns more than lower - (the others' best).
        floors = [lower - (everyone - tops[k]) for k in range(len(ds))]
        listed = {}
        for d in kinds:
            others = list(ds)
            others.remove(d)
            floor = min(f for f, e in zip(floors, ds, strict=True) if e == d)
            listed[d] = self.chains(d, floor, others=tuple(others), lower=lower)
        options: list[list[tuple[int, _Chain]]] = []
        for k, d in enumerate(ds):
            here = [(v, c) for c in listed[d] if (v := self.value(c, d)) > floors[k]]
            here.sort(key=lambda vc: -vc[0])  # stable: ties in the order found
            options.append(here)
        heads = [opts[0][0] if opts else 0 for opts in options]
        rest = [sum(heads[k:]) for k in range(len(heads) + 1)]
        same = [k > 0 and ds[k] == ds[k - 1] for k in range(len(ds))]
        best_total = lower
        best: list[_Chain | None] | None = None
        best_layout: list[list[Segment]] | None = None
        chosen: list[_Chain | None] = [None] * len(ds)
        bonus = self.net.bonus_hexes

        seen: dict[tuple[Any, ...], bool] = {}
        """What :meth:`beside` found, for this search."""

        def finish(total: int) -> None:
            """A full set worth at most ``total``: keep it if it beats the best."""
            nonlocal best_total, best, best_layout
            taken = [(k, c) for k, c in enumerate(chosen) if c is not None]
            if any(c.hexes & bonus for _, c in taken):
                # Only a layout passing enough mines and ranches to beat the best (every
                # chain taken was laid out with the others: none means too few).
                base = sum(c.stops + _extra(self.modern, ds[k]) * c.own for k, c in taken)
                need = max(0, (best_total - base) // 10 + 1)
                layout = self.realize([c.slots for _, c in taken], most=True, at_least=need)
                if layout is None:
                    return
                total = sum(
                    self.realized(c, lay, ds[k]) for (k, c), lay in zip(taken, layout, strict=True)
                )
                if total <= best_total:
                    return
                best_layout = layout
            else:
                best_layout = None
            best_total = total
            best = list(chosen)

        # For each list, by stop: the chains taking one end of it or more, and two (bits
        # by place in the list): where the chains taken leave a stop one end or none,
        # the chains that need more are skipped at once.
        indexes: dict[int, dict[int, list[int]]] = {}
        for k, opts in enumerate(options):
            if k and same[k]:
                continue
            index: dict[int, list[int]] = {}
            for j, (_, c) in enumerate(opts):
                bit = 1 << j
                for stop, n in self.visits(c):
                    masks = index.get(stop)
                    if masks is None:
                        masks = index[stop] = [0, 0]
                    masks[0] |= bit
                    if n > 1:
                        masks[1] |= bit
            indexes[k] = index
        lists = [indexes.get(k) for k in range(len(ds))]
        stops_of = [
            [(c.first, *(self.slot_to[x] for x in c.slots)) for _, c in opts] for opts in options
        ]
        for k in range(len(ds)):
            if lists[k] is None:
                lists[k] = lists[k - 1]
        ends = self.ends
        field = _MASK
        tails = [tuple(ds[k + 1 :]) for k in range(len(ds))]

        def search(
            k: int, need: int, laid: int, load: int, touched: tuple[int, ...], total: int,
            start: int,
        ) -> None:  # fmt: skip
            """Train ``k`` takes one of ``options[k][start:]`` or none (``start`` -1:
            none, as the alike train before it took none); ``need``: the edges the
            chains taken must use; ``laid``: the edges of one layout of them; ``load``:
            the stops' ends they take (``touched``: those stops)."""
            if total + rest[k] <= best_total:
                return
            if k == len(ds):
                finish(total)
                return
            follows = k + 1 < len(ds) and same[k + 1]
            if start >= 0:
                opts = options[k]
                places = stops_of[k]
                after = rest[k + 1]
                index = lists[k]
                assert index is not None
                open_ = (1 << len(opts)) - (1 << start)
                for stop in touched:
                    left = ends[stop] - (load >> (_FIELD * stop) & field)
                    if left < 2:
                        got = index.get(stop)
                        if got is not None:
                            open_ &= ~got[1 if left == 1 else 0]
                while open_:
                    low = open_ & -open_
                    open_ ^= low
                    j = low.bit_length() - 1
                    v, c = opts[j]
                    if total + v + after <= best_total:
                        break
                    if c.need & need:
                        continue
                    if total + v + self.beyond(tails[k], load + c.load) <= best_total:
                        continue
                    if c.witness & laid:
                        if not all(self.beside(c, x, seen) for x in chosen[:k] if x):
                            continue
                        chosen[k] = c
                        layout = self.realize([x.slots for x in chosen[: k + 1] if x])
                        if layout is None:
                            continue
                        now = 0
                        for segs in layout:
                            for seg in segs:
                                now |= seg.edges
                    else:
                        now = laid | c.witness
                    chosen[k] = c
                    search(
                        k + 1, need | c.need, now, load + c.load,
                        touched + places[j], total + v,
                        j if follows else 0,
                    )  # fmt: skip
            chosen[k] = None
            search(k + 1, need, laid, load, touched, total, -1 if follows else 0)

        search(0, 0, 0, 0, (), 0, 0)
        if best is None:
            return None
        return best_total, best, best_layout

    @staticmethod
    def _laid_out(
        per_train: list[tuple[_Chain, list[Segment]] | None], order: list[int]
    ) -> list[tuple[_Chain, list[Segment]] | None]:
        """``per_train`` (trains longest first) in the trains' given order."""
        out: list[tuple[_Chain, list[Segment]] | None] = [None] * len(order)
        for k, i in enumerate(order):
            out[i] = per_train[k]
        return out


def stop_graph(board: Board, corp: str, phase_colors: tuple[str, ...]) -> Network:
    """The stops ``corp``'s tokens reach and the track between them, valued in the phase
    of ``phase_colors``."""
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
    segments = _segments(board, stops, hex_bits)
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
    bonus_hexes = 0
    for coord, found in board.markers.items():
        if ("mine" in found or "ranch" in found) and coord in hex_bits.ids:
            bonus_hexes |= hex_bits.bit(coord)
    return Network(value, visit, token, blocked, stop_hex, segments, bonus_hexes)


def solve(
    net: Network, distances: list[int], modern: bool = False, search: _Search | None = None
) -> tuple[int, list[FoundRoute | None]]:
    """The best total revenue on ``net`` and each train's route (``None``: it does not
    run), trains in the given order (``search``: one already made for ``net``, trains of
    at most its ``longest`` and ``modern``, whose kept layouts it reuses)."""
    if not distances:
        return 0, []
    if search is None:
        search = _Search(net, max(distances), modern)
    total, picked = search.combine(distances)
    out: list[FoundRoute | None] = []
    for pick in picked:
        if pick is None:
            out.append(None)
            continue
        chain, layout = pick
        edges = 0
        for seg in layout:
            edges |= seg.edges
        revenue = search.realized(chain, layout, 0)
        own = chain.own if modern else 0
        out.append(FoundRoute(revenue, chain.cost, edges, tuple(s.path for s in layout), own))
    return max(total, 0), out


class _Kept:
    """A small cache: the newest ``size`` entries (safe to share between threads)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: dict[object, Any] = {}
        self.lock = Lock()

    def get(self, key: object) -> Any:
        with self.lock:
            return self.entries.get(key)

    def put(self, key: object, value: Any) -> None:
        with self.lock:
            self.entries[key] = value
            while len(self.entries) > self.size:
                del self.entries[next(iter(self.entries))]

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()


_NETWORKS = _Kept(32)
"""Stop graphs by board content, corporation and phase."""
_SEARCHES = _Kept(16)
"""Searches (with the layouts they found) by stop graph, longest train and rules."""
_RESULTS = _Kept(512)
"""Best sets by stop graph and trains."""


def clear_caches() -> None:
    """Forget every stop graph, search and result kept (benchmarks time a cold router)."""
    for kept in (_NETWORKS, _SEARCHES, _RESULTS):
        kept.clear()


def board_content(board: Board) -> tuple[object, ...]:
    """What the router reads of a board: the tiles laid, the tokens and the markers
    (boards alike give equal keys, whatever copy they are)."""
    return (
        board.data.title,
        tuple(board.laid.items()),
        tuple(board.tokens.items()),
        tuple(board.markers.items()),
    )


def best_routes(
    board: Board,
    corp: str,
    distances: list[int],
    phase_colors: tuple[str, ...],
    modern_trains: bool = False,
) -> tuple[int, list[FoundRoute | None]]:
    """The best total revenue and, for each train (its distance, in the given order), the
    route it runs (``None``: it does not run). The same question on a board alike (a
    copy, or the same position asked again) is answered from the caches."""
    if not distances:
        return 0, []
    where = (board_content(board), corp, tuple(phase_colors))
    key = (where, tuple(distances), modern_trains)
    found: tuple[int, list[FoundRoute | None]] | None = _RESULTS.get(key)
    if found is None:
        net: Network | None = _NETWORKS.get(where)
        if net is None:
            net = stop_graph(board, corp, phase_colors)
            _NETWORKS.put(where, net)
        how = (where, max(distances), modern_trains)
        search: _Search | None = _SEARCHES.get(how)
        if search is None:
            search = _Search(net, max(distances), modern_trains)
            _SEARCHES.put(how, search)
        found = solve(net, distances, modern_trains, search)
        _RESULTS.put(key, found)
    return found[0], list(found[1])
