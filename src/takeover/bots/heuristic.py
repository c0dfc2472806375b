"""The ``heuristic`` bot: a hand-written Acquire strategy a club player would recognise.

Every decision is valued with :mod:`takeover.bots.evaluate` (cash, shares, and
bonuses weighted by how safe each majority is), from the seat's point of view:
its own gain counts, its rivals' gains count against it (the leader's most).

- Placing: try each playable tile on a copy, resolve what it causes (founding,
  merger, the disposals) and the purchase that would follow, keep the best.
  That finds mergers that pay our bonuses, avoids those that pay the rivals',
  and grows chains where we hold the majority.
- Founding, survivor and defunct order: the same look-ahead on each option.
- Disposing: sell, trade 2-for-1 or keep by expected value (the survivor's
  post-merger price and what the extra shares do to its bonuses).
- Buying: each share's marginal effect on majorities and minorities, less a
  penalty for running out of cash; prices are neutral since shares count at value.
- Ending: declare (or, in tlstyer, buy-and-end) when the final scores would make
  us the sole winner.
- Trading: occasionally propose a trade that helps us more than the rival;
  accept offers worth more to us than to the proposer.

It reads only a determinised sample (hidden tiles re-dealt), never the true state,
and is fast enough to be the rollout policy of :mod:`takeover.bots.mcts`.
"""

from __future__ import annotations

import random
from typing import Any

from takeover.acquire import ANSWER, BUY, DEFUNCT, DISPOSE, FOUND, OVER, PLACE, SURVIVOR
from takeover.acquire.actions import (
    AnswerTrade,
    BuyShares,
    DeclareEnd,
    PlaceTile,
)
from takeover.acquire.state import AcquireState
from takeover.bots.base import Observation
from takeover.bots.evaluate import chain_values, opponent_weights, relative, worths
from takeover.core.protocol import Action

RESERVE = 1500
"""Cash below which each $100 spent costs extra (cash is needed for later chains)."""
LIQUIDITY = 0.35
"""Extra cost per dollar spent below :data:`RESERVE`."""
ACCEPT_MARGIN = 100.0
"""How much a trade must be worth to us, after the proposer's gain, to accept it."""


class HeuristicBot:
    """Settings: ``trade`` (0/1: propose trades when the table allows, default 1)."""

    name = "heuristic"

    def __init__(self, trade: bool = True) -> None:
        self.trade = trade

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        state = acquire_world(obs, rng)
        action: Action = decide(state, obs.seat, rng, list(obs.legal), propose=self.trade)
        return action


def acquire_world(obs: Observation, rng: random.Random) -> AcquireState:
    """A world sampled from ``obs``: this bot and the search built on it play Acquire."""
    state = obs.sample(rng)
    if not isinstance(state, AcquireState):
        raise TypeError(f"this bot plays Acquire, not {obs.game}")
    return state


def decide(
    state: Any,
    seat: int,
    rng: random.Random,
    legal: list[Any] | None = None,
    propose: bool = False,
    deep: bool = True,
) -> Any:
    """The heuristic's choice for ``seat`` (the deciding seat) in ``state``.

    ``deep`` adds the following purchase to the look-ahead of placements (slower,
    stronger); ``propose`` allows trade proposals when trading is open.
    """
    if legal is None:
        legal = state.legal_actions()
    if len(legal) == 1 and not (propose and state.phase == PLACE):
        return legal[0]
    phase = state.phase
    if phase == PLACE:
        if legal and isinstance(legal[0], DeclareEnd) and _should_end(state, seat):
            return legal[0]
        if propose and state.trades_offered == 0 and state.trading_open():
            from takeover.bots.trading import propose_trade

            offer = propose_trade(state, seat, rng)
            if offer is not None:
                return offer
        tiles = [a for a in legal if isinstance(a, PlaceTile)]
        if tiles:
            return _best_by_lookahead(state, seat, rng, tiles, with_buy=deep)
        buys = [a for a in legal if isinstance(a, BuyShares)]
        return choose_buy(state, seat, buys)
    if phase == BUY:
        return choose_buy(state, seat, legal)
    if phase == DISPOSE:
        return choose_dispose(state, seat, legal)
    if phase in (FOUND, SURVIVOR, DEFUNCT):
        return _best_by_lookahead(state, seat, rng, legal, with_buy=phase == FOUND and deep)
    if phase == ANSWER:
        return answer_trade(state, seat, legal)
    return legal[0]


# ---------------------------------------------------------------- look-ahead
def settle(state: Any, rng: random.Random) -> None:
    """Play the heuristic for everyone until the merger or founding is resolved."""
    while state.phase in (FOUND, SURVIVOR, DEFUNCT, DISPOSE):
        seat = state.decider
        state.play(decide(state, seat, rng, deep=False))


def _best_by_lookahead(
    state: Any, seat: int, rng: random.Random, options: list[Any], with_buy: bool
) -> Any:
    best, best_score = options[0], float("-inf")
    for action in options:
        s = state.clone()
        s.play(action)
        settle(s, rng)
        score = _score_after(s, seat, with_buy)
        if score > best_score:
            best, best_score = action, score
    return best


def _score_after(s: Any, seat: int, with_buy: bool) -> float:
    if s.phase == OVER:
        scores = s.final_scores
        return relative([float(x) for x in scores], seat) + (
            1e6 if scores[seat] == max(scores) else -1e6
        )
    vals = worths(s)
    score = relative(vals, seat)
    if with_buy and s.phase == BUY and s.active == seat:
        score += _buy_plan(s, seat, s.legal_actions(), vals)[1]
    return score


# ---------------------------------------------------------------- buying
def _liquidity(cash: int) -> float:
    return -LIQUIDITY * (RESERVE - cash) if cash < RESERVE else 0.0


def _buy_plan(
    state: Any, seat: int, options: list[Any], vals: list[float] | None = None
) -> tuple[Any, float]:
    """The best purchase among ``options`` and its gain over buying nothing."""
    best, best_score = None, float("-inf")
    for score, option in buy_scores(state, seat, options, vals):
        if score > best_score + 1e-9:
            best, best_score = option, score
    return best, best_score


def buy_scores(
    state: Any, seat: int, options: list[Any], vals: list[float] | None = None
) -> list[tuple[float, Any]]:
    """Each plain purchase among ``options`` with its gain over buying nothing."""
    if vals is None:
        vals = worths(state)
    weights = opponent_weights(vals, seat)
    n = state.num_players
    sizes, bank, prices, shares = state.sizes, state.bank, state.ctx.prices, state.shares
    limit = state.ctx.max_purchase
    gains: dict[int, list[float]] = {}
    for c in range(len(sizes)):
        if not sizes[c] or not bank[c]:
            continue
        price = prices[c][sizes[c]]
        holdings = [shares[p][c] for p in range(n)]
        before = chain_values(holdings, price, bank[c])
        g = [0.0]
        for k in range(1, min(limit, bank[c]) + 1):
            holdings[seat] += 1
            after = chain_values(holdings, price, bank[c] - k)
            delta = after[seat] - before[seat] - k * price
            for q in range(n):
                if weights[q]:
                    delta -= weights[q] * (after[q] - before[q])
            g.append(delta)
        gains[c] = g
    cash = state.cash[seat]
    base = _liquidity(cash)
    out = []
    for option in options:
        if not isinstance(option, BuyShares) or option.end_game:
            continue
        counts: dict[int, int] = {}
        cost = 0
        for c in option.shares:
            counts[c] = counts.get(c, 0) + 1
            cost += prices[c][sizes[c]]
        score = _liquidity(cash - cost) - base
        for c, k in counts.items():
            score += gains[c][k]
        out.append((score, option))
    return out


def choose_buy(state: Any, seat: int, options: list[Any]) -> Any:
    """The best purchase; in tlstyer, with the end declared when that wins."""
    best, _ = _buy_plan(state, seat, options)
    if best is None:  # only DeclareEnd or end twins (cannot happen in practice)
        return options[0]
    if any(isinstance(o, BuyShares) and o.end_game for o in options):
        twin = BuyShares(best.shares, True)
        s = state.clone()
        s.play(twin)
        if s.phase == OVER and _wins(s.final_scores, seat):
            return twin
        nothing = BuyShares((), True)
        s = state.clone()
        s.play(nothing)
        if s.phase == OVER and _wins(s.final_scores, seat):
            return nothing
    return best


# ---------------------------------------------------------------- the end
def _wins(scores: list[int], seat: int) -> bool:
    mine = scores[seat]
    return all(s < mine for q, s in enumerate(scores) if q != seat)


def _should_end(state: Any, seat: int) -> bool:
    """Declare the end when the final scores now make ``seat`` the sole winner."""
    return _wins(state.scores_if_ended(), seat)


# ---------------------------------------------------------------- disposing
def choose_dispose(state: Any, seat: int, options: list[Any]) -> Any:
    """Sell, trade or keep each defunct share by expected value."""
    best, best_score = options[0], float("-inf")
    for score, option in dispose_scores(state, seat, options):
        if score > best_score + 1e-9:
            best, best_score = option, score
    return best


def dispose_scores(state: Any, seat: int, options: list[Any]) -> list[tuple[float, Any]]:
    """Each disposal with its expected value to ``seat``."""
    defunct, survivor = state.defunct_chains[0], state.survivor
    sizes, prices = state.sizes, state.ctx.prices
    sell_price = prices[defunct][sizes[defunct]]
    merged = state.merged_size()
    after_price = prices[survivor][min(merged, len(prices[survivor]) - 1)]
    n = state.num_players
    holdings = [state.shares[p][survivor] for p in range(n)]
    bank = state.bank[survivor]
    vals = worths(state)
    weights = opponent_weights(vals, seat)
    before = chain_values(holdings, after_price, bank)
    trade_gain = [0.0]
    top_pairs = max(o.trade for o in options) // 2
    for k in range(1, top_pairs + 1):
        holdings[seat] += 1
        after = chain_values(holdings, after_price, bank - k)
        delta = after[seat] - before[seat]
        for q in range(n):
            if weights[q]:
                delta -= weights[q] * (after[q] - before[q])
        trade_gain.append(delta)
    ending = state.can_end() or state.tiles_left() == 0
    keep = 0.0 if ending else 0.3 * prices[defunct][2] * (1 + sum(1 for s in sizes if s) / 7)
    held = state.shares[seat][defunct]
    return [
        (o.sell * sell_price + trade_gain[o.trade // 2] + (held - o.sell - o.trade) * keep, o)
        for o in options
    ]


# ---------------------------------------------------------------- trades
def answer_trade(state: Any, seat: int, legal: list[Any]) -> Any:
    """Accept an offer worth clearly more to us than what it gives the proposer."""
    from takeover.bots.trading import trade_gains

    accept = AnswerTrade(True)
    if accept not in legal or state.pending_trade is None:
        return AnswerTrade(False)
    _, mine = trade_gains(state, state.pending_trade)
    return accept if mine > ACCEPT_MARGIN else AnswerTrade(False)
