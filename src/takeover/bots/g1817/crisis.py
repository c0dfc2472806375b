"""Cash crisis and forced sales: sell the least valuable holding first, and never change
a presidency when another sale would do.

``sale_order`` ranks sales: those that keep every presidency before those that do not,
then the ones that raise the least money beyond the need (least valuable first); going
bankrupt comes last.
"""

from __future__ import annotations

from collections.abc import Sequence

from takeover.bots.g1817.context import Ctx
from takeover.bots.g1817.values import quality
from takeover.g1817.actions import Action


def changes_presidency(ctx: Ctx, action: Action) -> bool:
    """Whether selling these shares would hand a corporation's presidency to someone else
    (we preside it and the sale leaves a rival with more)."""
    corp = ctx.corp(action)
    if corp is None or corp.owner != ctx.pid:
        return False
    game, pid = ctx.game, ctx.pid
    sold = sum(game.share_by_id(str(s)).percent for s in action.get("shares") or [])
    held: dict[int, int] = {}
    for s in corp.shares:
        if isinstance(s.owner, int) and s.percent > 0:
            held[s.owner] = held.get(s.owner, 0) + s.percent
    rival = max((v for p, v in held.items() if p != pid), default=0)
    return held.get(pid, 0) - sold < rival or any(
        game.share_by_id(str(s)).president for s in action.get("shares") or []
    )


def sale_value(ctx: Ctx, action: Action) -> int:
    corp = ctx.corp(action)
    if corp is None:
        return 0
    game = ctx.game
    return sum(
        game.share_value(corp, game.share_by_id(str(s)).percent) for s in action.get("shares") or []
    )


def sale_order(ctx: Ctx, sales: Sequence[Action]) -> list[Action]:
    debt = max(0, -ctx.player.cash)

    def key(a: Action) -> tuple[bool, bool, float, int]:
        value = sale_value(ctx, a)
        corp = ctx.corp(a)
        q = quality(ctx.game, corp) if corp is not None else 0.0
        return (changes_presidency(ctx, a), value < debt, q, value)

    return sorted(sales, key=key)


def cash_crisis(ctx: Ctx) -> list[Action]:
    return sale_order(ctx, ctx.of_type("sell_shares")) + ctx.of_type("bankrupt")
