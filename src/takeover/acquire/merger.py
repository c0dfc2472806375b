"""Mergers: survivor, defunct order, bonuses and disposals (rules 6.1-6.8).

Steps are functions of the state, like those of :mod:`.turn`. Each step that can end the
merger returns whether it did: the turn then goes on with buying (rule 6.6), which the
caller starts, so this module needs nothing from :mod:`.turn`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.acquire.constants import DEFUNCT, DISPOSE
from takeover.acquire.data import bonuses
from takeover.acquire.tiles import absorb

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


def begin_merger(state: AcquireState, survivor: int, forced: bool = False) -> bool:
    """The survivor is known (rule 6.1): resolve the defunct chains; True once complete."""
    state.survivor = survivor
    defunct = [c for c in state.merge_chains if c != survivor]
    state._defunct = defunct
    if state._log is not None:
        state._emit("survivor_chosen", chain=state._name(survivor), forced=forced)
    if state.ctx.grow_survivor_first:  # rule 6.8
        _grow(state)
    if state.ctx.ruleset.bonuses_first:  # rule 6.7
        sizes = state.sizes
        for c in sorted(defunct, key=lambda c: (-sizes[c], c)):
            pay_bonuses(state, c, "merger")
    return _next_defunct(state)


def _next_defunct(state: AcquireState) -> bool:
    if not state._defunct:
        _finish(state)
        return True
    largest = state._largest(state._defunct)
    if len(largest) == 1:
        return resolve_defunct(state, largest[0], forced=True)
    state.phase = DEFUNCT
    state.decider = state.active
    return False


def resolve_defunct(state: AcquireState, chain: int, forced: bool = False) -> bool:
    """Rule 6.3: ``chain`` is resolved next; True once the merger is complete."""
    defunct = state._defunct
    defunct.remove(chain)
    defunct.insert(0, chain)
    if state._log is not None:
        state._emit(
            "defunct_resolved",
            chain=state._name(chain),
            size=state.sizes[chain],
            survivor=state._name(state.survivor),
            forced=forced,
        )
    if not state.ctx.ruleset.bonuses_first:
        pay_bonuses(state, chain, "merger")
    n = state.num_players
    order = state.order
    seats = [order[(state.mergemaker_pos + i) % n] for i in range(n)]
    state._disposers = [s for s in seats if state.shares[s][chain]]
    return _next_disposer(state)


def _next_disposer(state: AcquireState) -> bool:
    if state._disposers:
        state.phase = DISPOSE
        state.decider = state._disposers[0]
        return False
    state._defunct.pop(0)
    state.decider = state.active
    return _next_defunct(state)


def dispose(state: AcquireState, sell: int, trade: int) -> bool:
    """Rule 6.5: the deciding holder's disposal; True once the merger is complete."""
    seat = state.decider
    assert seat is not None
    chain, survivor = state._defunct[0], state.survivor
    price = state.price(chain)
    held = state.shares[seat]
    held[chain] -= sell + trade
    state.bank[chain] += sell + trade
    state.cash[seat] += sell * price
    held[survivor] += trade // 2
    state.bank[survivor] -= trade // 2
    if state._log is not None:
        state._emit(
            "shares_disposed",
            player=seat,
            chain=state._name(chain),
            sold=sell,
            proceeds=sell * price,
            traded=trade,
            received=trade // 2,
            survivor=state._name(survivor),
            kept=held[chain],
        )
    state._disposers.pop(0)
    return _next_disposer(state)


def _grow(state: AcquireState) -> None:
    """The survivor takes over the merger tile, the defunct chains' tiles and the orphans
    connected to them (rule 6.6). The defunct chains keep their sizes (hence prices) until
    :func:`_finish`: with rule 6.8, their bonuses and sales come after this."""
    survivor, tile = state.survivor, state.merge_tile
    state.board[tile] = survivor
    state.sizes[survivor] += 1 + absorb(state, tile, survivor)


def _finish(state: AcquireState) -> None:
    """Rule 6.6: the merger is complete; the defunct chains leave the board."""
    survivor = state.survivor
    for c in state.merge_chains:
        if c != survivor:
            state.sizes[c] = 0
    if not state.ctx.grow_survivor_first:
        _grow(state)
    if state._log is not None:
        state._emit("merger_completed", chain=state._name(survivor), size=state.sizes[survivor])
    state.merge_chains = ()


def pay_bonuses(state: AcquireState, chain: int, why: str) -> None:
    """Rule 6.4 (and 8.4): majority and minority bonuses of ``chain`` at its size now."""
    holdings = [s[chain] for s in state.shares]
    paid = bonuses(state.price(chain), holdings)
    for seat, amount in enumerate(paid):
        if amount:
            state.cash[seat] += amount
    if state._log is not None and any(paid):
        state._emit(
            "bonuses_paid",
            chain=state._name(chain),
            size=state.sizes[chain],
            reason=why,
            holdings=holdings,
            paid=paid,
        )
