"""Why an action is refused: clear messages for players, bots and records.

This module never decides legality (that is :meth:`AcquireState.legal_actions`);
it only explains a refusal the state has already made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.acquire.actions import (
    AnswerTrade,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    PlaceTile,
)

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


def explain(state: AcquireState, action: object) -> str:
    from takeover.acquire import state as s

    ctx = state.ctx
    names = ctx.chain_names
    phase = state.phase
    problem = malformed(state, action)
    if problem:
        return problem
    wanted = state.decision.replace("_", " ")
    expected = {
        PlaceTile: s.PLACE,
        FoundChain: s.FOUND,
        ChooseSurvivor: s.SURVIVOR,
        ChooseDefunct: s.DEFUNCT,
        DisposeShares: s.DISPOSE,
        AnswerTrade: s.ANSWER,
    }
    for kind, kind_phase in expected.items():
        if isinstance(action, kind) and phase != kind_phase:
            return f"not now: the decision is to {wanted}"
    match action:
        case DeclareEnd():
            if ctx.ruleset.declare_end != "turn_start":
                return "this ruleset declares the end together with a purchase (end_game)"
            if not state.can_end():
                return (
                    f"the end cannot be declared: no chain has {ctx.end_size} tiles "
                    f"and not every chain on the board is safe"
                )
            return "the end may only be declared at the beginning of one's turn"
        case PlaceTile(tile):
            name = ctx.board.names[tile]
            if tile not in state.hands[state.active]:
                return f"tile {name} is not in your hand"
            kind, chains = state.classify(tile)
            if kind == s.DEAD:
                safe = " and ".join(names[c] for c in chains if state.is_safe(c))
                return f"tile {name} is permanently unplayable: it would merge safe chains {safe}"
            if kind == s.NO_CHAIN:
                return f"tile {name} cannot be played now: it would found an 8th chain"
            return f"tile {name} cannot be played now"
        case FoundChain(chain) | ChooseSurvivor(chain) | ChooseDefunct(chain):
            options = [names[a.chain] for a in state.legal_actions()]  # type: ignore[attr-defined]
            return f"{names[chain]} is not a choice here (choose one of: {', '.join(options)})"
        case DisposeShares(sell, trade):
            held = state.shares[state.decider][state._defunct[0]]  # type: ignore[index]
            if trade % 2:
                return f"shares are traded two for one: trade must be even, got {trade}"
            if sell + trade > held:
                return f"you hold {held} shares of the defunct chain, not {sell + trade}"
            left = state.bank[state.survivor]
            return f"only {left} {names[state.survivor]} shares are left: trade at most {2 * left}"
        case BuyShares(shares, end_game):
            if phase not in (s.PLACE, s.BUY):
                return f"not now: the decision is to {wanted}"
            if end_game and ctx.ruleset.declare_end != "with_purchase":
                return (
                    "this ruleset declares the end at the beginning of a turn, not with a purchase"
                )
            if len(shares) > ctx.max_purchase:
                return f"at most {ctx.max_purchase} shares per turn, not {len(shares)}"
            for c in set(shares):
                if not state.sizes[c]:
                    return f"{names[c]} is not on the board"
                if shares.count(c) > state.bank[c]:
                    return f"only {state.bank[c]} {names[c]} shares are left"
            cost = sum(state.price(c) for c in shares)
            cash = state.cash[state.active]
            return f"the purchase costs ${cost:,} but you have ${cash:,}"
        case AnswerTrade(accept):
            offer = state.pending_trade
            problem = state._trade_problem(offer) if offer is not None and accept else None
            return problem or "no trade is waiting for an answer"
    return f"{action!r} is not an Acquire action"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def malformed(state: AcquireState, action: object) -> str | None:
    """Fields out of range or of the wrong type (actions built in code, not from records)."""
    size = state.ctx.board.size
    chains = len(state.ctx.chain_names)
    match action:
        case PlaceTile(tile) if not _is_int(tile) or not 0 <= tile < size:
            return f"no such tile: {tile!r} (tile ids are 0 to {size - 1})"
        case FoundChain(c) | ChooseSurvivor(c) | ChooseDefunct(c) if (
            not _is_int(c) or not 0 <= c < chains
        ):
            return f"no such chain: {c!r} (chain ids are 0 to {chains - 1})"
        case BuyShares(shares, end_game):
            if not isinstance(shares, tuple) or not all(
                _is_int(c) and 0 <= c < chains for c in shares
            ):
                return f"a purchase is a tuple of chain ids 0 to {chains - 1}, got {shares!r}"
            if list(shares) != sorted(shares):
                return "a purchase lists its chains in increasing order"
            if not isinstance(end_game, bool):
                return f"end_game must be true or false, got {end_game!r}"
        case DisposeShares(sell, trade) if not (
            _is_int(sell) and _is_int(trade) and sell >= 0 and trade >= 0
        ):
            return f"sell and trade must be non-negative integers, got {sell!r} and {trade!r}"
        case AnswerTrade(accept) if not isinstance(accept, bool):
            return f"accept must be true or false, got {accept!r}"
    return None
