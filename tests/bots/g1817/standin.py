"""A stand-in for the map's decisions while the engine does not list them (test only).

The stage-1 engine applies map actions with light checks, so a test can take a game
past the map's decisions: a home station in a city of its own (``STANDIN<n>-0``), no
track and no extra tokens, and a run whose revenue is the trains' typical earnings
(:data:`TRAIN_EARNING`). The games are then not 1817 as played (no board, no routes),
but every money, market and corporate rule runs, which is what the bots' policies need
exercised. Once the map lists its decisions the stand-in is never asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from takeover.bots.g1817.values import earning
from takeover.g1817.actions import Action
from takeover.g1817.planning import PLANNING
from takeover.g1817.state import Game1817

MAP_TYPES = frozenset({"place_token", "lay_tile", "run_routes"})


def needed(kind: str, legal: Sequence[object]) -> bool:
    """Whether a decision waits for the map: a home station or a run (which nothing but
    the map can decide) with no map action listed. Track and token steps list a pass."""
    listed = any(getattr(a, "type", None) in MAP_TYPES for a in legal)
    return kind in ("home_token", "route") and not listed


def standin(game: Game1817, kind: str) -> Action:
    """The stand-in's action for an unlisted map decision of kind ``kind``."""
    planner = game.extension(PLANNING)
    assert planner is not None
    if kind == "home_token":
        auction = planner.auction()
        won = planner.ipo_winner()
        sym = won[1] if won is not None else auction.target if auction is not None else None
        if sym is None:
            sym = next(c.sym for c in game.corps.values() if c.ipoed and not c.tokens_placed)
        index = list(game.corps).index(sym)
        return Action.make("place_token", sym, city=f"STANDIN{index}-0", slot=0)
    sym = planner.operating()
    assert sym is not None, f"no corporation operates at {kind}"
    if kind == "route":
        revenue = earning(game, game.corps[sym])
        return Action.make("run_routes", sym, routes=[{"revenue": revenue}])
    return Action.make("pass", sym)
