"""Running many games: worker processes change nothing; Ctrl-C keeps what finished."""

from __future__ import annotations

from takeover.arena.match import GameResult
from takeover.arena.runner import collect, run_games
from takeover.arena.schedule import schedule
from takeover.arena.stats import summarise

SPECS = ["heuristic", "random", "random"]


def test_parallel_and_inline_runs_agree() -> None:
    fixtures = schedule(6, 3, seed=21)
    inline = sorted(run_games(SPECS, fixtures, jobs=1), key=lambda r: r.index)
    parallel = sorted(run_games(SPECS, fixtures, jobs=2), key=lambda r: r.index)
    assert [r.line()["scores"] for r in inline] == [r.line()["scores"] for r in parallel]
    assert [x.to_dict()["wins"] for x in summarise(inline, SPECS)] == [
        x.to_dict()["wins"] for x in summarise(parallel, SPECS)
    ]


def test_interrupted_run_keeps_finished_games() -> None:
    fixtures = schedule(6, 3, seed=21)

    def games():
        yield from run_games(SPECS, fixtures[:2], jobs=1)
        raise KeyboardInterrupt

    seen: list[GameResult] = []
    results, interrupted = collect(games(), seen.append)
    assert interrupted and len(results) == 2 and seen == results
