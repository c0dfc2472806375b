"""Map policies: home stations, track, tokens and routes, over whatever the legal actions
offer, judged by the rules' auto-router through ``PLANNING.route_revenue``.

* ``runs``: the listed run with the most revenue (each route's recorded ``revenue``);
  never "no run" while a paying one is listed.
* ``lays`` and ``tokens``: each option (at most ``width``, drawn at random when more are
  listed) is tried on a copy and scored by the corporation's best revenue afterwards,
  less the money it costs; passing is kept when nothing raises the revenue. Without a
  router (the map not modelled) a home token is the first listed and other lays and
  tokens are drawn at random, a pass as likely as any one of them.
"""

from __future__ import annotations

import random

from takeover.bots.g1817.context import Ctx
from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action
from takeover.g1817.planning import PLANNING

WIDTH = 8


def run_revenue(action: Action) -> int:
    routes = action.get("routes") or []
    total = sum(int(r.get("revenue", 0)) for r in routes if isinstance(r, dict))
    return total + int(action.get("extra_revenue") or 0)


def runs(ctx: Ctx) -> list[Action]:
    listed = ctx.of_type("run_routes")
    return sorted(listed, key=lambda a: -run_revenue(a)) + [
        a for a in ctx.legal if a.type != "run_routes"
    ]


def _revenue_after(ctx: Ctx, sym: str, action: Action) -> int | None:
    trial = ctx.game.clone()
    cash = trial.corps[sym].cash
    try:
        trial.apply(action)
    except IllegalAction:
        return None
    planner = trial.extension(PLANNING)
    revenue = planner.route_revenue(sym) if planner is not None else None
    if revenue is None:
        return None
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
    base = ctx.planner.route_revenue(sym) if sym is not None else None
    if sym is None or base is None:
        if ctx.kind == "home_token":
            return options + rest
        pool = options + ctx.of_type("pass")
        pick = pool[rng.randrange(len(pool))]
        return [pick] + [a for a in ctx.legal if a is not pick]
    tried = options if len(options) <= WIDTH else rng.sample(options, WIDTH)
    scored = []
    for a in tried:
        value = _revenue_after(ctx, sym, a)
        if value is not None:
            scored.append((value, a))
    scored.sort(key=lambda x: -x[0])
    better = [a for v, a in scored if v > base * 3]
    return (
        better
        + ctx.of_type("pass")
        + [a for _, a in scored if a not in better]
        + [a for a in rest if a.type != "pass"]
    )
