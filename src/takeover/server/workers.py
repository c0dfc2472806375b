"""The server's bot CPU budget: a fixed set of worker processes, shared fairly.

Searching bots think in worker *processes* (never in the server's interpreter). There
are ``size`` of them, and decisions wait their turn in a :class:`FairQueue` keyed by
group (the address that created the table) and key (the table): the next decision is
the group's that holds the fewest workers now, among those the least recently served
(a group with nothing waiting or thinking starts afresh, ahead of the others), and in
that group the least recently served table's. A group may hold at most ``per_group``
workers at once, even while others are idle: the rest are kept for the other groups,
so that one creator with many tables of slow bots (each decision holding its worker
for seconds) leaves the other tables' decisions a worker at once. A decision has
``seconds`` of its worker from the moment it gets one (time spent waiting does not
count); a worker still busy after that (and a little grace) is killed and replaced,
and the caller hears :class:`Overran`. Workers die with the server, even one killed
with SIGKILL: on Linux the kernel is asked to kill them when their parent dies
(``PR_SET_PDEATHSIG``), and everywhere a thread in each worker exits it once its
parent is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger("takeover.server")

GRACE_SECONDS = 0.5
"""How long past its time a worker may take before it is killed (a bot that keeps to its
budget answers within a few milliseconds of it)."""
START_SECONDS = 60.0
"""How long a new worker may take to start (importing the bots)."""
PR_SET_PDEATHSIG = 1


class Overran(Exception):
    """The worker thinking for this decision ran past its time and was killed."""


class NotSent(Exception):
    """A job that could not be sent to a worker (its arguments do not pickle, say) or whose
    answer could not be read back; the worker is unharmed and takes the next job."""


class NoWorkers(RuntimeError):
    """Worker processes cannot run here (they die as they start)."""


# ---------------------------------------------------------------------- inside a worker
def die_with(parent: int) -> None:
    """End this process when ``parent`` does: the kernel's parent-death signal on Linux,
    and (everywhere) a thread that watches for a new parent."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it died before we asked
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def worker_main(
    conn: Connection, parent: int, warm: tuple[str, ...], task: str, nice: int = 0
) -> None:
    """A worker's life: say ready, then answer ``(args)`` with ``("ok", result)`` or
    ``("error", text)`` until the pipe closes. ``task`` is ``module:function``; ``nice``
    lowers the worker's CPU priority by that much."""
    die_with(parent)
    if nice:
        with contextlib.suppress(OSError, AttributeError):
            os.nice(nice)
    import importlib

    for module in warm:
        importlib.import_module(module)
    module, _, name = task.partition(":")
    run: Callable[..., Any] = getattr(importlib.import_module(module), name)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            args = conn.recv()
        except (EOFError, OSError):
            return
        if args is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", run(*args))
        except Exception as exc:
            reply = ("error", f"{type(exc).__name__}: {exc}")
        conn.send(reply)


# ---------------------------------------------------------------------- the pool
class Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(
        self, ctx: Any, warm: tuple[str, ...], task: str, label: str = "bot", nice: int = 0
    ) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(
            target=worker_main,
            args=(child, os.getpid(), warm, task, nice),
            name=f"takeover-{label}",
            daemon=True,
        )
        self.proc.start()
        child.close()
        self.killed = False

    @property
    def pid(self) -> int:
        return int(self.proc.pid or 0)

    def wait_ready(self) -> None:
        """Block until the worker says it is ready (in an I/O thread)."""
        if not self.conn.poll(START_SECONDS):
            raise NoWorkers("a worker did not start in time")
        try:
            self.conn.recv()
        except (EOFError, OSError):
            raise NoWorkers("a worker died as it started") from None

    def exchange(self, args: tuple[Any, ...]) -> tuple[str, Any]:
        """Send one job and wait for its answer (in an I/O thread); ``EOFError`` or
        ``OSError`` when the worker is killed meanwhile."""
        self.conn.send(args)
        reply: tuple[str, Any] = self.conn.recv()
        return reply

    def kill(self) -> None:
        """SIGKILL the process (a thread waiting on its pipe then hears the end)."""
        self.killed = True
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.proc.kill()

    def reap(self) -> None:
        """Close the pipe and collect the dead process (so that it leaves no zombie); only
        once no thread waits on the pipe."""
        with contextlib.suppress(OSError):
            self.conn.close()
        with contextlib.suppress(Exception):
            self.proc.join(1.0)


@dataclass(eq=False)
class Job:
    group: Hashable
    key: Hashable
    args: tuple[Any, ...]
    future: asyncio.Future[Any] | None = field(default=None, repr=False)
    """The caller's answer (``None``: nobody waits for one, as in the queue's tests)."""

    def wanted(self) -> bool:
        return self.future is None or not self.future.done()


@dataclass(eq=False)
class _Group:
    """One group's jobs waiting (per key, oldest first), and its share so far."""

    waiting: dict[Hashable, deque[Job]] = field(default_factory=dict)
    running: int = 0
    served: int = 0
    """When one of its jobs last went to a worker (0: not since it was last idle)."""
    keys_served: dict[Hashable, int] = field(default_factory=dict)
    """The same, per key."""


class FairQueue:
    """Jobs waiting for a worker, handed out fairly between groups, then between each
    group's keys (the tables of one creator); deterministic, no clock.

    :meth:`pop` takes the next job from the group that holds the fewest workers now
    (:meth:`done` gives one back), among those the least recently served; a group with
    nothing waiting or running is forgotten, so it comes back first. Within the group,
    its least recently served key's oldest job. A group holding ``per_group`` workers
    (0: no limit) waits until it gives one back, whoever else waits.

    >>> q = FairQueue(per_group=1)
    >>> for n in range(3):
    ...     q.push(Job("flood", f"t{n}", ()))
    >>> q.pop().key, q.pop()
    ('t0', None)
    >>> q.push(Job("another", "u", ()))
    >>> q.pop().group
    'another'
    """

    def __init__(self, per_group: int = 0) -> None:
        self.per_group = per_group
        self._groups: dict[Hashable, _Group] = {}
        self._stamp = 0

    def push(self, job: Job) -> None:
        group = self._groups.setdefault(job.group, _Group())
        group.waiting.setdefault(job.key, deque()).append(job)

    def pop(self) -> Job | None:
        """The next job that may go to a worker now (counted as running), if any."""
        while True:
            best: tuple[int, int] | None = None
            chosen = None
            for name, group in self._groups.items():
                if not group.waiting or (self.per_group and group.running >= self.per_group):
                    continue
                rank = (group.running, group.served)
                if best is None or rank < best:
                    best, chosen = rank, name
            if chosen is None:
                return None
            job = self._take(chosen)
            if job.wanted():
                return job
            self.done(job)

    def _take(self, name: Hashable) -> Job:
        group = self._groups[name]
        key = min(group.waiting, key=lambda k: group.keys_served.get(k, 0))
        jobs = group.waiting[key]
        job = jobs.popleft()
        if not jobs:
            del group.waiting[key]
        self._stamp += 1
        group.served = group.keys_served[key] = self._stamp
        group.running += 1
        if len(group.keys_served) > 2 * len(group.waiting) + 64:  # keep it bounded
            group.keys_served = {k: group.keys_served.get(k, 0) for k in group.waiting}
        return job

    def done(self, job: Job) -> None:
        """``job`` (from :meth:`pop`) gave its worker back."""
        group = self._groups.get(job.group)
        if group is not None:
            group.running -= 1
            self._forget_if_idle(job.group, group)

    def remove(self, job: Job) -> None:
        """Take ``job`` out while it waits (its caller gave up)."""
        group = self._groups.get(job.group)
        jobs = group.waiting.get(job.key) if group is not None else None
        if group is None or jobs is None or job not in jobs:
            return
        jobs.remove(job)
        if not jobs:
            del group.waiting[job.key]
        self._forget_if_idle(job.group, group)

    def _forget_if_idle(self, name: Hashable, group: _Group) -> None:
        if group.running <= 0 and not group.waiting:
            del self._groups[name]

    def drain(self) -> list[Job]:
        """Every waiting job, taken out (whatever the limit per group)."""
        jobs = [
            job
            for group in self._groups.values()
            for waiting in group.waiting.values()
            for job in waiting
        ]
        for group in self._groups.values():
            group.waiting.clear()
        self._groups = {k: g for k, g in self._groups.items() if g.running > 0}
        return jobs

    def __len__(self) -> int:
        return sum(len(jobs) for g in self._groups.values() for jobs in g.waiting.values())

    def running(self, group: Hashable) -> int:
        """How many workers ``group`` holds now."""
        found = self._groups.get(group)
        return found.running if found is not None else 0


class WorkerPool:
    """``size`` worker processes running ``task`` (``module:function``), shared fairly
    between groups and keys (a creator and its tables); one group holds at most
    ``per_group`` of them at once (0: no limit). ``label`` names them in the process list
    and the log (``bot``, ``replay``)."""

    def __init__(
        self,
        size: int,
        seconds: float,
        task: str,
        warm: tuple[str, ...] = (),
        per_group: int = 0,
        label: str = "bot",
        nice: int = 0,
    ) -> None:
        self.size = max(1, size)
        self.label = label
        self.nice = nice
        """How much lower the workers' CPU priority is than the server's."""
        self.seconds = seconds
        self.task = task
        self.warm = warm
        self._ctx = multiprocessing.get_context("spawn")
        # one thread per worker waits on its pipe; as many again for replacements starting
        self._io = ThreadPoolExecutor(max_workers=2 * self.size, thread_name_prefix=f"{label}-io")
        self._idle: list[Worker] = []
        self._busy: set[Worker] = set()
        self._starting = 0
        self._failed_starts = 0
        self._queue = FairQueue(per_group)
        self._closed = False

    # ------------------------------------------------------------------ asking
    async def run(self, group: Hashable, key: Hashable, *args: Any) -> Any:
        """``task(*args)`` in a worker, when this key's turn comes; :class:`Overran` if it
        ran past its time, :class:`NoWorkers` if no worker can start here."""
        if self._closed:
            raise RuntimeError(f"the {self.label} workers are closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        job = Job(group, key, args, future)
        self._queue.push(job)
        self._fill()
        self._dispatch()
        try:
            return await future
        except asyncio.CancelledError:
            self._forget(job)
            raise

    def pids(self) -> list[int]:
        """The worker processes alive now."""
        return [w.pid for w in (*self._idle, *self._busy) if not w.killed]

    def waiting(self) -> int:
        return len(self._queue)

    def would_wait(self) -> int:
        """How many jobs would be waiting for a worker with one more asked for now."""
        return max(0, len(self._busy) + self.waiting() + 1 - self.size)

    # ------------------------------------------------------------------ the fair queue
    def _forget(self, job: Job) -> None:
        self._queue.remove(job)

    def _dispatch(self) -> None:
        while self._idle:
            job = self._queue.pop()
            if job is None:
                return
            worker = self._idle.pop()
            self._busy.add(worker)
            asyncio.get_running_loop().create_task(self._run_on(worker, job))

    async def _run_on(self, worker: Worker, job: Job) -> None:
        loop = asyncio.get_running_loop()
        exchange = loop.run_in_executor(self._io, worker.exchange, job.args)
        try:
            reply = await asyncio.wait_for(asyncio.shield(exchange), self.seconds + GRACE_SECONDS)
        except TimeoutError:
            log.warning(
                "a %s worker ran past %.1fs; killing it and starting another",
                self.label,
                self.seconds,
            )
            await self._retire(worker, exchange)
            self._finish(job, error=Overran(f"the bot took longer than {self.seconds:g} s"))
            return
        except (EOFError, OSError) as exc:
            if not self._closed:
                log.error("a %s worker died (%s); starting another", self.label, type(exc).__name__)
            await self._retire(worker, exchange)
            self._finish(job, error=Overran("the bot's worker died"))
            return
        except Exception as exc:  # pickling, before anything was sent (or after all was read)
            reply = ("not_sent", f"{type(exc).__name__}: {exc}")
        self._busy.discard(worker)
        if self._closed:
            worker.kill()
            worker.reap()
        else:
            self._idle.append(worker)
        kind, value = reply
        if kind == "ok":
            self._finish(job, result=value)
        elif kind == "not_sent":
            self._finish(job, error=NotSent(value))
        else:
            self._finish(job, error=RuntimeError(value))

    def _finish(self, job: Job, result: Any = None, error: BaseException | None = None) -> None:
        """``job`` is over: its group gives its worker back, its caller hears, and the
        next jobs go to the free workers (one may have waited for this group's turn)."""
        self._queue.done(job)
        self._settle(job, result, error)
        if not self._closed:
            self._dispatch()

    @staticmethod
    def _settle(job: Job, result: Any = None, error: BaseException | None = None) -> None:
        if job.future is None or job.future.done():
            return
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)

    # ------------------------------------------------------------------ workers
    def _fill(self) -> None:
        """Start workers up to ``size`` (from the event loop's thread, which lives as long
        as the server: the kernel's parent-death signal follows the starting thread)."""
        while not self._closed and len(self._idle) + len(self._busy) + self._starting < self.size:
            self._starting += 1
            asyncio.get_running_loop().create_task(self._start_one())

    async def _start_one(self) -> None:
        try:
            worker = Worker(self._ctx, self.warm, self.task, self.label, self.nice)
        except Exception:
            self._starting -= 1
            self._no_workers(NoWorkers(f"{self.label} worker processes cannot start here"))
            return
        try:
            await asyncio.get_running_loop().run_in_executor(self._io, worker.wait_ready)
        except NoWorkers as exc:
            self._starting -= 1
            worker.kill()
            worker.reap()
            self._failed_starts += 1
            if self._failed_starts >= 3:
                self._no_workers(exc)
            elif not self._closed:
                self._fill()
            return
        self._starting -= 1
        self._failed_starts = 0
        if self._closed:
            worker.kill()
            return
        self._idle.append(worker)
        self._dispatch()

    def _no_workers(self, exc: NoWorkers) -> None:
        """Nothing can run: every waiting job hears it (the caller plays a default)."""
        log.error("%s", exc)
        for job in self._queue.drain():
            self._settle(job, error=exc)

    async def _retire(self, worker: Worker, exchange: asyncio.Future[Any]) -> None:
        """Kill ``worker`` and wait until it is gone (so that its caller, told next, finds
        no trace of it), then start another."""
        worker.kill()
        with contextlib.suppress(Exception):
            await exchange  # the thread waiting on its pipe hears the end
        self._busy.discard(worker)
        try:
            await asyncio.get_running_loop().run_in_executor(self._io, worker.reap)
        except RuntimeError:  # the pool is closing: no threads left
            worker.reap()
        if not self._closed:
            self._fill()

    def close(self) -> None:
        """Kill every worker at once (their work is of no use to a stopping server)."""
        self._closed = True
        for worker in (*self._idle, *self._busy):
            worker.kill()
        for worker in self._idle:  # (a busy one's pipe is closed by the task waiting on it)
            worker.reap()
        self._idle.clear()
        for job in self._queue.drain():
            self._settle(job, error=RuntimeError("the server is stopping"))
        self._io.shutdown(wait=False, cancel_futures=True)
