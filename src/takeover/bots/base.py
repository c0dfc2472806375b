"""The bot protocol, over the game protocol: one bot interface for every game.

A bot sees an :class:`Observation`: its seat, its legal actions and what the seat may
know. It never reads the true state: ``view()`` is the seat's filtered view, and
``sample(rng)`` is a full state in which everything hidden from the seat (other hands,
the bag order, and with Acquire's ``hidden_holdings`` other players' money) has been
re-dealt at random (the game's ``WORLD_SAMPLER`` extension), for search and for fast
hand-written bots. Game-specific capabilities come through :meth:`Observation.extension`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from takeover.core.extensions import WORLD_SAMPLER, Extension
from takeover.core.protocol import Action, GameState

E = TypeVar("E")


class Observation:
    """What one seat knows when it must decide."""

    __slots__ = ("_state", "legal", "seat")

    def __init__(self, state: GameState, seat: int, legal: Sequence[Action] | None = None) -> None:
        self._state = state
        self.seat = seat
        self.legal: Sequence[Action] = state.legal_actions(seat) if legal is None else legal

    @property
    def game(self) -> str:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def kind(self) -> str | None:
        """The kind of decision (``place_tile``, ``bid``...), ``None`` if the game is over."""
        decision = self._state.pending()
        return None if decision is None else decision.kind

    def view(self) -> dict[str, Any]:
        """The seat's view (JSON-ready, hidden information removed)."""
        return self._state.view(self.seat)

    def sample(self, rng: random.Random) -> GameState:
        """A state consistent with the seat's information (hidden parts re-dealt).

        Everything the seat sees (its hand, the board, public holdings) is exact;
        the rest is drawn at random, so nothing secret can be read from it.
        """
        sampler = self._state.extension(WORLD_SAMPLER)
        if sampler is None:
            raise TypeError(f"{self._state.game} offers no world sampler: a bot cannot search it")
        return sampler.sample(self.seat, rng)

    def extension(self, key: Extension[E]) -> E | None:
        """The game's capability ``key`` (trade offers, the voluntary end...), if any."""
        return self._state.extension(key)

    def action_to_dict(self, action: Action) -> dict[str, Any]:
        return self._state.action_to_dict(action)


class Bot(Protocol):
    """Chooses one of ``obs.legal`` (or, where the game offers ``TRADE_OFFERS`` and
    ``can_propose(seat)``, an offer the game will then validate)."""

    name: str

    def choose(self, obs: Observation, rng: random.Random) -> Action: ...
