"""Seat rotation: every entrant in every seat equally often, the same bag per round."""

from __future__ import annotations

from collections import Counter

from takeover.arena.schedule import schedule


def test_rounds_rotate_seats_over_one_bag() -> None:
    fixtures = schedule(12, 4, seed=9)
    assert len(fixtures) == 12
    assert [f.index for f in fixtures] == list(range(12))
    seats = Counter((f.seating[seat], seat) for f in fixtures for seat in range(4))
    assert set(seats.values()) == {3} and len(seats) == 16
    for r in range(3):
        rnd = fixtures[4 * r : 4 * r + 4]
        assert len({f.seed for f in rnd}) == 1
        assert sorted(f.rotation for f in rnd) == [0, 1, 2, 3]
    assert len({f.seed for f in fixtures}) == 3


def test_games_round_up_to_whole_rounds_and_depend_on_the_seed() -> None:
    assert len(schedule(5, 3, seed=1)) == 6
    assert [f.seed for f in schedule(6, 3, 1)] == [f.seed for f in schedule(6, 3, 1)]
    assert schedule(3, 3, 1)[0].seed != schedule(3, 3, 2)[0].seed
