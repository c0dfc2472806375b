"""Position values for Acquire bots: what each seat's holdings are worth.

A seat's *worth* is its cash, plus its shares at today's prices, plus the
bonuses it can expect from each chain on the board. Every chain on the board
pays its bonuses eventually (at a merger or at the end), so the only doubt is
who will hold the majority then: each position is valued half as it stands and
half after its strongest rival buys a few more shares. That makes a position
a rival could overturn worth less than one nobody can catch.

Everything here reads public fields of a state only (cash, holdings, sizes,
bank), so it is safe on a determinised sample, and fast enough for rollouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from takeover.acquire.data import bonuses

RIVAL_BUYS = 3
"""Shares a rival is assumed able to add before a chain pays out."""
HOLD_WEIGHT = 0.5
"""Weight of the position as it stands (the rest: after the rival's purchase)."""
ORPHAN_SHARE = 0.15
"""Fraction of a defunct chain's founding price credited per share kept off the board."""


def chain_values(
    holdings: Sequence[int], price: int, bank: int, out: list[float] | None = None
) -> list[float]:
    """Per seat: shares at ``price`` plus the expected bonus of one chain."""
    n = len(holdings)
    vals = out if out is not None else [0.0] * n
    if price == 0:
        return vals
    now = bonuses(price, list(holdings))
    extra = RIVAL_BUYS if bank >= RIVAL_BUYS else bank
    for p in range(n):
        h = holdings[p]
        if not h and not now[p]:
            continue
        mine = h * price
        if extra and n > 1:
            # The strongest rival of p (the biggest other holder) buys ``extra``.
            best, rival = -1, -1
            for q in range(n):
                if q != p and holdings[q] > best:
                    best, rival = holdings[q], q
            pessimistic = list(holdings)
            pessimistic[rival] += extra
            later = bonuses(price, pessimistic)[p]
            vals[p] += mine + HOLD_WEIGHT * now[p] + (1 - HOLD_WEIGHT) * later
        else:
            vals[p] += mine + now[p]
    return vals


def worths(state: Any) -> list[float]:
    """Every seat's worth (cash + shares + expected bonuses) in ``state``."""
    n = state.num_players
    vals = [float(c) for c in state.cash]
    sizes, bank, prices, shares = state.sizes, state.bank, state.ctx.prices, state.shares
    for c in range(len(sizes)):
        holdings = [shares[p][c] for p in range(n)]
        if not any(holdings):
            continue
        if sizes[c]:
            chain_values(holdings, prices[c][sizes[c]], bank[c], vals)
        else:
            keep = ORPHAN_SHARE * prices[c][2]
            for p in range(n):
                vals[p] += holdings[p] * keep
    return vals


def opponent_weights(vals: Sequence[float], seat: int) -> list[float]:
    """How much each rival's gain costs ``seat``: half on the leader, half spread.

    Winning is what counts, so gains of the strongest rival matter most.
    """
    n = len(vals)
    w = [0.0] * n
    if n < 2:
        return w
    leader = max((q for q in range(n) if q != seat), key=lambda q: vals[q])
    for q in range(n):
        if q != seat:
            w[q] = 0.5 / (n - 1)
    w[leader] += 0.5
    return w


def relative(vals: Sequence[float], seat: int) -> float:
    """``seat``'s worth less a blend of the best and the average rival's worth."""
    n = len(vals)
    if n < 2:
        return vals[seat]
    others = [vals[q] for q in range(n) if q != seat]
    return vals[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def rewards(state: Any, scale: float = 4000.0) -> list[float]:
    """Per seat, a value in [0, 1] for search: 1 for a win, 0 for a loss.

    Finished games score by rank (ties shared); unfinished ones by how far each
    seat's worth is above or below the best rival's, squashed smoothly.
    """
    n = state.num_players
    if state.is_terminal():
        scores = state.final_scores
        top = max(scores)
        winners = sum(1 for s in scores if s == top)
        return [1.0 / winners if s == top else 0.0 for s in scores]
    vals = worths(state)
    if n < 2:
        return [1.0]
    out = []
    for p in range(n):
        best = max(vals[q] for q in range(n) if q != p)
        x = (vals[p] - best) / scale
        out.append(1.0 / (1.0 + pow(2.718281828, -x)))
    return out
