"""The auto-router: against the reference's at every route decision of the seven games,
and against an exhaustive search (``brute.py``) on drawn networks and on real positions."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.bench.routes import route_decisions
from takeover.g1817.map.router import (
    FoundRoute,
    Network,
    Segment,
    best_routes,
    clear_caches,
    solve,
    stop_graph,
)
from takeover.g1817.state import Game1817
from takeover.g1817.track import route_revenues

from ..games import GAMES, games_dir, record
from ..test_track import decisions
from .brute import brute_force

SEED3 = games_dir() / "cases" / "1817-4p-heuristic-seed3.json"
"""Four heuristic bots, ``takeover selfplay --game 1817 --seed 3``: after action 1842, Belt
runs two 8-trains on the densest network of the game (41,157 routes)."""


@pytest.mark.parametrize("game", GAMES)
def test_router_finds_at_least_the_reference_and_the_players(game: str) -> None:
    raw_by_id = {a["id"]: a for a in record(game)["actions"]}
    checked = 0
    for line, state in decisions(game):
        if "best_revenue" not in line:
            continue
        corp = state.corps[line["dp"]["entity"]]
        trains = list(corp.trains)
        distances = [int(t.name.rstrip("+")) for t in trains]
        total, found = best_routes(
            state.board, corp.sym, distances, state.phase_colors,
            "modern_trains" in state.optional_rules,
        )  # fmt: skip
        ran = sum(r.get("revenue", 0) for r in line.get("routes") or [])
        raw: dict[str, Any] = raw_by_id.get(line["id"], {})
        where = f"{game} action {line['id']} {corp.sym}"
        assert total >= line["best_revenue"], f"{where}: {total} < {line['best_revenue']}"
        assert total >= ran, f"{where}: {total} < {ran} run by the players ({raw.get('routes')})"
        routes = [
            {"train": t.id, "connections": [list(c) for c in r.connections]}
            for t, r in zip(trains, found, strict=True)
            if r is not None
        ]
        assert sum(route_revenues(state, corp, routes)) == total, where
        checked += 1
    assert checked > 0


# -- drawn networks ----------------------------------------------------------------------


@st.composite
def networks(draw: st.DrawFn) -> Network:
    """A small network: stops (some sharing a hex, some blocked, some holding the
    corporation's token, an off-board area no train reaches), each with a few track ends
    of its own, and between some pairs of stops a few stretches of track (each leaving
    by one end of each stop and taking some of a few shared edges in between, where
    routes collide; a few pass mine hexes). Track runs both ways, but now and then one
    way only (as where a stretch passes a stop's own hex)."""
    n = draw(st.integers(2, 7))
    hexes = draw(st.lists(st.integers(0, n), min_size=n, max_size=n))
    value = draw(st.lists(st.sampled_from([0, 10, 20, 30, 40, 50, 60, 80]), min_size=n, max_size=n))
    token = draw(st.lists(st.sampled_from([0, 1, 1]), min_size=n, max_size=n))
    blocked = draw(st.lists(st.sampled_from([False, False, False, True]), min_size=n, max_size=n))
    visit = draw(st.lists(st.sampled_from([1] * 9 + [99]), min_size=n, max_size=n))
    shared = 5  # edges between stops, bits 0-4; each stop's ends follow
    next_bit = shared
    ends: list[list[int]] = []
    for _ in range(n):
        count = draw(st.integers(1, 4))
        ends.append([1 << (next_bit + k) for k in range(count)])
        next_bit += count
    mines = 1 << (n + 1)  # hex bits: the stops' hexes 0..n, then three mine hexes
    segments: list[list[Segment]] = [[] for _ in range(n)]
    variant = 0
    for a, b in itertools.combinations(range(n), 2):
        for _ in range(draw(st.sampled_from([0, 0, 1, 1, 2, 3, 4]))):
            ea = draw(st.sampled_from(ends[a]))
            eb = draw(st.sampled_from(ends[b]))
            edges = (
                ea
                | eb
                | draw(
                    st.sampled_from([0, *(1 << k for k in range(shared))])
                    | st.integers(0, (1 << shared) - 1)
                )
            )
            passed = (1 << hexes[a]) | (1 << hexes[b]) | mines * draw(st.integers(0, 7))
            name = f"v{variant}"
            variant += 1
            both = draw(st.sampled_from(["both"] * 5 + ["there", "back"]))
            if both != "back":
                segments[a].append(Segment(b, edges, passed, (f"S{a}", name, f"S{b}"), (ea, eb)))
            if both != "there":
                segments[b].append(Segment(a, edges, passed, (f"S{b}", name, f"S{a}"), (eb, ea)))
    bonus = mines * draw(st.sampled_from([0, 0, 1, 2, 5]))
    stop_hex = [1 << h for h in hexes]
    return Network(value, visit, token, blocked, stop_hex, segments, bonus)


def check_routes(
    net: Network, distances: list[int], modern: bool, total: int, found: list[FoundRoute | None]
) -> None:
    """The routes found are legal, share no edge and earn ``total`` together."""
    by_path = {seg.path: (s, seg) for s, segs in enumerate(net.segments) for seg in segs}
    earned = 0
    used = 0
    for d, route in zip(distances, found, strict=True):
        if route is None:
            continue
        first = by_path[route.connections[0]][0]
        stops = [first]
        edges = 0
        hexes = net.stop_hex[first]
        for path in route.connections:
            start, seg = by_path[path]
            assert start == stops[-1], "connections must join"
            assert not seg.edges & edges, "a route uses an edge once"
            edges |= seg.edges
            hexes |= seg.hexes
            stops.append(seg.to)
        assert len({net.stop_hex[s] for s in stops}) == len(stops), "a stop hex once"
        assert not any(net.blocked[s] for s in stops[1:-1]), "blocked stops only at ends"
        assert any(net.token[s] for s in stops), "a stop with the corporation's token"
        assert sum(net.visit[s] for s in stops) == route.stops <= d
        assert route.edges == edges and not edges & used, "no edge shared between routes"
        used |= edges
        revenue = sum(net.value[s] for s in stops) + 10 * (hexes & net.bonus_hexes).bit_count()
        assert route.revenue == revenue
        assert route.own_tokens == (sum(net.token[s] for s in stops) if modern else 0)
        earned += route.revenue_for(d)
    assert earned == total


@settings(max_examples=400, deadline=None)
@given(
    net=networks(),
    distances=st.lists(st.sampled_from([1, 2, 2, 3, 3, 4, 5, 8]), min_size=1, max_size=4),
    modern=st.booleans(),
)
def test_the_router_is_exact(net: Network, distances: list[int], modern: bool) -> None:
    """The router's best set earns what the best of every set of every route earns:
    several trains, trains alike, trains sharing stops (each takes its own track ends),
    track that cannot be laid out for a whole chain of stops, mines (an upper bound in
    the search), and ``modern_trains`` (7 and 8 trains paid for their own tokens)."""
    total, found = solve(net, distances, modern)
    assert total == brute_force(net, distances, modern)
    check_routes(net, distances, modern, total, found)


def line(values: list[int], tracks: list[tuple[int, int, int]], ends: int = 2) -> Network:
    """Stops ``0..n-1`` (each on its own hex, ``ends`` track ends each, stop 0 with the
    corporation's token) joined by ``tracks``: ``(a, b, shared edges)``, one stretch each."""
    n = len(values)
    own = [[1 << (8 + 8 * s + k) for k in range(ends)] for s in range(n)]
    taken = [0] * n
    segments: list[list[Segment]] = [[] for _ in range(n)]
    for i, (a, b, middle) in enumerate(tracks):
        ea, eb = own[a][taken[a]], own[b][taken[b]]
        taken[a] += 1
        taken[b] += 1
        edges = ea | eb | middle
        hexes = (1 << a) | (1 << b)
        segments[a].append(Segment(b, edges, hexes, (f"S{a}", f"v{i}", f"S{b}"), (ea, eb)))
        segments[b].append(Segment(a, edges, hexes, (f"S{b}", f"v{i}", f"S{a}"), (eb, ea)))
    token = [1] + [0] * (n - 1)
    return Network(values, [1] * n, token, [False] * n, [1 << s for s in range(n)], segments)


def test_two_trains_share_a_city_by_its_four_track_ends() -> None:
    """A city with four ends (stop 0): two trains pass it, each with two ends."""
    net = line([10, 50, 50, 50, 50], [(0, 1, 0), (0, 2, 0), (0, 3, 0), (0, 4, 0)], ends=4)
    total, found = solve(net, [3, 3])
    assert total == 2 * 110 == brute_force(net, [3, 3])
    check_routes(net, [3, 3], False, total, found)


def test_alike_trains_run_one_chain_on_two_tracks() -> None:
    """Two stretches of track between the same two stops: two alike trains run the same
    stops, each on its own track."""
    net = line([40, 60], [(0, 1, 0), (0, 1, 0)])
    total, found = solve(net, [2, 2])
    assert total == 200 == brute_force(net, [2, 2])
    check_routes(net, [2, 2], False, total, found)


def test_a_stop_with_one_track_end_is_never_passed() -> None:
    """Stop 1 (90) has one track end, which both its stretches of track leave by: a train
    ends there, never passes (0-1-2 would earn 130; only stop 0 holds a token)."""
    net = line([10, 90, 30], [(0, 1, 0)], ends=1)
    one, two, edges = 1 << 16, 1 << 24, (1 << 16) | (1 << 24) | (1 << 60)
    net.segments[1].append(Segment(2, edges, 0b110, ("S1", "x", "S2"), (one, two)))
    net.segments[2].append(Segment(1, edges, 0b110, ("S2", "x", "S1"), (two, one)))
    total, found = solve(net, [3])
    assert total == 100 == brute_force(net, [3])
    check_routes(net, [3], False, total, found)


# -- real positions -----------------------------------------------------------------------


def decisions_of(path: Path) -> list[tuple[int, Game1817]]:
    """Every route decision of a game file: (the id of the next recorded action, a copy of
    the position)."""
    data = json.loads(path.read_text())
    return [(action_id, state.clone()) for action_id, state in route_decisions(data)]


@pytest.fixture(scope="module")
def seed3() -> list[tuple[int, Game1817]]:
    return decisions_of(SEED3)


@pytest.mark.slow
def test_the_seed3_position_is_exact(seed3: list[tuple[int, Game1817]]) -> None:
    """After action 1842, Belt's two 8-trains: the router's best set earns what the best
    of every set of all 41,157 routes earns (the exhaustive search takes a few seconds).
    The router before its search was bounded kept only the best 20,000 routes and found
    660; the best set earns 720."""
    state = dict(seed3)[1843]
    corp = state.round.corp
    distances = [int(t.name.rstrip("+")) for t in corp.trains]
    assert (corp.sym, distances) == ("Belt", [8, 8])
    modern = "modern_trains" in state.optional_rules
    clear_caches()
    total, found = best_routes(state.board, corp.sym, distances, state.phase_colors, modern)
    net = stop_graph(state.board, corp.sym, state.phase_colors)
    assert total == brute_force(net, distances, modern) == 720
    routes = [
        {"train": t.id, "connections": [list(c) for c in r.connections]}
        for t, r in zip(corp.trains, found, strict=True)
        if r is not None
    ]
    assert sum(route_revenues(state, corp, routes)) == total


def test_every_route_decision_of_seed3_with_short_trains(seed3: list[tuple[int, Game1817]]) -> None:
    """At every route decision of the game, the corporation's trains cut to 4 stops (and
    to 2 and 3, as the bots judge lays): the router agrees with the exhaustive search."""
    checked = 0
    for _, state in seed3:
        corp = state.round.corp
        distances = [int(t.name.rstrip("+")) for t in corp.trains]
        modern = "modern_trains" in state.optional_rules
        net = stop_graph(state.board, corp.sym, state.phase_colors)
        for cut in (2, 3, 4):
            short = [min(cut, d) for d in distances]
            total, _ = best_routes(state.board, corp.sym, short, state.phase_colors, modern)
            assert total == brute_force(net, short, modern), (corp.sym, short)
            checked += 1
    assert checked > 200


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "action_id", "trains", "best"),
    [("1817-3p-s2003.json", 1083, [5, 6], 620), ("1817-3p-s2011.json", 1139, [5, 8], 520)],
)
def test_the_slowest_generated_positions_are_exact(
    game: str, action_id: int, trains: list[int], best: int
) -> None:
    """The two slowest route decisions of the generated games (two long trains on a
    3-player map with mines): the router's best set earns what the best of every set of
    every route earns (42,726 and 12,524 routes)."""
    state = dict(decisions_of(SEED3.parent / game))[action_id]
    corp = state.round.corp
    distances = [int(t.name.rstrip("+")) for t in corp.trains]
    assert sorted(distances) == trains
    modern = "modern_trains" in state.optional_rules
    clear_caches()
    total, found = best_routes(state.board, corp.sym, distances, state.phase_colors, modern)
    net = stop_graph(state.board, corp.sym, state.phase_colors)
    assert total == brute_force(net, distances, modern) == best
    routes = [
        {"train": t.id, "connections": [list(c) for c in r.connections]}
        for t, r in zip(corp.trains, found, strict=True)
        if r is not None
    ]
    assert sum(route_revenues(state, corp, routes)) == total
