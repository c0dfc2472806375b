"""Running many arena games, in parallel worker processes when asked.

Results come back in completion order; everything downstream (the table, the
ratings) sorts by game index, so ``--jobs`` never changes a run's numbers.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from takeover.arena.match import GameResult, play_game
from takeover.arena.schedule import Fixture


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and reports."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play(
    specs: Sequence[str], fixture: Fixture, ruleset: Any, keep: bool, game: str
) -> GameResult:
    return play_game(
        list(specs),
        fixture.seating,
        fixture.seed,
        ruleset,
        index=fixture.index,
        rotation=fixture.rotation,
        keep_record=keep,
        game=game,
    )


def run_games(
    specs: Sequence[str],
    fixtures: Sequence[Fixture],
    ruleset: Any = "standard",
    jobs: int = 1,
    keep_records: bool = False,
    game: str = "acquire",
) -> Iterator[GameResult]:
    """Yield each game's result as it finishes (``jobs`` worker processes, or inline)."""
    if jobs <= 1:
        for f in fixtures:
            yield _play(specs, f, ruleset, keep_records, game)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
    pending: set[Future[GameResult]] = set()
    queue = list(fixtures)
    queue.reverse()
    try:
        while queue or pending:
            while queue and len(pending) < 2 * jobs:
                pending.add(pool.submit(_play, specs, queue.pop(), ruleset, keep_records, game))
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                yield fut.result()
    finally:
        for fut in pending:
            fut.cancel()
        # Stop games still in progress at once (an interrupted run reports what finished).
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


class Writer:
    """``--out DIR``: ``games.jsonl`` (one line per game) and ``records/game-NNNNN.json``."""

    def __init__(self, out: Path) -> None:
        self.out = out
        (out / "records").mkdir(parents=True, exist_ok=True)
        self._lines = (out / "games.jsonl").open("w")

    def add(self, result: GameResult) -> None:
        line = result.line()
        name = f"records/game-{result.index:05d}.json"
        if result.record is not None:
            (self.out / name).write_text(json.dumps(result.record) + "\n")
            line["record"] = name
        self._lines.write(json.dumps(line) + "\n")
        self._lines.flush()

    def close(self) -> None:
        self._lines.close()


def collect(
    results: Iterator[GameResult], on_result: Callable[[GameResult], None]
) -> tuple[list[GameResult], bool]:
    """Gather results until done or Ctrl-C: ``(finished games, interrupted)``."""
    out: list[GameResult] = []
    try:
        for r in results:
            out.append(r)
            on_result(r)
    except KeyboardInterrupt:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        return out, True
    return out, False
