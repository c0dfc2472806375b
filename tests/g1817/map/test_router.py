"""The auto-router against the reference's at every route decision of the seven games."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from takeover.g1817.map.router import FoundRoute, _combine, best_routes
from takeover.g1817.track import route_revenues

from ..games import GAMES, record
from ..test_track import decisions


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


@settings(max_examples=300, deadline=None)
@given(
    routes=st.lists(
        st.tuples(st.integers(0, 90), st.integers(1, 3), st.integers(1, 15)),
        min_size=2,
        max_size=9,
    ),
    distances=st.lists(st.integers(1, 3), min_size=1, max_size=4),
)
@example(routes=[(90, 1, 1), (80, 1, 2), (10, 1, 4)], distances=[1, 1])  # the next route
def test_the_route_set_search_is_exact(
    routes: list[tuple[int, int, int]], distances: list[int]
) -> None:
    """``_combine`` (trains of one distance searched in one order only) finds the best
    edge-disjoint set, as trying every assignment of routes to trains does."""
    found = [FoundRoute(v, n, edges, ()) for v, n, edges in routes]
    total, chosen = _combine(found, distances)
    best = 0
    for pick in itertools.product([None, *found], repeat=len(distances)):
        fits = all(r is None or r.stops <= d for r, d in zip(pick, distances, strict=True))
        used = [r.edges for r in pick if r is not None]
        disjoint = all(a & b == 0 for a, b in itertools.combinations(used, 2))
        if fits and disjoint:
            best = max(best, sum(r.revenue for r in pick if r is not None))
    assert total == best
    picked = [r for r in chosen if r is not None]
    assert sum(r.revenue for r in picked) == total
    assert all(a.edges & b.edges == 0 for a, b in itertools.combinations(picked, 2))
    assert all(r is None or r.stops <= d for r, d in zip(chosen, distances, strict=True))
