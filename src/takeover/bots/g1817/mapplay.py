"""Map policies: home stations, track, tokens and routes, over whatever the legal actions
offer, judged by the rules' auto-router through ``PLANNING.route_revenue``.

* ``runs``: the listed run with the most revenue (each route's recorded ``revenue``,
  else the most trains running: the engine lists the auto-router's best set and none).
* ``lays`` and ``tokens``: each option (at most ``WIDTH``, drawn at random when more are
  listed) is tried on a copy and scored by the corporation's best revenue afterwards
  (three rounds of it) less the money it costs, for its trains or, while it has none,
  two of the depot's next type; passing comes first when nothing raises the revenue. A
  home station is the best scored city (the first listed among equals).
"""

from __future__ import annotations

import random

from takeover.bots.g1817.context import Ctx
from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.planning import PLANNING

WIDTH = 8


def run_revenue(action: Action) -> tuple[int, int]:
    """How a listed run ranks: the revenue its routes record, then how many trains run
    (the engine lists the auto-router's best set and running none, without revenue)."""
    routes = [r for r in action.get("routes") or [] if isinstance(r, dict)]
    total = sum(int(r.get("revenue", 0)) for r in routes)
    return total + int(action.get("extra_revenue") or 0), len(routes)


def runs(ctx: Ctx) -> list[Action]:
    listed = ctx.of_type("run_routes")
    return sorted(listed, key=lambda a: tuple(-v for v in run_revenue(a))) + [
        a for a in ctx.legal if a.type != "run_routes"
    ]


def distances(ctx: Ctx, sym: str) -> list[int]:
    """The trains a lay or token is judged for: the corporation's, or while it has none
    two of the depot's next type (what it is about to buy)."""
    game = ctx.game
    own = [int(t.name.rstrip("+")) for t in game.corps[sym].trains]
    if own:
        return own
    name = game.depot[0].name if game.depot else "8"
    return [int(name.rstrip("+"))] * 2


def _revenue_after(ctx: Ctx, sym: str, action: Action, trains: list[int]) -> int | None:
    trial = ctx.game.clone()
    cash = trial.corps[sym].cash
    try:
        trial.apply(action)
    except IllegalAction:
        return None
    planner = trial.extension(PLANNING)
    assert planner is not None
    revenue = planner.route_revenue(sym, trains)
    return revenue * 3 - max(0, cash - trial.corps[sym].cash)


def placements(ctx: Ctx, rng: random.Random, types: tuple[str, ...]) -> list[Action]:
    """Lays or token placements, best first, then passing and the rest."""
    options = ctx.of_type(*types)
    rest = [a for a in ctx.legal if a not in options]
    if not options:
        return ctx.of_type("pass") + [a for a in rest if a.type != "pass"]
    sym = ctx.planner.operating() or (
        str(options[0].entity) if options[0].entity_type == "corporation" else None
    )
    if sym is None:
        return options + rest
    trains = distances(ctx, sym)
    base = ctx.planner.route_revenue(sym, trains) * 3
    tried = options if len(options) <= WIDTH else rng.sample(options, WIDTH)
    scored = []
    for a in tried:
        value = _revenue_after(ctx, sym, a, trains)
        if value is not None:
            scored.append((value, a))
    scored.sort(key=lambda x: -x[0])
    if ctx.kind == "home_token":
        return [a for _, a in scored] + [a for a in options if a not in tried]
    better = [a for v, a in scored if v > base]
    return (
        better
        + ctx.of_type("pass")
        + [a for _, a in scored if a not in better]
        + [a for a in rest if a.type != "pass"]
    )
