"""Which actions :meth:`Game1817.legal_actions` lists, for checks that compare with it.

The rounds list and check every decision (:mod:`takeover.g1817.rounds.base`); stage 1
leaves out the decisions that need the map (tile lays, token placements, routes, the
privates' special powers) and trains bought from another corporation, whose price is
any amount from $1. Those are checked lightly and applied as recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.g1817.actions import NO_EFFECT, Action

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817

MAP_DECISIONS = frozenset({"place_token", "lay_tile", "run_routes"})


def is_listed_kind(game: Game1817, action: Action) -> bool:
    """Whether :meth:`Game1817.legal_actions` lists every action of this kind now."""
    if action.type in MAP_DECISIONS or action.type in NO_EFFECT or action.type == "end_game":
        return False
    if action.entity_type == "company" or game.finished:
        return False
    if action.type == "buy_train":
        return game.depot_train(str(action.get("train"))) is not None
    return True
