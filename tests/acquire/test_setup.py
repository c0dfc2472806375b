"""Setup (rules 4.1-4.5): the draw for first player, turn order, the deal, player counts."""

from __future__ import annotations

import random

import pytest

from takeover.acquire import new_game, replay
from takeover.acquire.board import Board
from takeover.acquire.setup import shuffled_bag
from takeover.core.errors import RecordError

from .helpers import hand

BOARD = Board.of(12, 9)


def game(first_tiles, ruleset="standard", players=3):
    names = [*first_tiles, *[n for n in BOARD.names if n not in first_tiles]]
    bag = [BOARD.tile(n) for n in names]
    return new_game([f"P{i}" for i in range(players)], ruleset, tile_bag=bag), names


def test_standard_closest_is_lowest_row_then_column_and_play_is_clockwise() -> None:
    # Seat 0 draws 1B, seat 1 9A, seat 2 5C: 9A beats 1B (row A first).
    state, _ = game(["1B", "9A", "5C"])
    assert state.order == (1, 2, 0)
    assert state.current_player() == 1 and state.decision == "place_tile"


def test_tlstyer_closest_is_lowest_column_then_row_and_order_is_the_drawn_order() -> None:
    # 1B beats 9A (column 1 first); the order is 1B, 5C, 9A: seats 0, 2, 1.
    state, _ = game(["1B", "9A", "5C"], "tlstyer")
    assert state.order == (0, 2, 1)
    assert state.current_player() == 0


def test_tlstyer_order_is_not_clockwise() -> None:
    # Seat 0: 12A, seat 1: 1C, seat 2: 3A, seat 3: 2B -> by column: 1C, 2B, 3A, 12A.
    state, _ = game(["12A", "1C", "3A", "2B"], "tlstyer", players=4)
    assert state.order == (1, 3, 2, 0)
    state, _ = game(["12A", "1C", "3A", "2B"], "standard", players=4)
    assert state.order == (2, 3, 0, 1)  # 3A first, then clockwise


def test_drawn_tiles_stay_on_the_board_as_orphans() -> None:
    state, _ = game(["1A", "2A", "3A"])  # adjacent, yet no chain forms
    board = state.view(None)["board"]
    assert board == {"1A": None, "2A": None, "3A": None}
    assert sum(state.sizes) == 0


@pytest.mark.parametrize("ruleset", ["standard", "tlstyer"])
def test_deal_six_each_in_turn_order(ruleset: str) -> None:
    state, names = game(["1B", "9A", "5C"], ruleset)
    rest = names[3:]
    for i, seat in enumerate(state.order):
        assert hand(state, seat) == sorted(rest[6 * i : 6 * i + 6])
    assert state.view(None)["bag"] == 108 - 3 - 18


def test_starting_cash_and_shares() -> None:
    state, _ = game(["1B", "9A", "5C"])
    assert state.cash == [6000] * 3
    assert state.bank == [25] * 7
    assert all(sum(s) == 0 for s in state.shares)


@pytest.mark.parametrize(("ruleset", "low", "high"), [("standard", 2, 6), ("tlstyer", 1, 6)])
def test_player_counts(ruleset: str, low: int, high: int) -> None:
    for n in range(low, high + 1):
        state = new_game(n, ruleset, seed=n)
        assert state.num_players == n
        assert all(len(h) == 6 for h in state.hands)
    for n in (low - 1, high + 1):
        with pytest.raises(RecordError, match="players"):
            new_game(n, ruleset, seed=1)


def test_seed_is_reproducible() -> None:
    a, b = new_game(4, seed=42), new_game(4, seed=42)
    assert a.hands == b.hands and a.order == b.order and a.bag == b.bag
    assert new_game(4, seed=43).bag != a.bag


def test_short_bag_prefix_means_the_bag_runs_out() -> None:
    # A prefix of the bag: the third seat draws nothing and comes last.
    bag = [BOARD.tile(n) for n in ("5E", "2C")]
    state = new_game(3, tile_bag=bag)
    assert state.order == (1, 2, 0)
    assert all(len(h) == 0 for h in state.hands)
    record = state.to_record()
    assert record["tile_bag"] == ["5E", "2C"]
    assert replay(record).order == state.order


def test_bag_with_a_repeated_tile_is_refused() -> None:
    with pytest.raises(RecordError, match="twice"):
        new_game(2, tile_bag=[1, 2, 1])


def test_a_seed_gives_the_bag_random_shuffle_gives() -> None:
    """Records made with a seed before the shuffle was written out keep their bag."""
    for seed in (0, 1, 7, 2**40 + 3):
        expected = list(range(108))
        random.Random(seed).shuffle(expected)
        assert shuffled_bag(108, seed) == expected
