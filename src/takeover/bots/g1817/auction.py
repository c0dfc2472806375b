"""Auction and IPO policies: privates within their value, corporations the table can fund.

* ``private_auction``: open on (or raise) the private with the most value left over its
  price, bidding the minimum; pass when every private costs more than it is worth.
* ``ipo_bid``: start a corporation while presiding fewer than the phase calls for (one
  early, up to three late) whenever the buying power (cash and privates, rule 3.4) covers the
  lowest bid, bidding high enough to fund a first train where it can (a corporation paid
  for with privates borrows for its train); raise a rival's IPO only while still short of
  corporations and within most of the buying power. At 9 to 12 players a seat's cash is
  mostly spent on its private, so waiting for cash to spare meant no corporation at all.
* ``ipo_size``: the largest size whose tokens leave the money for a train.
* ``ipo_contribution``: put mail contracts into the corporation (they pay it), the
  cheapest private first when a debt must be covered, else stop.
"""

from __future__ import annotations

import random

from takeover.bots.g1817.context import Ctx
from takeover.bots.g1817.values import next_train_price, private_value
from takeover.g1817.actions import Action
from takeover.g1817.game import NEEDED_TOKENS, TOKEN_COST


def private_auction(ctx: Ctx) -> list[Action]:
    game = ctx.game
    cheapest: dict[str, Action] = {}
    for a in ctx.of_type("bid"):
        sym = str(a.get("company"))
        if sym not in cheapest or a.get("price") < cheapest[sym].get("price"):
            cheapest[sym] = a
    scored = []
    for sym, bid in cheapest.items():
        margin = private_value(game, sym) - int(bid.get("price"))
        if margin >= 0:
            scored.append((margin, sym, bid))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [bid for _, _, bid in scored] + ctx.of_type("pass")


def corporations_wanted(ctx: Ctx) -> int:
    """How many corporations a player should preside: one early, more as phases pass."""
    index = ctx.game.phase_index
    return 1 + (index >= 2) + (index >= 4)


def buying_power(ctx: Ctx) -> int:
    player = ctx.player
    return player.cash + sum(ctx.game.company_data[c].value for c in player.companies)


def ipo_bid(ctx: Ctx, rng: random.Random) -> list[Action]:
    """Starting or raising an IPO; the rest of the stock turn is ranked elsewhere."""
    bids = [a for a in ctx.of_type("bid") if a.get("corporation") is not None]
    if not bids:
        return []
    short = len(ctx.presides()) < corporations_wanted(ctx)
    power = buying_power(ctx)
    auction = ctx.planner.auction()
    if auction is not None:
        low = min(bids, key=lambda a: int(a.get("price")))
        if short and int(low.get("price")) <= 0.85 * power:
            return [low]
        return []
    if not short or power < 100:
        return []
    unstarted = sorted({str(a.get("corporation")) for a in bids})
    pick = unstarted[rng.randrange(len(unstarted))]
    prices = sorted(int(a.get("price")) for a in bids if a.get("corporation") == pick)
    aim = min(400, max(100, power - 40))
    price = max((p for p in prices if p <= aim), default=prices[0])
    return [a for a in bids if a.get("corporation") == pick and int(a.get("price")) == price]


def ipo_size(ctx: Ctx) -> list[Action]:
    game = ctx.game
    won = ctx.planner.ipo_winner()
    cash = game.corps[won[1]].cash if won is not None else 0
    choices = ctx.of_type("choose")

    def fits(a: Action) -> bool:
        size = int(a.get("choice"))
        tokens = max(0, NEEDED_TOKENS.get(size, 1) - 1)
        return cash - TOKEN_COST * tokens >= next_train_price(game)

    ranked = sorted(choices, key=lambda a: (not fits(a), -int(a.get("choice"))))
    return ranked


def ipo_contribution(ctx: Ctx) -> list[Action]:
    game = ctx.game
    assigns = ctx.of_type("assign")
    stop = ctx.of_type("pass")
    if not stop:
        return sorted(assigns, key=lambda a: game.company_data[str(a.get("target"))].value)
    mail = [a for a in assigns if game.company_data[str(a.get("target"))].mail > 0]
    return mail + stop + [a for a in assigns if a not in mail]
