"""Map policies: home stations, track, tokens and routes, over whatever the legal actions
offer, judged by the rules' auto-router through ``PLANNING.route_revenue``.

* ``runs``: the listed run with the most revenue (each route's recorded ``revenue``,
  else the most trains running: the engine lists the auto-router's best set and none).
* ``lays`` and ``tokens``: each option (at most ``WIDTH``, drawn at random when more are
  listed) is tried on a copy and scored by its gain: three rounds of the corporation's
  best revenue (for its trains or, while it has none, two of the depot's next type),
  plus twice what the stops on the hex laid or the city tokened pay, less the money it
  costs. A lay that gains at least nothing is made (track that costs nothing extends the
  network), a token only for a gain; otherwise pass. A home station is the best scored
  city (the first listed among equals).
* ``give_back``: after a merger or acquisition, the token given back is the one in the
  city whose stops pay least now (the two corporations' tokens alike).
"""

from __future__ import annotations

import random

from takeover.bots.g1817.context import Ctx
from takeover.g1817.actions import Action

WIDTH = 6
REACH = 2
"""Lays and tokens are judged for trains of at most this many stops: the router's search
grows fast with a train's reach (an 8-train's late-game search can take a tenth of a
second), and a 2-stop run tells well enough where track and tokens pay."""


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
    two of the depot's next type (what it is about to buy), each at most ``REACH``."""
    game = ctx.game
    own = [int(t.name.rstrip("+")) for t in game.corps[sym].trains]
    if not own:
        name = game.depot[0].name if game.depot else "8"
        own = [int(name.rstrip("+"))] * 2
    return [min(REACH, d) for d in own]


def place_of(action: Action) -> str | None:
    """The hex a lay changes or the city a token goes to."""
    place = action.get("hex") if action.type == "lay_tile" else action.get("city")
    return None if place is None else str(place)


def gain(ctx: Ctx, sym: str, action: Action, trains: list[int], base: int) -> int | None:
    """Three rounds of the best revenue gained, plus twice what the stops on the hex laid
    or tokened come to pay, less the fee (``base``: three rounds of today's revenue).
    Judged on a copy of the board alone (``PLANNING.revenue_with``)."""
    planner = ctx.planner
    place = place_of(action)
    if place is None:
        return None
    if action.type == "lay_tile":
        rotation = action.get("rotation")
        if not isinstance(rotation, int):
            return None
        lay = (place, str(action.get("tile")), rotation)
        before = planner.stop_revenue(place)
        revenue, stops = planner.revenue_with(sym, trains, lay=lay)
        fee = planner.lay_fee(place)
    else:
        before = 0
        revenue, stops = planner.revenue_with(sym, trains, token=place)
        fee = 0
    return 3 * revenue - base + 2 * (stops - before) - fee


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
    base = 3 * ctx.planner.route_revenue(sym, trains)
    tried = options if len(options) <= WIDTH else rng.sample(options, WIDTH)
    scored = []
    for a in tried:
        value = gain(ctx, sym, a, trains, base)
        if value is not None:
            scored.append((value, a))
    scored.sort(key=lambda x: -x[0])
    if ctx.kind == "home_token":
        return [a for _, a in scored] + [a for a in options if a not in tried]
    worth = [a for v, a in scored if v >= 0 and (v > 0 or a.type == "lay_tile")]
    return (
        worth
        + ctx.of_type("pass")
        + [a for _, a in scored if a not in worth]
        + [a for a in rest if a.type != "pass"]
    )


def give_back(ctx: Ctx) -> list[Action]:
    """Tokens to give back (rule 5.7), the one whose hex pays least first."""
    return sorted(
        ctx.of_type("remove_token"), key=lambda a: ctx.planner.stop_revenue(str(a.get("city")))
    )
