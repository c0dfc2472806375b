"""Which actions :meth:`Game1817.legal_actions` lists, for checks that compare with it.

The rounds list and check every decision (:mod:`takeover.g1817.rounds.base`) from the
same rules, map decisions included. Two listed forms stand for more than one action: a
route set (the list has the router's best set and running none; any legal set is
accepted) and a train bought from another corporation, listed once with its price range
(``price`` the lowest, ``max_price`` the highest; any whole amount between is accepted).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from takeover.g1817.actions import NO_EFFECT, Action

if TYPE_CHECKING:
    from takeover.g1817.state import Game1817


def is_listed_kind(game: Game1817, action: Action) -> bool:
    """Whether :meth:`Game1817.legal_actions` covers every action of this kind now (see
    :func:`covers`): all but route sets, chat and auto-pass programming, and ending the
    game by agreement."""
    if action.type == "run_routes" or action.type in NO_EFFECT or action.type == "end_game":
        return False
    return not game.finished


def covers(listed: Iterable[Action], action: Action) -> bool:
    """Whether ``action`` is among ``listed``: the same decision, or a price within the
    range a listed action carries (``price`` to ``max_price``)."""
    wanted = action.key()
    price = action.get("price")
    for option in listed:
        if option.key() == wanted:
            return True
        high = option.get("max_price")
        if high is None or option.type != action.type or option.entity != action.entity:
            continue
        if not isinstance(price, int) or isinstance(price, bool):
            continue
        same = option.with_field("price", price).key() == wanted
        if same and option.get("price") <= price <= high:
            return True
    return False


def listed_form(game: Game1817, action: Action) -> Action:
    """``action`` as the listing names the same decision: the first received of alike
    certificates (:func:`~takeover.g1817.rounds.base.as_listed`) and the supply's first
    copy of a tile (any copy in the supply is the same lay)."""
    from takeover.g1817.rounds.base import as_listed

    tile = action.get("tile")
    if action.type == "lay_tile" and isinstance(tile, str):
        name, _, index = tile.rpartition("-")
        supply = game.board.supply.get(name)
        if supply and index.isdigit() and int(index) in supply:
            action = action.with_field("tile", f"{name}-{supply[0]}")
    return as_listed(game, action)
