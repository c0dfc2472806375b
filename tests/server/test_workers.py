"""The bot worker pool: a fixed number of processes, a fair queue, overruns killed."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from takeover.server.workers import NotSent, Overran, WorkerPool

from .serving import alive, bot_workers

TASK = __name__.rpartition(".")[0] + ".tasks:label"
"""``tests/server/tasks.py`` under the name this test run imports it by."""


@pytest.fixture
def pools() -> Iterator[list[WorkerPool]]:
    made: list[WorkerPool] = []
    yield made
    for pool in made:
        pool.close()


def _pool(pools: list[WorkerPool], size: int, seconds: float, task: str = TASK) -> WorkerPool:
    pool = WorkerPool(size, seconds, task)
    pools.append(pool)
    return pool


async def _until_running(pool: WorkerPool, jobs: int = 1) -> None:
    """Wait until the pool's workers have started and ``jobs`` of them are busy."""
    deadline = time.monotonic() + 30
    while len(pool._busy) < jobs:
        assert time.monotonic() < deadline, "the workers did not start"
        await asyncio.sleep(0.02)


def test_tables_take_turns_creator_by_creator(pools: list[WorkerPool]) -> None:
    pool = _pool(pools, size=1, seconds=5.0)

    async def go() -> list[str]:
        blocker = asyncio.ensure_future(pool.run("Z", "z", "blocker", 0.3))
        await _until_running(pool)
        jobs = [
            pool.run("A", "a1", "a1#1", 0.0),
            pool.run("A", "a1", "a1#2", 0.0),
            pool.run("A", "a2", "a2#1", 0.0),
            pool.run("B", "b1", "b1#1", 0.0),
            pool.run("B", "b1", "b1#2", 0.0),
        ]
        done: list[str] = []

        async def note(job: Any) -> None:
            text, _ = await job
            done.append(text)

        await asyncio.gather(blocker, *(note(job) for job in jobs))
        return done

    # Creators alternate (A, B, A, ...), and within a creator, its tables do.
    assert asyncio.run(go()) == ["a1#1", "b1#1", "a2#1", "b1#2", "a1#2"]


def test_the_think_time_starts_when_a_worker_is_free(pools: list[WorkerPool]) -> None:
    pool = _pool(pools, size=1, seconds=0.6)

    async def go() -> list[Any]:
        return list(
            await asyncio.gather(pool.run("A", "a", "first", 0.4), pool.run("B", "b", "next", 0.4))
        )

    assert [text for text, _ in asyncio.run(go())] == ["first", "next"]


def test_an_overrunning_worker_is_killed_and_replaced(pools: list[WorkerPool]) -> None:
    pool = _pool(pools, size=1, seconds=0.3)

    async def go() -> tuple[int, int, float]:
        _, first = await pool.run("A", "a", "warm-up", 0.0)
        started = time.monotonic()
        with pytest.raises(Overran):
            await pool.run("A", "a", "forever", 60.0)
        waited = time.monotonic() - started
        assert not alive(first), "the worker that overran is still running"
        _, second = await pool.run("A", "a", "after", 0.0)
        return first, second, waited

    first, second, waited = asyncio.run(go())
    assert second != first and waited < 3.0
    assert list(bot_workers(os.getpid())) == [second]


def test_a_waiting_decision_that_is_no_longer_wanted_leaves_the_queue(
    pools: list[WorkerPool],
) -> None:
    pool = _pool(pools, size=1, seconds=5.0)

    async def go() -> None:
        blocker = asyncio.ensure_future(pool.run("A", "a", "blocker", 0.3))
        await _until_running(pool)
        dropped = asyncio.ensure_future(pool.run("B", "b", "dropped", 0.0))
        await asyncio.sleep(0.05)
        assert pool.waiting() == 1
        dropped.cancel()
        await asyncio.sleep(0)
        assert pool.waiting() == 0
        await blocker

    asyncio.run(go())


def test_closing_the_pool_kills_busy_workers_at_once(pools: list[WorkerPool]) -> None:
    pool = _pool(pools, size=2, seconds=60.0)

    async def go() -> list[int]:
        jobs = [asyncio.ensure_future(pool.run(n, n, "busy", 60.0)) for n in range(2)]
        await _until_running(pool, 2)
        pids = pool.pids()
        pool.close()
        await asyncio.gather(*jobs, return_exceptions=True)
        return pids

    pids = asyncio.run(go())
    assert len(pids) == 2
    deadline = time.monotonic() + 2
    while any(alive(pid) for pid in pids):
        assert time.monotonic() < deadline, "closed workers are still running"
        time.sleep(0.05)


def test_a_failing_task_is_an_error_and_its_worker_serves_on(pools: list[WorkerPool]) -> None:
    failing = TASK.replace(":label", ":fail")
    pool = _pool(pools, size=1, seconds=5.0, task=failing)

    async def go() -> None:
        with pytest.raises(RuntimeError, match="ValueError: broken"):
            await pool.run("A", "a", "broken")
        before = pool.pids()
        with pytest.raises(RuntimeError, match="again"):
            await pool.run("A", "a", "again")
        assert pool.pids() == before

    asyncio.run(go())


def test_a_job_that_does_not_pickle_is_refused_and_its_worker_serves_on(
    pools: list[WorkerPool],
) -> None:
    """A game state that cannot travel to a process (a lambda inside it, say) is an error
    the bots answer by thinking in a thread; the worker is not lost."""
    pool = _pool(pools, size=1, seconds=5.0)

    async def go() -> None:
        with pytest.raises(NotSent, match="pickle"):
            await pool.run("A", "a", lambda: None, 0.0)
        before = pool.pids()
        assert (await pool.run("A", "a", "after", 0.0))[0] == "after"
        assert pool.pids() == before and not pool._busy

    asyncio.run(go())
