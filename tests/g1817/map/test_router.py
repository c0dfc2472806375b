"""The auto-router against the reference's at every route decision of the seven games."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.g1817.map.router import best_routes
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
