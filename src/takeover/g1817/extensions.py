"""What 1817 offers beyond the game protocol (see :mod:`takeover.core.extensions`).

* ``WORLD_SAMPLER``: 1817 has no hidden information, so a seat's world is a copy.
* ``SHARED_VIEW``: and every seat sees the same view (a server builds it once).
* ``SLOW_LISTING``: a route decision lists the router's best routes, which can take
  long; running no routes is listed at once.
* ``PLANNING`` (:mod:`takeover.g1817.planning`): read-only facts a planning player needs
  beyond the legal actions (auction under way, revenue run, price after a dividend, and
  with the map the auto-router's best revenue).

The auto-router and map queries join here with the map (stage 2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from takeover.core.extensions import (
    SHARED_VIEW,
    SLOW_LISTING,
    UNDO,
    WORLD_SAMPLER,
    Extensions,
)
from takeover.g1817.actions import Action
from takeover.g1817.planning import PLANNING, Planner

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


class OpenWorld:
    """Everything is public: every seat's world is the game itself."""

    __slots__ = ("game",)

    def __init__(self, game: Game1817) -> None:
        self.game = game

    def sample(self, seat: int, rng: random.Random) -> Game1817:
        return self.game.clone()


class OneView:
    """Everything is public: one view for every seat and spectator."""

    __slots__ = ("game",)

    def __init__(self, game: Game1817) -> None:
        self.game = game

    def view(self) -> dict[str, Any]:
        return self.game.view(None)


class TakingBack:
    """18xx.games' undo: every action after one (:mod:`takeover.g1817.undo`)."""

    __slots__ = ("game",)

    def __init__(self, game: Game1817) -> None:
        self.game = game

    def last_own(self, seat: int) -> tuple[int, bool] | None:
        from takeover.g1817.undo import last_own

        return last_own(self.game, seat)

    def undo(self, seat: int, action_id: int) -> Action:
        pid = self.game.original_order[seat]
        return Action.from_dict(
            {"type": "undo", "entity": pid, "entity_type": "player", "action_id": action_id}
        )


class RouteListing:
    """The route decision is the one slow listing: the router searches the corporation's
    best routes (rules 4.16-4.20); running none needs no search."""

    __slots__ = ("game",)

    def __init__(self, game: Game1817) -> None:
        self.game = game

    def slow(self) -> bool:
        return self._routing() is not None

    def quick(self, seat: int) -> Sequence[Action]:
        corp = self._routing()
        if corp is None:
            return self.game.legal_actions(seat)
        decision = self.game.pending()
        if decision is None or seat not in decision.seats:
            return []
        from takeover.g1817.rounds.base import make

        return [make("run_routes", corp, routes=[])]

    def _routing(self) -> str | None:
        """The corporation whose routes the game waits for, if it does."""
        from takeover.g1817.rounds.operating import OperatingRound
        from takeover.g1817.rounds.turn import Route

        rnd = self.game.round
        if self.game.finished or not isinstance(rnd, OperatingRound) or rnd.finished:
            return None
        step = rnd.turn_step
        if isinstance(step, Route) and step.waits() and rnd.active_step() is step:
            return str(rnd.corp.sym)
        return None


EXTENSIONS: Extensions[Game1817] = Extensions()
EXTENSIONS.provide(WORLD_SAMPLER, OpenWorld)
EXTENSIONS.provide(SHARED_VIEW, OneView)
EXTENSIONS.provide(UNDO, TakingBack)
EXTENSIONS.provide(SLOW_LISTING, RouteListing)

EXTENSIONS.provide(PLANNING, Planner)
