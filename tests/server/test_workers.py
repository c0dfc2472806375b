"""The bot worker pool: a fixed number of processes, a fair queue, overruns killed."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from takeover.server.workers import FairQueue, Job, NotSent, Overran, WorkerPool

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


def _flooded(per_group: int = 0) -> FairQueue:
    """A queue in which one address's 40 tables each wait with six decisions."""
    queue = FairQueue(per_group)
    for decision in range(6):
        for table in range(40):
            queue.push(Job("flood", f"t{table}", (decision,)))
    return queue


def _next(queue: FairQueue) -> Job:
    job = queue.pop()
    assert job is not None, "no job may go to a worker"
    return job


def test_another_address_is_served_next_while_one_floods_the_workers() -> None:
    queue = _flooded()
    running = [_next(queue), _next(queue)]  # both workers think for the flood
    assert [job.key for job in running] == ["t0", "t1"]
    queue.push(Job("other", "mine", ("first",)))
    mine = _next(queue)
    assert mine.group == "other"
    queue.done(running[0])
    queue.done(mine)
    queue.push(Job("other", "mine", ("second",)))  # its next decision, after its move
    assert _next(queue).args == ("second",)
    assert _next(queue).key == "t2"  # the flood's turn again


def test_the_address_holding_fewer_workers_goes_first() -> None:
    queue = FairQueue()
    for n in range(3):
        queue.push(Job("A", f"a{n}", ()))
        queue.push(Job("B", f"b{n}", ()))
    order = [_next(queue) for _ in range(4)]
    assert [job.group for job in order] == ["A", "B", "A", "B"]
    assert queue.running("A") == queue.running("B") == 2
    queue.done(order[1])  # B gives a worker back
    queue.push(Job("A", "a9", ()))
    assert _next(queue).group == "B"


def test_one_address_holds_at_most_its_share_of_the_workers() -> None:
    queue = _flooded(per_group=1)
    first = _next(queue)
    assert queue.pop() is None  # the other worker waits for another address
    queue.push(Job("other", "mine", ()))
    assert _next(queue).group == "other"
    queue.done(first)
    assert _next(queue).key == "t1"  # the flood's next table
    assert len(queue) == 238


def test_a_table_of_the_flood_waits_its_turn_among_its_creator_s_tables() -> None:
    queue = _flooded(per_group=1)
    served = []
    for _ in range(80):
        job = _next(queue)
        served.append(job.key)
        queue.done(job)
        queue.push(Job("flood", job.key, ()))  # each table asks again at once
    assert served[:40] == [f"t{n}" for n in range(40)] and served[40:] == served[:40]


def test_a_flooding_address_leaves_the_other_worker_to_others(pools: list[WorkerPool]) -> None:
    pool = WorkerPool(2, 60.0, TASK, per_group=1)
    pools.append(pool)

    async def go() -> tuple[int, int]:
        flood = [asyncio.ensure_future(pool.run("flood", f"t{n}", "slow", 60.0)) for n in range(3)]
        await pool.run("other", "mine", "quick", 0.0)  # while the flood's first still thinks
        waiting, holding = pool.waiting(), pool._queue.running("flood")
        for job in flood:
            job.cancel()
        return waiting, holding

    assert asyncio.run(go()) == (2, 1)


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
