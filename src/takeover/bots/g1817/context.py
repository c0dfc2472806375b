"""One decision as the 1817 policies see it: the position, who decides, the legal actions.

The position is a copy (``Observation.sample``; 1817 hides nothing), read through the
rules' public API and the ``PLANNING`` extension; the policies never change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from takeover.g1817.actions import Action
from takeover.g1817.entities import Corporation, Player
from takeover.g1817.planning import PLANNING, Planner
from takeover.g1817.state import Game1817


@dataclass
class Ctx:
    game: Game1817
    seat: int
    legal: Sequence[Action]
    kind: str
    planner: Planner = field(init=False)

    def __post_init__(self) -> None:
        planner = self.game.extension(PLANNING)
        assert planner is not None, "1817 offers PLANNING"
        self.planner = planner

    @property
    def pid(self) -> int:
        """The deciding seat's player id."""
        return self.game.original_order[self.seat]

    @property
    def player(self) -> Player:
        return self.game.player_by_id[self.pid]

    def of_type(self, *types: str) -> list[Action]:
        return [a for a in self.legal if a.type in types]

    def first(self, type_: str) -> Action | None:
        return next((a for a in self.legal if a.type == type_), None)

    def corp(self, action: Action) -> Corporation | None:
        """The corporation an action concerns: its ``corporation`` field, the corporation
        of its first share, or the acting corporation."""
        game = self.game
        sym = action.get("corporation")
        if sym is None and action.get("shares"):
            sym = str(action.get("shares")[0]).rpartition("_")[0]
        if sym is None and action.entity_type == "corporation":
            sym = action.entity
        return game.corps.get(str(sym)) if sym is not None else None

    def presides(self) -> list[Corporation]:
        return [c for c in self.game.corps.values() if c.owner == self.pid and c.floated]
