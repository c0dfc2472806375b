"""End-of-game rewards from final scores (the same schemes in every adapter).

``rank`` (default): each player scores +1 for every opponent with less money and
-1 for every opponent with more, divided by ``players - 1``; ties count 0. The
sum over players is zero and the range is [-1, 1]; with two players it is +1 / -1,
0 for a tie. OpenSpiel's ``returns()`` uses this scheme.

``win``: +1 shared equally among the players with the most money, 0 for others.

>>> rank_returns([6000, 9000, 6000])
[-0.5, 1.0, -0.5]
>>> win_returns([6000, 9000, 9000])
[0.0, 0.5, 0.5]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def rank_returns(scores: Sequence[int]) -> list[float]:
    n = len(scores)
    if n < 2:
        return [0.0] * n
    return [
        sum((s > o) - (s < o) for o in scores) / (n - 1)  # self compares equal: counts 0
        for s in scores
    ]


def win_returns(scores: Sequence[int]) -> list[float]:
    top = max(scores)
    winners = sum(1 for s in scores if s == top)
    return [1.0 / winners if s == top else 0.0 for s in scores]


SCHEMES: dict[str, Callable[[Sequence[int]], list[float]]] = {
    "rank": rank_returns,
    "win": win_returns,
}


def reward_scheme(name: str) -> Callable[[Sequence[int]], list[float]]:
    """The scheme called ``name``; ``ValueError`` naming the known ones."""
    try:
        return SCHEMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown reward scheme {name!r} (known: {', '.join(SCHEMES)})") from None
