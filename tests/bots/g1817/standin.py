"""A stand-in for the map's decisions the engine does not list yet (test only).

The map is modelled (board, legal lays and cities, the auto-router) but the home station
and the run are not yet listed as legal actions, so a bot cannot take them. The stand-in
takes them with the rules' own functions: the home station in the most valuable open
city (``track.home_cities``), the run the auto-router finds (``map.router.best_routes``).
Lays and tokens the bots take or pass themselves where the engine lists them. Once the
engine lists every map decision the stand-in is never asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from takeover.g1817.actions import Action
from takeover.g1817.map.router import best_routes
from takeover.g1817.planning import PLANNING
from takeover.g1817.state import Game1817
from takeover.g1817.track import home_cities

MAP_TYPES = frozenset({"place_token", "lay_tile", "run_routes"})


def needed(kind: str, legal: Sequence[object]) -> bool:
    """Whether a decision waits for the map: a home station or a run with no map action
    listed (track and token steps list a pass)."""
    listed = any(getattr(a, "type", None) in MAP_TYPES for a in legal)
    return kind in ("home_token", "route") and not listed


def home_corporation(game: Game1817) -> str:
    planner = game.extension(PLANNING)
    assert planner is not None
    won = planner.ipo_winner()
    if won is not None:
        return won[1]
    auction = planner.auction()
    if auction is not None and auction.target in game.corps:
        return auction.target
    decision = game.legal_actions()
    assert not decision
    return next(c.sym for c in game.corps.values() if c.ipoed and not c.tokens_placed)


def standin(game: Game1817, kind: str) -> Action:
    """The stand-in's action for an unlisted map decision of kind ``kind``."""
    if kind == "home_token":
        sym = home_corporation(game)
        cities = home_cities(game, game.corps[sym])
        assert cities, f"{sym} has no open city for its home station"
        board = game.board

        def worth(city: str) -> int:
            coord, index = board.city_location(city)
            stop = board.tile_at(coord)[1].cities[index]
            return int(stop.revenue_at(game.phase_colors))

        city = max(cities, key=worth)
        return Action.make("place_token", sym, city=city, slot=0)
    planner = game.extension(PLANNING)
    assert planner is not None
    sym = planner.operating()
    assert sym is not None, f"no corporation operates at {kind}"
    corp = game.corps[sym]
    trains = list(corp.trains)
    distances = [int(t.name.rstrip("+")) for t in trains]
    modern = "modern_trains" in game.optional_rules
    _, found = best_routes(game.board, sym, distances, game.phase_colors, modern)
    routes = [
        {"train": t.id, "connections": [list(c) for c in r.connections]}
        for t, r in zip(trains, found, strict=True)
        if r is not None
    ]
    return Action.make("run_routes", sym, routes=routes)
