from __future__ import annotations

import pytest

from takeover.rl.chance import LazyBag, NeedTiles


def test_known_positions_read_like_a_tuple() -> None:
    bag = LazyBag([5, 3, 9], 10)
    assert len(bag) == 10
    assert bag[0] == 5 and bag[2] == 9 and bag[-8] == 9
    assert bag[1:3] == (3, 9)
    assert bag[3:3] == ()


def test_reading_an_undrawn_position_asks_for_exactly_the_missing_tiles() -> None:
    bag = LazyBag([5, 3], 10)
    with pytest.raises(NeedTiles) as slice_read:
        bag[1:6]
    assert slice_read.value.count == 4
    with pytest.raises(NeedTiles) as index_read:
        bag[2]
    assert index_read.value.count == 1


def test_the_end_of_the_bag_is_not_a_draw() -> None:
    bag = LazyBag([1, 2, 3], 3)
    assert bag[2:8] == (3,)  # the engine asks for more than is left: it just gets less
    with pytest.raises(IndexError):
        bag[3]


def test_a_bag_cannot_hold_more_than_its_size() -> None:
    with pytest.raises(ValueError, match="4 tiles drawn from a bag of 3"):
        LazyBag([1, 2, 3, 4], 3)
