"""Merger and acquisition policies.

* ``conversion``: merge with another corporation of ours when one of the two is in
  trouble (a rescue: assets together, one set of loans); convert (more shares, treasury
  money from the buyers) when the corporation needs money for its next train and we can
  buy a share to keep it; otherwise pass.
* ``post_conversion``: buy a new share to keep or take a healthy presidency, or of a
  healthy corporation while cash stays ample; take a loan after a conversion only to reach
  the next train.
* ``acquisition``: bid the minimum while it is below the target's value to our best buyer
  (its net assets, :func:`corp_value`); offer our own doomed corporation for a friendly
  sale; the winner's buyer is the corporation with the most money; an acquirer pays off
  loans it can spare the cash for.
"""

from __future__ import annotations

from takeover.bots.g1817.context import Ctx
from takeover.bots.g1817.operating import train_need
from takeover.bots.g1817.stock import buy_score
from takeover.bots.g1817.values import corp_value, doomed, quality
from takeover.g1817.actions import Action
from takeover.g1817.game import LOAN_VALUE


def conversion(ctx: Ctx) -> list[Action]:
    game = ctx.game
    passes = ctx.of_type("pass")
    converts = ctx.of_type("convert")
    merges = ctx.of_type("merge")
    corp = next((ctx.corp(a) for a in ctx.legal), None)
    if corp is None:
        return passes + converts + merges
    rescue = []
    for a in merges:
        target = game.corps.get(str(a.get("corporation")))
        if target is None or target.owner != corp.owner:
            continue
        if doomed(game, target) or doomed(game, corp) or not (target.trains and corp.trains):
            rescue.append((quality(game, target), a))
    rescue.sort(key=lambda x: x[0])
    first = [a for _, a in rescue]
    owner = corp.owner
    cash = game.player_by_id[owner].cash if isinstance(owner, int) else 0
    if converts and train_need(ctx, corp) > corp.cash and cash >= game.price(corp):
        first += converts
    return first + passes + [a for a in converts + merges if a not in first]


def post_conversion(ctx: Ctx) -> list[Action]:
    buys = [a for a in ctx.of_type("buy_shares") if a.entity == ctx.pid]
    good = [a for a in buys if buy_score(ctx, a) > 5.0]
    loans = ctx.of_type("take_loan")
    passes = ctx.of_type("pass")
    if loans:
        corp = ctx.corp(loans[0])
        if corp is not None and train_need(ctx, corp) > corp.cash:
            return loans + passes
        return passes + loans
    return good + passes + [a for a in ctx.legal if a not in good and a not in passes]


def acquisition(ctx: Ctx) -> list[Action]:
    game, pid = ctx.game, ctx.pid
    passes = ctx.of_type("pass")
    bids = ctx.of_type("bid")
    if bids:
        target = ctx.corp(bids[0])
        low = min(bids, key=lambda a: int(a.get("price")))
        if (
            target is not None
            and target.owner != pid
            and int(low.get("price")) <= corp_value(game, target)
        ):
            return [low, *passes]
        return [*passes, low]
    offers = ctx.of_type("assign")
    if offers:
        target = game.corps.get(str(offers[0].get("target")))
        if target is not None and doomed(game, target) and target.trains:
            return offers + passes
        return passes + offers
    merges = ctx.of_type("merge")
    if merges:
        return sorted(merges, key=lambda a: -game.corps[str(a.get("corporation"))].cash)
    payoff = ctx.of_type("payoff_loan")
    if payoff:
        corp = ctx.corp(payoff[0])
        if corp is not None and corp.cash - LOAN_VALUE >= train_need(ctx, corp):
            return payoff + passes
    return passes + [a for a in ctx.legal if a not in passes]
