"""The bot protocol, shared by every game.

A bot sees an :class:`Observation`: its seat, the legal actions and what the seat
may know. It never reads the true state: ``view()`` is the seat's filtered view,
and ``sample(rng)`` is a full state in which everything hidden from the seat
(other hands, the bag order, and with ``hidden_holdings`` other players' money)
has been re-dealt at random, for search and for fast hand-written bots.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from takeover.core.protocol import Action, GameState


class Observation:
    """What one seat knows when it must decide."""

    __slots__ = ("_state", "legal", "seat")

    def __init__(self, state: GameState, seat: int, legal: Sequence[Action] | None = None) -> None:
        self._state = state
        self.seat = seat
        self.legal: Sequence[Action] = state.legal_actions() if legal is None else legal

    def view(self) -> dict[str, Any]:
        """The seat's view (JSON-ready, hidden information removed)."""
        return self._state.view(self.seat)

    def sample(self, rng: random.Random) -> Any:
        """A state consistent with the seat's information (hidden parts re-dealt).

        Everything the seat sees (its hand, the board, public holdings) is exact;
        the rest is drawn at random, so nothing secret can be read from it.
        """
        return self._state.determinize(self.seat, rng)  # type: ignore[attr-defined]


class Bot(Protocol):
    """Chooses one of ``obs.legal`` (or, where the game allows open-ended offers
    such as Acquire's trade proposals, an offer the game will then validate)."""

    name: str

    def choose(self, obs: Observation, rng: random.Random) -> Action: ...
