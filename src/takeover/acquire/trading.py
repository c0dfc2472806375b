"""Player-to-player trading: proposals, answers and transfers (section 7 of the rules).

Steps are functions of the state, like those of :mod:`.turn`; whether a proposal or an
acceptance is allowed is :mod:`.legal`'s to say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.acquire.actions import Offer, ProposeTrade
from takeover.acquire.constants import ANSWER, PLACE
from takeover.acquire.turn import maybe_skip_to_buy

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


def propose(state: AcquireState, offer: ProposeTrade) -> None:
    state.trades_offered += 1
    state.at_start = False  # rule 7.6
    state.pending_trade = offer
    state.phase = ANSWER
    state.decider = offer.to
    if state._log is not None:
        state._emit("trade_proposed", player=state.active, **trade_data(state, offer))


def answer(state: AcquireState, accept: bool) -> None:
    """Rule 7.4: the trade is done or not, and the active player's turn goes on."""
    offer = state.pending_trade
    assert offer is not None
    if accept:
        _transfer(state, state.active, offer.to, offer.give)
        _transfer(state, offer.to, state.active, offer.get)
    if state._log is not None:
        state._emit("trade_answered", player=offer.to, accepted=accept, **trade_data(state, offer))
    state.pending_trade = None
    state.phase = PLACE
    state.decider = state.active
    if not state._playable:
        maybe_skip_to_buy(state)


def _transfer(state: AcquireState, giver: int, taker: int, side: Offer) -> None:
    state.cash[giver] -= side.cash
    state.cash[taker] += side.cash
    for chain, n in side.shares:
        state.shares[giver][chain] -= n
        state.shares[taker][chain] += n


def trade_data(state: AcquireState, offer: ProposeTrade) -> dict[str, Any]:
    """A proposal's parties and terms, as the trade events and views show them."""
    notation = state.ctx.notation
    return {
        "from": state.active,
        "to": offer.to,
        "give": notation.offer_dict(offer.give),
        "get": notation.offer_dict(offer.get),
    }
