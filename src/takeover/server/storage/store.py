"""The asynchronous face of the repository: one database thread with group commit.

The event loop never waits on the database: work is queued to a single thread,
which runs whatever has queued up meanwhile in one transaction (group commit),
then wakes each waiter. A failing batch is retried one operation per transaction,
so one refused write (a stale action) never sinks its neighbours.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Connection

from takeover.server.storage.repository import Repository

T = TypeVar("T")
_Job = tuple[Callable[[Connection], Any], asyncio.Future[Any], asyncio.AbstractEventLoop]

MAX_BATCH = 512


class Store:
    def __init__(self, url: str) -> None:
        self.repo = Repository(url)
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._conn: Connection | None = None

    def open(self) -> None:
        from takeover.server.migrations import upgrade

        upgrade(self.repo.engine)  # the schema at its newest revision (Alembic)
        self._thread = threading.Thread(target=self._run, name="takeover-store", daemon=True)
        self._thread.start()

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
        while True:  # wake anyone still waiting: their work will not run
            try:
                job = self._queue.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                _wake(job[2], job[1], None, RuntimeError("the store is closed"))
        self.repo.close()

    def run_sync(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in a transaction on the caller's thread (start-up, tests)."""
        with self.repo.engine.begin() as conn:
            return fn(conn)

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(connection)`` in a committed transaction on the database thread."""
        if self._thread is None:
            raise RuntimeError("the store is not open")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((fn, future, loop))
        return await future

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        try:
            self._serve()
        finally:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _serve(self) -> None:
        stop = False
        while not stop:
            job = self._queue.get()
            if job is None:
                break
            batch = [job]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._execute(batch)

    def _connection(self) -> Connection:
        """The thread's own connection, kept between batches (checking one out of the
        pool per batch cost as much as the writes); replaced once it is broken."""
        conn = self._conn
        if conn is None or conn.closed or conn.invalidated:
            if conn is not None:
                conn.close()
            conn = self._conn = self.repo.engine.connect()
        return conn

    def _execute(self, batch: list[_Job]) -> None:
        if len(batch) > 1:
            try:
                conn = self._connection()
                with conn.begin():
                    results = [fn(conn) for fn, _, _ in batch]
            except Exception:
                pass  # retried one by one below, so that each waiter gets its own outcome
            else:
                for (_, future, loop), result in zip(batch, results, strict=True):
                    _wake(loop, future, result, None)
                return
        for fn, future, loop in batch:
            try:
                conn = self._connection()
                with conn.begin():
                    result = fn(conn)
            except Exception as exc:
                _wake(loop, future, None, exc)
            else:
                _wake(loop, future, result, None)


def _wake(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    result: Any,
    error: BaseException | None,
) -> None:
    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        loop.call_soon_threadsafe(_settle, future, result, error)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
