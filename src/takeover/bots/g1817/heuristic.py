"""The 1817 ``heuristic`` bot: one small named policy per kind of decision.

:func:`ranked` sends a decision to its policy (by the decision's kind, and for the stock
round by what is under way) and returns the legal actions best first; the bot plays the
first, and ``mcts`` searches the first few. Each policy is documented in its module and in
``docs/bots.md``: :mod:`.auction` (privates, IPOs), :mod:`.stock`, :mod:`.operating`,
:mod:`.mapplay` (home stations, track, tokens, routes), :mod:`.mna` (conversions, mergers,
acquisitions) and :mod:`.crisis`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from takeover.bots.base import Observation
from takeover.bots.g1817 import auction, crisis, mapplay, mna, operating, stock
from takeover.bots.g1817.context import Ctx
from takeover.core.protocol import Action as AnyAction
from takeover.g1817.actions import Action
from takeover.g1817.state import Game1817

Policy = Callable[[Ctx, random.Random], list[Action]]

POLICIES: dict[str, Policy] = {
    "selection_auction": lambda c, r: auction.private_auction(c),
    "home_token": lambda c, r: mapplay.placements(c, r, ("place_token",)),
    "track": lambda c, r: mapplay.placements(c, r, ("lay_tile",)),
    "token": lambda c, r: mapplay.placements(c, r, ("place_token",)),
    "route": lambda c, r: mapplay.runs(c),
    "dividend": lambda c, r: operating.dividend(c),
    "buy_train": lambda c, r: operating.trains(c),
    "loan": lambda c, r: operating.loans(c),
    "discard_train": lambda c, r: operating.discard(c),
    "reduce_tokens": lambda c, r: mapplay.give_back(c),
    "cash_crisis": lambda c, r: crisis.cash_crisis(c),
    "conversion": lambda c, r: mna.conversion(c),
    "post_conversion": lambda c, r: mna.post_conversion(c),
    "post_conversion_loans": lambda c, r: mna.post_conversion(c),
    "acquire": lambda c, r: mna.acquisition(c),
}
"""The policy for each kind of decision (``Decision.kind``); the stock round's turn is
:func:`stock_round`."""


def stock_round(ctx: Ctx, rng: random.Random) -> list[Action]:
    if ctx.of_type("choose"):
        return auction.ipo_size(ctx)
    if ctx.planner.ipo_winner() is not None:
        return auction.ipo_contribution(ctx)
    if ctx.planner.auction() is not None:
        return auction.ipo_bid(ctx, rng) + ctx.of_type("pass")
    return stock.turn(ctx, rng)


def ranked(game: Game1817, seat: int, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """The legal actions the policies put forward for ``seat``, best first (never empty
    while ``legal`` is not; every one is in ``legal``)."""
    decision = game.pending()
    kind = decision.kind if decision is not None else ""
    ctx = Ctx(game, seat, legal, kind)
    policy = stock_round if kind == "buy_sell_par_shares" else POLICIES.get(kind)
    options = policy(ctx, rng) if policy is not None else []
    listed = set(legal)
    out = [a for a in options if a in listed]
    if not out:
        out = [a for a in legal if a.type == "pass"] or list(legal)
    return out


class Heuristic1817:
    """Plays the first of :func:`ranked`."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> AnyAction:
        legal = [a for a in obs.legal if isinstance(a, Action)]
        if len(legal) == 1:
            return legal[0]
        game = obs.sample(rng)
        assert isinstance(game, Game1817)
        return ranked(game, obs.seat, legal, rng)[0]
