"""Player-to-player trades for the heuristic bot: valuing offers and making a few.

A trade is valued by each party from its own point of view (its gain less its
rivals' gains, see :mod:`takeover.bots.evaluate`), so an offer the heuristic
makes is one it expects the other side's heuristic to accept: both gain, e.g.
a swap of shares that firms up each side's majority, or shares sold at a price
that pays us more than the position they give the buyer.
"""

from __future__ import annotations

import random
from typing import Any

from takeover.acquire.actions import Offer, ProposeTrade
from takeover.bots.evaluate import ORPHAN_SHARE, chain_values, opponent_weights, worths

PROPOSE_MARGIN = 600.0
"""A proposal must gain us at least this much (after the partner's gain)."""
PARTNER_MARGIN = 150.0
"""...and the partner at least this much, or it would be declined."""
PROPOSE_CHANCE = 0.3
"""Chance of looking for a trade on a turn (keeps offers occasional)."""


def trade_gains(
    state: Any, proposal: ProposeTrade, vals: list[float] | None = None
) -> tuple[float, float]:
    """``(proposer's gain, receiver's gain)``, each net of its rivals' gains.

    Only the chains the trade touches are revalued (plus the cash that moves).
    """
    giver, taker = state.active, proposal.to
    if vals is None:
        vals = worths(state)
    n = state.num_players
    delta = [0.0] * n
    moved = proposal.get.cash - proposal.give.cash
    delta[giver] += moved
    delta[taker] -= moved
    chains: dict[int, int] = {}
    for c, k in proposal.give.shares:
        chains[c] = chains.get(c, 0) - k
    for c, k in proposal.get.shares:
        chains[c] = chains.get(c, 0) + k
    sizes, prices, bank, shares = state.sizes, state.ctx.prices, state.bank, state.shares
    for c, k in chains.items():
        holdings = [shares[p][c] for p in range(n)]
        if sizes[c]:
            before = chain_values(holdings, prices[c][sizes[c]], bank[c])
            holdings[giver] += k
            holdings[taker] -= k
            after = chain_values(holdings, prices[c][sizes[c]], bank[c])
            for p in range(n):
                delta[p] += after[p] - before[p]
        else:
            keep = ORPHAN_SHARE * prices[c][2]
            delta[giver] += k * keep
            delta[taker] -= k * keep
    return _gain(vals, delta, giver), _gain(vals, delta, taker)


def _gain(vals: list[float], delta: list[float], seat: int) -> float:
    weights = opponent_weights(vals, seat)
    g = delta[seat]
    for q, w in enumerate(weights):
        if w:
            g -= w * delta[q]
    return g


def _round100(x: float) -> int:
    return max(0, round(x / 100.0) * 100)


def candidates(state: Any, seat: int) -> list[ProposeTrade]:
    """Offers worth considering: shares for cash either way, and share swaps."""
    n = state.num_players
    sizes, prices, shares, cash = state.sizes, state.ctx.prices, state.shares, state.cash
    on_board = [c for c in range(len(sizes)) if sizes[c]]
    out: list[ProposeTrade] = []
    for q in range(n):
        if q == seat:
            continue
        for c in on_board:
            price = prices[c][sizes[c]]
            for k in (1, 2, 3):
                for factor in (1.0, 1.3, 1.7):
                    ask = _round100(k * price * factor)
                    if shares[seat][c] >= k and cash[q] >= ask:
                        out.append(ProposeTrade(q, Offer(0, ((c, k),)), Offer(ask)))
                    bid = _round100(k * price * (2.0 - factor))
                    if shares[q][c] >= k and cash[seat] >= bid:
                        out.append(ProposeTrade(q, Offer(bid), Offer(0, ((c, k),))))
            for d in on_board:
                if d == c:
                    continue
                for k in (1, 2):
                    if shares[seat][c] >= k and shares[q][d] >= k:
                        out.append(ProposeTrade(q, Offer(0, ((c, k),)), Offer(0, ((d, k),))))
    return out


def propose_trade(state: Any, seat: int, rng: random.Random) -> ProposeTrade | None:
    """A trade both sides should want, or ``None`` (most turns)."""
    if rng.random() >= PROPOSE_CHANCE:
        return None
    best, best_score = None, PROPOSE_MARGIN
    vals = worths(state)
    for offer in candidates(state, seat):
        mine, theirs = trade_gains(state, offer, vals)
        if theirs >= PARTNER_MARGIN and mine > best_score:
            best, best_score = offer, mine
    if best is not None and not state.is_legal(best):
        return None
    return best
