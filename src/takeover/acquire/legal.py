"""Whether an action is legal now, and if not, why: the one checker of the engine.

:func:`refusal` serves :meth:`AcquireState.apply` and :meth:`AcquireState.is_legal`
(hence the server, bots and records). It accepts an action when it is one of
:meth:`AcquireState.legal_actions` (the listing is the definition of what is legal;
purchases and disposals are looked up in sets made from the same lists), or a trade
proposal that :func:`proposal_refusal` allows (proposals are open-ended, so they are not
listed). Only a refused action is diagnosed further, to say why; :mod:`.explain` puts
that in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.acquire import tiles
from takeover.acquire.actions import (
    AnswerTrade,
    BuyShares,
    ChooseDefunct,
    ChooseSurvivor,
    DeclareEnd,
    DisposeShares,
    FoundChain,
    Offer,
    PlaceTile,
    ProposeTrade,
    field_refusal,
)
from takeover.acquire.constants import (
    ANSWER,
    BUY,
    DEAD,
    DEFUNCT,
    DISPOSE,
    FOUND,
    NO_CHAIN,
    OVER,
    PLACE,
    SURVIVOR,
)
from takeover.acquire.refusals import Reason, Refusal

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState

_PHASE_OF: tuple[tuple[type, int], ...] = (
    (PlaceTile, PLACE),
    (FoundChain, FOUND),
    (ChooseSurvivor, SURVIVOR),
    (ChooseDefunct, DEFUNCT),
    (DisposeShares, DISPOSE),
    (AnswerTrade, ANSWER),
)
"""The only phase in which each of these kinds of action is taken."""
_CHOICES = (FoundChain, ChooseSurvivor, ChooseDefunct)


def refusal(state: AcquireState, action: object, seat: int | None = None) -> Refusal | None:
    """Why ``action`` by ``seat`` (default: whoever must decide) is not legal now;
    ``None`` when it is."""
    if state.phase == OVER:
        return Refusal(Reason.GAME_OVER)
    if seat is not None and seat != state.decider:
        return Refusal(
            Reason.NOT_YOUR_DECISION,
            {"seat": seat, "decider": state.decider, "decision": state.decision},
        )
    ctx = state.ctx
    malformed = field_refusal(action, ctx.board.size, len(ctx.chain_names))
    if malformed is not None:
        return malformed
    phase = state.phase
    if isinstance(action, ProposeTrade):
        return proposal_refusal(state, action)
    if isinstance(action, BuyShares):
        if (phase == BUY or (phase == PLACE and not state._playable)) and _listed(state, action):
            return None
    elif isinstance(action, DisposeShares):
        if phase == DISPOSE and action in state._dispose_options()[1]:
            return None
    elif action in state.legal_actions():
        return None
    return _diagnosis(state, action)


def _listed(state: AcquireState, action: BuyShares) -> bool:
    """Whether ``action`` is one of the listed purchases (rule 5.6)."""
    end_game = action.end_game
    if end_game and state.ctx.end_with_purchase and not state.can_end():
        end_game = False  # a request to end is ignored, not an error (rule 8.2)
    purchases = state._purchases if state.phase == BUY else state._buy_options()
    return (action.shares, end_game) in state.ctx.purchase_keys(purchases)


def _diagnosis(state: AcquireState, action: object) -> Refusal:
    """Why a refused action is not legal (it never permits anything)."""
    ctx = state.ctx
    phase = state.phase
    for kind, kind_phase in _PHASE_OF:
        if isinstance(action, kind) and phase != kind_phase:
            return Refusal(Reason.NOT_NOW, {"decision": state.decision})
    match action:
        case DeclareEnd():
            if ctx.end_with_purchase:
                return Refusal(Reason.END_ONLY_WITH_PURCHASE)
            if not any(state.sizes):
                return Refusal(Reason.NO_CHAIN_ON_BOARD)
            if not state.can_end():
                return Refusal(Reason.NO_END_CONDITION, {"end_size": ctx.end_size})
            return Refusal(Reason.END_ONLY_AT_START)
        case PlaceTile(tile):
            if tile not in state.hands[state.active]:
                return Refusal(Reason.NOT_IN_HAND, {"tile": tile})
            effect, chains = tiles.classify(state, tile)
            if effect == DEAD:
                safe = [c for c in chains if state.is_safe(c)]
                return Refusal(Reason.DEAD_TILE, {"tile": tile, "chains": safe})
            if effect == NO_CHAIN:
                return Refusal(Reason.EIGHTH_CHAIN, {"tile": tile})
            return Refusal(Reason.TILE_NOT_PLAYABLE, {"tile": tile})
        case FoundChain(chain) | ChooseSurvivor(chain) | ChooseDefunct(chain):
            options = [a.chain for a in state.legal_actions() if isinstance(a, _CHOICES)]
            return Refusal(Reason.NOT_A_CHOICE, {"chain": chain, "options": options})
        case DisposeShares(sell, trade):
            return _disposal_diagnosis(state, sell, trade)
        case BuyShares(shares, end_game):
            return _purchase_diagnosis(state, shares, end_game)
        case AnswerTrade(accept):
            offer = state.pending_trade
            problem = delivery_refusal(state, offer) if offer is not None and accept else None
            return problem or Refusal(Reason.NO_TRADE_PENDING)
    return Refusal(Reason.NOT_AN_ACTION, {"value": action})


def _disposal_diagnosis(state: AcquireState, sell: int, trade: int) -> Refusal:
    seat = state.decider
    assert seat is not None
    held = state.shares[seat][state._defunct[0]]
    if trade % 2:
        return Refusal(Reason.ODD_TRADE, {"trade": trade})
    if sell + trade > held:
        return Refusal(Reason.TOO_MANY_DISPOSED, {"held": held, "disposed": sell + trade})
    left = state.bank[state.survivor]
    data = {"left": left, "survivor": state.survivor, "most": 2 * left}
    return Refusal(Reason.SURVIVOR_SHORT, data)


def _purchase_diagnosis(state: AcquireState, shares: tuple[int, ...], end_game: bool) -> Refusal:
    ctx = state.ctx
    if state.phase not in (PLACE, BUY):
        return Refusal(Reason.NOT_NOW, {"decision": state.decision})
    if state.phase == PLACE and state._playable:
        return Refusal(Reason.PLACE_FIRST)
    if end_game and not ctx.end_with_purchase:
        return Refusal(Reason.END_NOT_WITH_PURCHASE)
    if len(shares) > ctx.max_purchase:
        return Refusal(Reason.TOO_MANY_SHARES, {"limit": ctx.max_purchase, "count": len(shares)})
    for c in sorted(set(shares)):
        if not state.sizes[c]:
            return Refusal(Reason.NOT_ON_BOARD, {"chain": c})
        if shares.count(c) > state.bank[c]:
            return Refusal(Reason.BANK_SHORT, {"chain": c, "left": state.bank[c]})
    cost = sum(state.price(c) for c in shares)
    return Refusal(Reason.TOO_EXPENSIVE, {"cost": cost, "cash": state.cash[state.active]})


def proposal_refusal(state: AcquireState, offer: ProposeTrade) -> Refusal | None:
    """Whether the active player may propose ``offer`` now (rules 7.1-7.5), its fields
    being well-formed (:func:`.actions.field_refusal`)."""
    rules = state.ctx.ruleset
    if not rules.player_trading:
        return Refusal(Reason.TRADING_OFF)
    if state.phase != PLACE or state.placed:
        return Refusal(Reason.TRADING_CLOSED)
    if state.trades_offered >= rules.max_trade_offers:
        return Refusal(Reason.TOO_MANY_OFFERS, {"limit": rules.max_trade_offers})
    to = offer.to
    if not 0 <= to < state.num_players or to == state.active:
        return Refusal(Reason.NOT_ANOTHER_PLAYER, {"value": to})
    if offer.give.is_empty() and offer.get.is_empty():
        return Refusal(Reason.EMPTY_TRADE)
    problem = _side_refusal(state, state.active, offer.give, "you")
    if problem is None and not rules.hidden_holdings:  # else the proposer cannot know
        problem = _side_refusal(state, to, offer.get, "seat")
    return problem


def delivery_refusal(state: AcquireState, offer: ProposeTrade) -> Refusal | None:
    """Whether both sides of the pending ``offer`` can still deliver (rule 7.3), as the
    player answering it is told."""
    return _side_refusal(state, state.active, offer.give, "proposer") or _side_refusal(
        state, offer.to, offer.get, "you"
    )


def _side_refusal(state: AcquireState, seat: int, side: Offer, who: str) -> Refusal | None:
    if side.cash > state.cash[seat]:
        data = {"who": who, "seat": seat, "amount": side.cash, "cash": state.cash[seat]}
        return Refusal(Reason.CANNOT_GIVE_CASH, data)
    for chain, n in side.shares:
        held = state.shares[seat][chain]
        if held < n:
            data = {"who": who, "seat": seat, "count": n, "chain": chain, "held": held}
            return Refusal(Reason.CANNOT_GIVE_SHARES, data)
    return None
