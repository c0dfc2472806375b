"""Which actions :meth:`Game1817.legal_actions` lists, for checks that compare with it.

The rounds list and check every decision (:mod:`takeover.g1817.rounds.base`), map
decisions included, with two exceptions, which are checked but not listed in full: a
route set (the list has the router's best set and running none) and a train bought from
another corporation, whose price is any amount from $1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from takeover.g1817.actions import NO_EFFECT, Action

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


def is_listed_kind(game: Game1817, action: Action) -> bool:
    """Whether :meth:`Game1817.legal_actions` lists every action of this kind now."""
    if action.type == "run_routes" or action.type in NO_EFFECT or action.type == "end_game":
        return False
    if game.finished:
        return False
    if action.entity_type == "company":
        # privates' lays and bridges (listed at the start of the owner's turn)
        from takeover.g1817.rounds.operating import OperatingRound

        track = isinstance(game.round, OperatingRound) and game.round.stage == "track"
        return action.type in ("lay_tile", "assign") and track
    if action.type == "buy_train":
        return game.depot_train(str(action.get("train"))) is not None
    return True
