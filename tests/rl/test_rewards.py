from __future__ import annotations

import pytest

from takeover.rl.rewards import rank_returns, reward_scheme, win_returns


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([100, 200], [-1.0, 1.0]),
        ([300, 300], [0.0, 0.0]),
        ([10, 40, 30, 20], [-1.0, 1.0, 1 / 3, -1 / 3]),
        ([10, 40, 40, 20], [-1.0, 2 / 3, 2 / 3, -1 / 3]),
    ],
)
def test_rank_returns_count_opponents_beaten_minus_opponents_ahead(
    scores: list[int], expected: list[float]
) -> None:
    got = rank_returns(scores)
    assert got == pytest.approx(expected)
    assert sum(got) == pytest.approx(0.0)


def test_win_returns_share_one_point_among_the_leaders() -> None:
    assert win_returns([5, 9, 1]) == [0.0, 1.0, 0.0]
    assert win_returns([9, 9, 1, 9]) == pytest.approx([1 / 3, 1 / 3, 0.0, 1 / 3])


def test_unknown_scheme_is_named() -> None:
    with pytest.raises(ValueError, match=r"unknown reward scheme 'best'.*rank, win"):
        reward_scheme("best")
