"""Arena statistics: shared wins, intervals, pooled rows, ratings."""

from __future__ import annotations

from takeover.arena.match import GameResult
from takeover.arena.stats import summarise, wilson, win_credit


def result(index: int, seating: list[int], scores: list[int], specs: list[str]) -> GameResult:
    ranks = [1 + sum(1 for o in scores if o > s) for s in scores]
    n = len(seating)
    return GameResult(
        index=index,
        seed=0,
        rotation=0,
        seating=seating,
        bots=[specs[e] for e in seating],
        scores=scores,
        ranks=ranks,
        end_reason="declared",
        turns=10,
        actions=20,
        illegal=[0] * n,
        think=[0.1] * n,
        decisions=[10] * n,
        max_think=[0.02] * n,
        cpu=[0.05] * n,
        max_cpu=[0.01] * n,
    )


def test_win_credit_shares_ties() -> None:
    assert win_credit([1, 1, 3]) == [0.5, 0.5, 0.0]
    assert win_credit([2, 1]) == [0.0, 1.0]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] > 0.999 and wilson(10, 10)[0] > 0.7


def test_rows_pool_entrants_with_the_same_spec() -> None:
    specs = ["heuristic", "random", "random"]
    results = [
        result(0, [0, 1, 2], [300, 200, 100], specs),
        result(1, [2, 0, 1], [300, 300, 100], specs),  # entrant 2 and 0 tie
        result(2, [1, 2, 0], [100, 200, 300], specs),
    ]
    rows = {r.bot: r for r in summarise(results, specs)}
    h, r = rows["heuristic"], rows["random"]
    assert (h.games, r.games, h.entrants, r.entrants) == (3, 6, 1, 2)
    assert h.wins == 2.5 and r.wins == 0.5
    assert h.win_share == 2.5 / 3
    assert h.mean_score == 300 and h.mean_rank == 1.0
    assert h.rating is not None and r.rating is not None and h.rating > r.rating
    assert abs(h.think_per_decision - 0.01) < 1e-9
    assert abs(h.cpu_per_decision - 0.005) < 1e-9 and h.max_cpu == 0.01


def test_ratings_do_not_depend_on_completion_order() -> None:
    specs = ["a", "b"]
    results = [result(i, [i % 2, 1 - i % 2], [100 + i, 50], specs) for i in range(6)]
    forward = summarise(results, specs)
    backward = summarise(list(reversed(results)), specs)
    assert [x.to_dict() for x in forward] == [x.to_dict() for x in backward]
