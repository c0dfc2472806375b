"""Route revenue from connections against every route the reference computed."""

from __future__ import annotations

from typing import Any

import pytest

from takeover.core.errors import IllegalAction
from takeover.g1817.map.routes import build_route, check_overlap, route_revenue

from ..games import GAMES
from ..test_track import decisions


def _revenues(state: Any, corp: str, routes: list[dict[str, Any]]) -> list[int]:
    built = [build_route(state.board, corp, r["connections"]) for r in routes]
    check_overlap(built)
    modern = "modern_trains" in state.optional_rules
    return [
        route_revenue(state.board, corp, b, int(r["train"][0]), state.phase_colors, modern)
        for b, r in zip(built, routes, strict=True)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_route_revenue_is_the_reference_revenue(game: str) -> None:
    checked = 0
    from ..games import record

    raw_by_id = {a["id"]: a for a in record(game)["actions"]}
    for line, state in decisions(game):
        if "routes" not in line:
            continue
        corp = line["dp"]["entity"]
        routes = raw_by_id[line["id"]]["routes"]
        ours = _revenues(state, corp, routes)
        theirs = [r["revenue"] for r in line["routes"]]
        assert ours == theirs, f"{game} action {line['id']} {corp}: {routes}"
        checked += 1
    assert checked > 0


def test_a_route_over_missing_track_is_refused() -> None:
    for line, state in decisions("1817__15528"):
        if "routes" in line:
            with pytest.raises(IllegalAction, match="no track") as refused:
                build_route(state.board, line["dp"]["entity"], [["B5", "B7"]])
            # in a player's words: places by name, what a route must do
            words = str(refused.value)
            assert "['" not in words and "from a station to a station" in words, words
            assert "from Lansing (B5) to B7" in words, words
            return
