"""What Acquire offers beyond the game protocol (see :mod:`takeover.core.extensions`).

* ``TRADE_OFFERS``: players' trades (rules section 7) are open-ended ``propose_trade``
  actions, never listed; this says when the active player may propose one.
* ``VOLUNTARY_END``: declaring the end, alone or with a purchase (rules 5.1 and 8.2).
* ``HANDS``: each player's tiles by name (the replay viewer shows them after the end).
* ``OPEN_VIEW``: every seat's cash and shares and every trade's terms, for the replay
  of a finished game (rule 9.3), through :mod:`.view`'s ``whole`` views.
* ``UNDO``: taking actions back, the drawn tiles kept hidden (:mod:`.undo`).
* ``WORLD_SAMPLER``: other hands, the bag and, with ``hidden_holdings``, other players'
  money re-dealt (:meth:`AcquireState.determinize`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from takeover.acquire.actions import BuyShares, DeclareEnd, Undo
from takeover.core.extensions import (
    HANDS,
    OPEN_VIEW,
    TRADE_OFFERS,
    UNDO,
    VOLUNTARY_END,
    WORLD_SAMPLER,
    Extensions,
)
from takeover.core.protocol import Action, Event

if TYPE_CHECKING:
    from takeover.acquire.state import AcquireState


class Trades:
    __slots__ = ("state",)

    def __init__(self, state: AcquireState) -> None:
        self.state = state

    def can_propose(self, seat: int) -> bool:
        state = self.state
        return seat == state.decider == state.active and state.trading_open()


class DeclaringTheEnd:
    __slots__ = ()

    def ends_game(self, action: Action) -> bool:
        return isinstance(action, DeclareEnd) or (isinstance(action, BuyShares) and action.end_game)


class Worlds:
    __slots__ = ("state",)

    def __init__(self, state: AcquireState) -> None:
        self.state = state

    def sample(self, seat: int, rng: random.Random) -> AcquireState:
        return self.state.determinize(seat, rng)


class Tiles:
    __slots__ = ("state",)

    def __init__(self, state: AcquireState) -> None:
        self.state = state

    def hand(self, seat: int) -> list[str]:
        names = self.state.ctx.board.names
        return [names[t] for t in sorted(self.state.hands[seat])]


class Open:
    __slots__ = ("state",)

    def __init__(self, state: AcquireState) -> None:
        self.state = state

    def view(self) -> dict[str, Any]:
        from takeover.acquire.view import view

        return view(self.state, None, whole=True)

    def event_view(self, event: Event) -> dict[str, Any] | None:
        from takeover.acquire.view import event_view

        return event_view(self.state, event, None, whole=True)


class TakingBack:
    __slots__ = ("state",)

    def __init__(self, state: AcquireState) -> None:
        self.state = state

    def last_own(self, seat: int) -> tuple[int, bool] | None:
        from takeover.acquire.undo import last_own

        return last_own(self.state, seat)

    def undo(self, seat: int, action_id: int) -> Undo:
        return Undo(action_id)


_DECLARING = DeclaringTheEnd()

EXTENSIONS: Extensions[AcquireState] = Extensions()
EXTENSIONS.provide(TRADE_OFFERS, Trades)
EXTENSIONS.provide(VOLUNTARY_END, lambda state: _DECLARING)
EXTENSIONS.provide(WORLD_SAMPLER, Worlds)
EXTENSIONS.provide(HANDS, Tiles)
EXTENSIONS.provide(OPEN_VIEW, Open)
EXTENSIONS.provide(UNDO, TakingBack)
