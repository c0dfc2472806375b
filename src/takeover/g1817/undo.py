"""Taking actions back, as 18xx.games records it: ``undo`` (with ``action_id``: every
action after the one of that id; without: the last one) and ``redo`` (what the last undo
took), resolved by :func:`~takeover.g1817.fixture.applied_actions`. The game goes back by
replaying the actions that stand from the setup, so a record with undos replays exactly;
1817 hides nothing, so nothing else is to be kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from takeover.core.errors import IllegalAction, RecordError
from takeover.core.protocol import Event

if TYPE_CHECKING:
    from takeover.g1817.actions import Action
    from takeover.g1817.state import Game1817

KINDS = frozenset({"undo", "redo"})


def standing(game: Game1817) -> list[tuple[int, int | None]]:
    """The ``(id, seat)`` of each action that stands (not a message, undo or redo), in
    order; the seat is ``None`` where none is known (a record replayed without seats)."""
    from takeover.g1817.fixture import applied_actions

    return [
        (raw["id"], game.actors[raw["id"] - 1])
        for raw in applied_actions(game.history)
        if raw.get("type") != "message"
    ]


def last_own(game: Game1817, seat: int) -> tuple[int, bool] | None:
    """The ``action_id`` an undo of ``seat``'s last standing action names, and whether
    another seat acted after it; ``None`` when it has none (or the game is over)."""
    if game.finished:
        return None
    entries = standing(game)
    for place in range(len(entries) - 1, -1, -1):
        if entries[place][1] == seat:
            others = any(s != seat for _, s in entries[place + 1 :])
            return (entries[place - 1][0] if place else 0), others
    return None


def take_back(game: Game1817, action: Action, seat: int | None) -> list[Event]:
    """Apply an ``undo`` or ``redo`` (any seat's: the server decides who may ask), in
    place; ``IllegalAction`` names what was wrong and changes nothing."""
    from takeover.g1817.fixture import applied_actions, expand
    from takeover.g1817.state import Game1817

    if game.finished:
        raise IllegalAction("the game is over: nothing can be taken back")
    entry: dict[str, Any] = {**action.to_dict(), "id": len(game.history) + 1}
    entries = [*game.history, entry]
    try:
        now = applied_actions(entries)
    except RecordError as exc:
        raise IllegalAction(exc.reason) from None
    if action.type == "undo" and [a["id"] for a in now] == [
        a["id"] for a in applied_actions(game.history)
    ]:
        raise IllegalAction("no action stands after that one: nothing to take back")
    fresh = Game1817(
        game.title,
        [(pid, game.player_by_id[pid].name) for pid in game.original_order],
        game.seed,
        game.optional_rules,
    )
    for raw in now:
        for step in expand(raw):
            if not (fresh.finished and step.type == "message"):
                fresh.push(step)
    actors = [*game.actors, seat]
    game.restore(fresh.snapshot(game))
    game.history, game.actors = entries, actors
    return [Event(action.type, {"entity": action.entity, "action_id": action.get("action_id")})]
