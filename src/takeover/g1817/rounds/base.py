"""What every round offers the game: process an action, say who acts, say when it is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.core.errors import IllegalAction
from takeover.g1817.actions import Action

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


class Round:
    """A round receives actions until ``finished``; the game then starts the next one."""

    name = ""

    def __init__(self, game: Game1817, round_num: int = 1) -> None:
        self.game = game
        self.round_num = round_num
        self.finished = False

    def process(self, action: Action) -> None:
        handler = getattr(self, f"on_{action.type}", None)
        if handler is None:
            raise IllegalAction(f"{action.type} is not possible in the {self.name} round")
        handler(action)

    def on_discard_train(self, action: Action) -> None:
        self.game.discard_train(action)
        self.after_discard()

    def after_discard(self) -> None:
        """Hook: continue whatever the discard interrupted."""

    def step(self) -> str:
        """The name of the step waiting for a decision (the reference's step class name)."""
        return ""

    def current(self) -> int | str | None:
        """The entity expected to act (a player id or a corporation symbol)."""
        return None

    def active(self) -> list[int]:
        """Player ids expected to act now."""
        cur = self.current()
        if isinstance(cur, int):
            return [cur]
        if isinstance(cur, str) and cur in self.game.corps:
            owner = self.game.corps[cur].owner
            return [owner] if isinstance(owner, int) else []
        return []
