"""Taking 1817 actions back (g1817/undo.py): 18xx.games' ``undo``/``redo`` with
``action_id``, replayed exactly, with who took each action for the server's rule."""

from __future__ import annotations

import random

import pytest

from takeover.core import registry
from takeover.core.errors import IllegalAction
from takeover.core.extensions import UNDO
from takeover.g1817 import Game1817
from takeover.g1817.actions import Action


def play(game: Game1817, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        seat = rng.choice(game.pending().seats)
        legal = game.legal_actions(seat)
        game.apply(legal[rng.randrange(len(legal))], seat)


def fresh() -> Game1817:
    return Game1817("1817WO", [(7, "Ann"), (9, "Bob")], seed=5)


def test_undo_own_action_then_replay() -> None:
    game = fresh()
    play(game, random.Random(3), 9)
    seat = game.actors[-1]
    assert seat is not None
    undo = game.extension(UNDO)
    assert undo is not None
    target = undo.last_own(seat)
    assert target is not None and target[1] is False
    before = fresh()
    for raw in game.history[: target[0]]:
        before.push(Action.from_dict(raw))
    events = game.apply(undo.undo(seat, target[0]), seat)
    assert events[0].type == "undo" and events[0].data["action_id"] == target[0]
    assert game.view(None) == before.view(None)
    record = game.to_record()
    assert record["actions"][-1] == {
        "type": "undo",
        "entity": game.original_order[seat],
        "entity_type": "player",
        "action_id": target[0],
        "id": len(record["actions"]),
    }
    # 18xx.games' replay of the record (undo resolved), and the server's, one by one
    assert registry.get("1817").replay(record).view(None) == game.view(None)
    again = registry.get("1817").from_record({**record, "actions": []})
    for actor, raw in zip(game.actors, record["actions"], strict=True):
        again.apply(again.action_from_dict(raw), actor)
    assert again.view(None) == game.view(None) and again.actors == game.actors


def test_others_acted_since_and_redo() -> None:
    game = fresh()
    rng = random.Random(4)
    while len({s for s in game.actors}) < 2:
        play(game, rng, 1)
    first = game.actors[0]
    undo = game.extension(UNDO)
    assert undo is not None
    target = undo.last_own(first)
    assert target is not None and target[1] is True
    view = game.view(None)
    game.apply(undo.undo(first, target[0]), first)
    assert game.view(None) != view
    redo = Action.from_dict({"type": "redo", "entity": 7, "entity_type": "player"})
    game.apply(redo, first)
    assert game.view(None) == view
    with pytest.raises(IllegalAction, match="nothing to redo"):
        game.apply(redo, first)


def test_nothing_to_take_back() -> None:
    game = fresh()
    undo = game.extension(UNDO)
    assert undo is not None and undo.last_own(0) is None
    with pytest.raises(IllegalAction, match="nothing to take back"):
        game.apply(undo.undo(0, 0), 0)
    with pytest.raises(IllegalAction, match="names no earlier action"):
        game.apply(undo.undo(0, 5), 0)
