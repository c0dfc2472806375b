"""Taking actions back (acquire/undo.py): the position before, the record replaying it
exactly, and no tile reaching a player who did not draw it (docs/rules/acquire.md 11.3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from takeover.acquire import new_game, replay
from takeover.acquire.actions import Undo
from takeover.acquire.state import AcquireState
from takeover.core.errors import IllegalAction
from takeover.core.extensions import UNDO


def play(state: AcquireState, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        seat = state.decider
        assert seat is not None
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))], seat)


def fingerprint(state: AcquireState) -> tuple[object, ...]:
    return (
        state.board,
        state.hands,
        state.cash,
        state.shares,
        state.bag_pos,
        state.returned,
        state.set_aside,
        state.decider,
        state.phase,
    )


def test_own_undo_goes_back_and_replays() -> None:
    state = new_game(["Ann", "Ben", "Cy"], seed=7)
    play(state, random.Random(1), 12)
    seat = state.actions()[-1][0]
    undo = state.extension(UNDO)
    assert undo is not None
    target = undo.last_own(seat)
    assert target is not None and target[1] is False  # nobody acted after it
    before = replay({**state.to_record(), "actions": state.to_record()["actions"][: target[0]]})
    events = state.apply(undo.undo(seat, target[0]), seat)
    assert events[0].type == "undo" and events[0].data["player"] == seat
    assert fingerprint(state)[:5] == fingerprint(before)[:5]
    record = state.to_record()
    assert record["actions"][-1] == {"player": seat, "type": "undo", "action_id": target[0]}
    assert fingerprint(replay(record)) == fingerprint(state)


def test_a_drawn_tile_goes_back_to_its_drawer() -> None:
    state = new_game(["Ann", "Ben"], seed=3)
    rng = random.Random(5)
    while True:  # play until a turn ends with a draw
        left, turn = state.tiles_left(), state.turn_number
        play(state, rng, 1)
        if state.tiles_left() < left and state.turn_number > turn:
            break
    drawer = state.actions()[-1][0]
    drawn = state.hands[drawer][-1]
    undo = state.extension(UNDO)
    assert undo is not None
    target = undo.last_own(drawer)
    assert target is not None
    state.apply(undo.undo(drawer, target[0]), drawer)
    assert drawn not in state.hands[drawer]
    assert state.returned[drawer][-1:] == (drawn,)
    assert state.view(1 - drawer)["bag"] == state.tiles_left()
    # the same player draws it again, whatever happens meanwhile
    play(state, rng, 40)
    assert all(drawn not in state.hands[p] for p in range(2) if p != drawer)
    assert fingerprint(replay(state.to_record())) == fingerprint(state)


def test_refusals() -> None:
    state = new_game(["Ann", "Ben"], seed=1)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.apply(Undo(0), 0)
    play(state, random.Random(2), 6)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.apply(Undo(6), 0)
    state.apply(Undo(3), 0)
    with pytest.raises(IllegalAction, match="not standing"):
        state.apply(Undo(5), 0)
    with pytest.raises(IllegalAction, match="non-negative"):
        state.action_from_dict({"type": "undo", "action_id": -1})


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**16), st.lists(st.integers(1, 30), min_size=1, max_size=4))
def test_undos_never_pass_a_tile_between_players(seed: int, stretches: list[int]) -> None:
    """Random play with undos of random depth: every tile is ever held by one player only,
    and the record replays to the same position."""
    rng = random.Random(seed)
    state = new_game(["Ann", "Ben", "Cy"], seed=seed)
    held: dict[int, int] = {}

    def note() -> None:
        for p, hand in enumerate(state.hands):
            for tile in hand:
                assert held.setdefault(tile, p) == p, f"tile {tile} reached a second player"

    note()
    for moves in stretches:
        for _ in range(moves):
            play(state, rng, 1)
            note()
        undo = state.extension(UNDO)
        assert undo is not None
        seat = rng.randrange(3)
        target = undo.last_own(seat)
        if target is not None:
            state.apply(undo.undo(seat, target[0]), seat)
            note()
    play(state, rng, 60)
    note()
    assert fingerprint(replay(state.to_record())) == fingerprint(state)
