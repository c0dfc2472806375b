"""Operating policies (the money decisions; the map's are in :mod:`.mapplay`).

* ``dividend``: pay out unless the train plan needs the money: withhold when the next
  train's price is still far off, pay half when half the revenue closes the gap; between
  payout and half, the one that moves the price further right.
* ``trains``: a trainless corporation buys the best train it can (taking loans for the
  cheapest one if it must: a corporation without a train is liquidated); one with trains
  buys another while under the limit when its trains rust at the next phase or it has
  fewer than two, and keeps the next interest payment in hand.
* ``loans``: pay a loan off when the cash beyond the train plan and next interest allows
  (it moves the price right and saves interest); take one only for a train.
* ``discard``: the train that earns least.
"""

from __future__ import annotations

from takeover.bots.g1817.context import Ctx
from takeover.bots.g1817.values import TRAIN_EARNING, next_train_price, rusts_soon
from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation
from takeover.g1817.game import LOAN_VALUE


def operating_corp(ctx: Ctx) -> Corporation | None:
    sym = ctx.planner.operating()
    return None if sym is None else ctx.game.corps[sym]


def train_need(ctx: Ctx, corp: Corporation) -> int:
    """Money the corporation should hold for its next train (0 when none is needed)."""
    game = ctx.game
    lasting = [t for t in corp.trains if not rusts_soon(game, t)]
    if len(lasting) >= 2 or len(corp.trains) >= game.train_limit:
        return 0
    return next_train_price(game)


def dividend(ctx: Ctx) -> list[Action]:
    corp = operating_corp(ctx)
    options = {str(a.get("kind")): a for a in ctx.of_type("dividend")}
    if corp is None or not options:
        return list(options.values())
    revenue = ctx.planner.revenue()
    gap = train_need(ctx, corp) - corp.cash
    order: list[str]
    if gap > 0 and revenue > 0:
        order = ["withhold", "half", "payout"] if gap > revenue // 2 else ["half", "withhold"]
    else:
        payout = ctx.planner.price_after_dividend(corp.sym, revenue, "payout")
        half = ctx.planner.price_after_dividend(corp.sym, revenue, "half")
        order = ["half", "payout"] if half > payout else ["payout", "half"]
    order += [k for k in ("payout", "half", "withhold") if k not in order]
    return [options[k] for k in order if k in options]


def _train_rank(ctx: Ctx, a: Action) -> tuple[int, int]:
    name = str(a.get("train")).rpartition("-")[0]
    return (-TRAIN_EARNING.get(name, 0), int(a.get("price")))


def trains(ctx: Ctx) -> list[Action]:
    """The buy-train step: buy, borrow for a train, or pass. Another corporation's train
    (listed with a price range) comes last: the bots do not bargain over trains."""
    corp = operating_corp(ctx)
    listed = ctx.of_type("buy_train")
    sales = [a for a in listed if a.get("max_price") is not None]
    buys = sorted((a for a in listed if a not in sales), key=lambda a: _train_rank(ctx, a))
    passes = ctx.of_type("pass")
    loan = ctx.of_type("take_loan")
    if corp is None:
        return buys + passes + loan + sales
    game = ctx.game
    interest = game.interest_owed(corp)
    if not corp.trains:
        if buys:
            affordable = [a for a in buys if corp.cash - int(a.get("price")) >= 0]
            return affordable + passes + loan + sales
        if loan and game.buying_power(corp) >= next_train_price(game):
            return loan + passes + sales
        return passes + loan + sales
    wanted = [
        a for a in buys if corp.cash - int(a.get("price")) >= interest and train_need(ctx, corp) > 0
    ]
    return wanted + passes + [a for a in buys if a not in wanted] + loan + sales


def loans(ctx: Ctx) -> list[Action]:
    """The loan step (after interest), and loans offered in other steps."""
    corp = operating_corp(ctx)
    payoff = ctx.of_type("payoff_loan")
    passes = ctx.of_type("pass")
    rest = [a for a in ctx.legal if a.type not in ("payoff_loan", "pass")]
    if corp is None:
        return passes + payoff + rest
    reserve = train_need(ctx, corp) + ctx.game.interest_owed(corp)
    if payoff and corp.cash - LOAN_VALUE >= reserve:
        return payoff + passes + rest
    return passes + payoff + rest


def discard(ctx: Ctx) -> list[Action]:
    def earns(a: Action) -> int:
        return TRAIN_EARNING.get(str(a.get("train")).rpartition("-")[0], 0)

    return sorted(ctx.of_type("discard_train"), key=earns)
