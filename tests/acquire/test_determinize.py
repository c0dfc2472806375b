"""``AcquireState.determinize``: worlds consistent with one seat's information, no secrets."""

from __future__ import annotations

import random

import pytest

from takeover.acquire import new_game
from takeover.bots.base import Observation
from takeover.bots.random_bot import RandomBot


def _midgame(ruleset: object = "standard", seed: int = 11, moves: int = 60):
    state = new_game(4, ruleset, seed=seed)
    rng, bot = random.Random(seed), RandomBot()
    for _ in range(moves):
        state.apply(bot.choose(Observation(state, state.current_player()), rng))
    return state


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_what_the_seat_sees_is_exact_and_the_rest_is_redealt(seat: int) -> None:
    state = _midgame()
    world = state.determinize(seat, random.Random(5))
    assert world.hands[seat] == state.hands[seat]
    assert world.board == state.board and world.cash == state.cash
    assert world.shares == state.shares
    others = [p for p in range(4) if p != seat]
    unseen = sorted(t for p in others for t in state.hands[p]) + list(state.bag[state.bag_pos :])
    dealt = [t for p in others for t in world.hands[p]] + list(world.bag[world.bag_pos :])
    assert sorted(dealt) == sorted(unseen)
    assert [len(world.hands[p]) for p in others] == [len(state.hands[p]) for p in others]


def test_no_trace_of_the_real_deal_is_left() -> None:
    state = _midgame()
    seat = state.current_player()
    world = state.determinize(seat, random.Random(1))
    # The drawn part of the bag (who drew what, in which order) and the seed are gone.
    assert world.bag_pos == 0 and len(world.bag) == len(state.bag) - state.bag_pos
    assert world.start == {}
    # The deal depends on the seat's information and the rng only: the same rng gives the
    # same world from a game whose hidden tiles are arranged differently.
    twin = state.clone()
    others = [p for p in range(4) if p != seat]
    pool = [t for p in others for t in twin.hands[p]] + list(twin.bag[twin.bag_pos :])
    pool.reverse()
    i = 0
    for p in others:
        k = len(twin.hands[p])
        twin.hands[p] = tuple(pool[i : i + k])
        i += k
    twin.bag = twin.bag[: twin.bag_pos] + tuple(pool[i:])
    again = twin.determinize(seat, random.Random(1))
    assert again.hands == world.hands and again.bag == world.bag


def test_hidden_holdings_redeals_other_players_money() -> None:
    state = _midgame({"preset": "standard", "options": {"hidden_holdings": True}})
    seat = state.current_player()
    world = state.determinize(seat, random.Random(2))
    others = [p for p in range(4) if p != seat]
    assert world.shares[seat] == state.shares[seat] and world.cash[seat] == state.cash[seat]
    assert all(world.cash[p] == state.cash[seat] for p in others)
    for chain in range(7):
        assert sum(world.shares[p][chain] for p in others) == sum(
            state.shares[p][chain] for p in others
        )
    assert world.history is None


def test_a_sampled_world_plays_on_to_the_end() -> None:
    state = _midgame()
    world = state.determinize(state.current_player(), random.Random(3))
    rng, bot = random.Random(3), RandomBot()
    while not world.is_terminal():
        world.apply(bot.choose(Observation(world, world.current_player()), rng))
    assert world.scores() is not None
