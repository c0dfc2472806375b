"""Work whose cost grows with a record, away from the event loop: reading an upload, the
replay viewer's steps, and the records of imported and finished games.

Such a job runs in one of ``replay_workers`` worker *processes* (the machinery of the
bots', :class:`~takeover.server.workers.WorkerPool`): a fair queue that takes turns
between client addresses, then between games, and a deadline (``replay_seconds``).
The job watches the deadline itself between actions and stops with ``timeout``; a
worker still busy a moment after it is killed and replaced all the same. Past
``replay_queue`` jobs waiting, one more is refused with ``busy``.

Why processes and not threads: replaying a record is pure Python, and a thread of the
server's interpreter holds the interpreter while it runs. The event loop then gets it
back only every few milliseconds (the interpreter's switch interval), and not at all
during one long call into C (decoding or encoding a large JSON document), so one heavy
request slows every other request of the server, and several of them, all of its
threads together; nor can a thread be stopped at a deadline. A worker process runs
beside the event loop, on another core where there is one, and can be killed.
``replay_workers = 0`` runs the jobs in threads all the same (where processes cannot
start): the deadline then only holds for the jobs that watch it.

A job is ``module:function`` called with a :class:`Deadline` and its arguments; it
answers a value, or raises :class:`~takeover.server.errors.MasterError` (refused: the
route answers its code). Workers read and write the store themselves (a record need
not travel between processes), through :func:`repository`.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from takeover.server.config import Settings
from takeover.server.errors import MasterError
from takeover.server.storage.repository import Repository
from takeover.server.workers import GRACE_SECONDS, NotSent, NoWorkers, Overran, WorkerPool

log = logging.getLogger("takeover.server")

TASK = "takeover.server.replays:work"
"""What a replay worker runs: :func:`work`."""
WARM = ("takeover.server.imports", "takeover.server.archive", "takeover.acquire", "takeover.g1817")
"""Modules a worker imports before it says it is ready."""
THREADS = 4
"""Threads for the jobs with ``replay_workers = 0``, or where a job cannot go to a worker."""


class Deadline:
    """When a job must stop: :meth:`check` raises ``MasterError("timeout")`` after it.
    ``Deadline(None)``: never."""

    __slots__ = ("at",)

    def __init__(self, seconds: float | None) -> None:
        self.at = None if seconds is None else time.monotonic() + seconds

    def check(self) -> None:
        if self.at is not None and time.monotonic() > self.at:
            raise MasterError("timeout", "")


# ---------------------------------------------------------------------- in a worker
def work(job: str, seconds: float, *args: Any) -> tuple[str, Any, str]:
    """Run ``job`` (``module:function``) with a deadline ``seconds`` from now:
    ``("ok", value, "")``, or ``("refused", code, message)`` for a ``MasterError``."""
    try:
        return ("ok", _function(job)(Deadline(seconds), *args), "")
    except MasterError as exc:
        return ("refused", exc.code, exc.message)


_functions: dict[str, Callable[..., Any]] = {}


def _function(job: str) -> Callable[..., Any]:
    fn = _functions.get(job)
    if fn is None:
        module, _, name = job.partition(":")
        fn = _functions[job] = getattr(importlib.import_module(module), name)
    return fn


_repositories: dict[str, Repository] = {}
_repositories_lock = threading.Lock()


def repository(database: str) -> Repository:
    """This process's own repository for the store at ``database`` (made once)."""
    with _repositories_lock:
        repo = _repositories.get(database)
        if repo is None:
            repo = _repositories[database] = Repository(database)
        return repo


def forget_repository(database: str) -> None:
    """Close this process's repository for ``database`` (a server closing)."""
    with _repositories_lock:
        repo = _repositories.pop(database, None)
    if repo is not None:
        repo.close()


# ---------------------------------------------------------------------- the server's side
class Replays:
    """The replay workers of one server: :meth:`run` a job, within the deadline."""

    def __init__(self, settings: Settings, task: str = TASK) -> None:
        self.seconds = settings.replay_seconds
        self.queue = settings.replay_queue
        self.database = settings.database
        self.task = task
        self.pool: WorkerPool | None = None
        if settings.replay_workers > 0:
            self.pool = WorkerPool(
                settings.replay_workers, self.seconds, task, WARM, label="replay"
            )
        self._threads = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="replay")
        self._in_threads = 0

    def would_wait(self) -> int:
        """How many jobs would wait for a worker (or a thread) with one more asked for."""
        if self.pool is not None:
            return self.pool.would_wait()
        return max(0, self._in_threads + 1 - THREADS)

    async def run(self, group: str, key: str, job: str, *args: Any, what: str = "") -> Any:
        """``job(deadline, *args)`` in a worker, when ``group``'s and then ``key``'s turn
        comes (a client address and a game); its value, or ``MasterError``: the job's
        own, ``timeout`` past the deadline, ``busy`` when too many jobs wait."""
        if self.would_wait() > self.queue:
            raise MasterError(
                "busy", "the server is busy replaying other games: try again in a moment"
            )
        reply = await self._reply(group, key, job, args)
        kind, value, message = reply
        if kind == "ok":
            return value
        if value == "timeout":
            raise self._timeout(what)
        raise MasterError(value, message)

    async def _reply(self, group: str, key: str, job: str, args: tuple[Any, ...]) -> Any:
        pool = self.pool
        if pool is not None:
            try:
                return await pool.run(group, key, job, self.seconds, *args)
            except Overran:
                return ("refused", "timeout", "")
            except NoWorkers:
                if self.pool is pool:  # (the first of the jobs that heard it)
                    log.warning("replays cannot run in worker processes here; using threads")
                    self.pool = None
                    pool.close()
            except NotSent as exc:
                log.warning("a replay job cannot go to a worker (%s); using a thread", exc)
            except RuntimeError as exc:  # the job failed in the worker: a bug
                log.error("a replay job failed: %s", exc)
                raise MasterError("internal", "the server failed on this request") from None
        loop = asyncio.get_running_loop()
        run = _function(self.task)
        self._in_threads += 1
        try:
            done = loop.run_in_executor(self._threads, run, job, self.seconds, *args)
            return await asyncio.wait_for(done, self.seconds + GRACE_SECONDS)
        except TimeoutError:
            return ("refused", "timeout", "")
        finally:
            self._in_threads -= 1

    def _timeout(self, what: str) -> MasterError:
        return MasterError(
            "timeout",
            f"{what or 'this'} took longer than {self.seconds:g} s, the most the server "
            "spends on one request (replay_seconds)",
        )

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
        self._threads.shutdown(wait=False, cancel_futures=True)
        forget_repository(self.database)
