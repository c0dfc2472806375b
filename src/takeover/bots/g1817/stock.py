"""Stock-round policies: buy what gains and keeps presidencies, short what is heading for
the acquisition zone, sell before a crash, stay under the certificate limit.

Every option of the turn gets a score; passing scores 0 and anything below is dropped:

* ``buy``: the corporation's :func:`quality`, more when the share defends a presidency a
  rival could take or wins one of a healthy corporation, less near the certificate limit,
  nothing for a corporation near the zone; a treasury share (money to the corporation)
  before a market one;
* ``short``: a corporation heading for the zone (:func:`doomed`) that we do not preside,
  only while our cash covers two rounds of dividends on every short we would hold (a short
  pays the corporation's dividends, rule 4.21: without that reserve a doomed corporation
  that recovers bankrupts its short sellers);
* ``sell``: shares of a doomed corporation we do not preside (the whole holding first);
  a president's sale only when forced;
* ``start``: an IPO as :func:`ipo_bid` decides;
* corporate loans and redemptions in a stock round: never (loans are the operating
  round's business).
"""

from __future__ import annotations

import random

from takeover.bots.g1817.auction import ipo_bid
from takeover.bots.g1817.context import Ctx
from takeover.bots.g1817.crisis import sale_order
from takeover.bots.g1817.values import TRAIN_EARNING, doomed, earning, next_train_name, quality
from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation
from takeover.g1817.state import Game1817

START_SCORE = 12.0


def percents(corp: Corporation) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in corp.shares:
        if isinstance(s.owner, int) and s.percent > 0:
            out[s.owner] = out.get(s.owner, 0) + s.percent
    return out


def buy_score(ctx: Ctx, action: Action) -> float:
    game, pid = ctx.game, ctx.pid
    corp = ctx.corp(action)
    if corp is None or doomed(game, corp):
        return -1.0
    share_id = str(action.get("shares")[0])
    share = game.share_by_id(share_id)
    held = percents(corp)
    mine = held.get(pid, 0)
    rival = max((v for p, v in held.items() if p != pid), default=0)
    score = 10.0 * quality(game, corp)
    if corp.owner == pid and rival + share.percent >= mine:
        score += 30.0
    elif corp.owner != pid and mine + share.percent > max(rival, 0) and quality(game, corp) > 0:
        score += 8.0
    if share.owner == corp.sym:
        score += 2.0
    room = game.cert_limit - game.num_certs(ctx.player)
    if room <= 1:
        score -= 15.0
    return score


def dividend_guess(game: Game1817, corp: Corporation) -> int:
    """What one share of ``corp`` may be paid in one operating round: its trains' typical
    earnings, or the next train's when it has none (it may still buy one), per share."""
    per_round = max(earning(game, corp), TRAIN_EARNING.get(next_train_name(game), 0))
    return -(-per_round // max(1, corp.total_shares))


def short_covered(ctx: Ctx, corp: Corporation) -> bool:
    """Whether our cash covers two rounds of dividends on each short we would hold."""
    game, pid = ctx.game, ctx.pid
    shorted = [c for c in game.corps.values() if any(s.percent < 0 for s in c.shares_of(pid))]
    if corp not in shorted:
        shorted.append(corp)
    return ctx.player.cash >= sum(2 * dividend_guess(game, c) for c in shorted)


def turn(ctx: Ctx, rng: random.Random) -> list[Action]:
    """The stock-round turn (no IPO auction under way), best option first."""
    game, pid = ctx.game, ctx.pid
    sales = [a for a in ctx.of_type("sell_shares") if a.entity == pid]
    options = [a for a in ctx.legal if a.entity == pid and a.type != "pass"]
    if options and all(a.type == "sell_shares" for a in options):
        # Over a limit: the turn offers sales only.
        return sale_order(ctx, sales)
    scored: list[tuple[float, int, Action]] = []
    for i, a in enumerate(ctx.legal):
        if a.entity != pid:
            continue
        score: float | None = None
        if a.type == "buy_shares":
            score = buy_score(ctx, a)
        elif a.type == "short":
            corp = ctx.corp(a)
            covered = corp is not None and doomed(game, corp) and short_covered(ctx, corp)
            score = 15.0 if covered else None
        elif a.type == "sell_shares":
            corp = ctx.corp(a)
            if corp is not None and corp.owner != pid and doomed(game, corp):
                score = 20.0 + len(a.get("shares") or [])
        if score is not None and score > 0:
            scored.append((score, i, a))
    start = ipo_bid(ctx, rng)
    if start:
        scored.append((START_SCORE, len(ctx.legal), start[0]))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [a for _, _, a in scored] + ctx.of_type("pass")
