"""The broker: news between server instances over Redis pub/sub.

An announcement says only *what* changed ("table X is at seq N", "table X's
seats or status changed", "table X was removed", a chat line); every instance
reads the game itself from the store, so a lost or forged message can delay an
update but never corrupt a game. Publishing goes through one queue and one
connection, so an instance's announcements arrive in the order it made them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("takeover.server.broker")

CHANNEL = "takeover:tables"
MAX_QUEUED = 10_000

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Broker:
    def __init__(self, url: str, instance: str, channel: str = CHANNEL) -> None:
        import redis.asyncio as redis

        self.url = url
        self.instance = instance
        self.channel = channel
        self.client = redis.Redis.from_url(url, health_check_interval=10)
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self.subscribed = asyncio.Event()

    def start(self, handler: Handler, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Begin publishing and listening (needs a running loop)."""
        self._tasks = [
            asyncio.create_task(self._publish_loop()),
            asyncio.create_task(self._listen_loop(handler, on_reconnect)),
        ]

    def announce(self, kind: str, table_id: str, **fields: Any) -> None:
        """Queue an announcement (never waits: the publisher sends it soon, in order)."""
        if self._outbox.qsize() >= MAX_QUEUED:
            return  # Redis has been away a while: the instances' periodic resync catches up
        message = {"k": kind, "t": table_id, "i": self.instance, **fields}
        self._outbox.put_nowait(json.dumps(message, separators=(",", ":")))

    async def ping(self) -> bool:
        try:
            return bool(await asyncio.wait_for(self.client.ping(), 2.0))
        except Exception:
            return False

    async def close(self) -> None:
        """Send what is queued, then stop."""
        self._outbox.put_nowait(None)
        if self._tasks:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._tasks[0]), 3.0)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(Exception):
            await self.client.aclose()

    # ------------------------------------------------------------------ loops
    async def _publish_loop(self) -> None:
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 256:
                batch.append(self._outbox.get_nowait())
            done = None in batch
            batch = [m for m in batch if m is not None]
            while batch:
                try:
                    async with self.client.pipeline(transaction=False) as pipe:
                        for message in batch:
                            pipe.publish(self.channel, message)
                        await pipe.execute()
                    batch = []
                except Exception as exc:  # Redis away: keep the news and try again
                    log.warning("cannot publish to the broker (%s); retrying", exc)
                    await asyncio.sleep(0.5)
            if done:
                return

    async def _listen_loop(
        self, handler: Handler, on_reconnect: Callable[[], Awaitable[None]]
    ) -> None:
        delay = 0.2
        first = True
        while True:
            pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self.subscribed.set()
                if not first:
                    log.info("broker reconnected: catching up from the store")
                    await on_reconnect()
                first, delay = False, 0.2
                while True:
                    message = await pubsub.get_message(timeout=5.0)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        data = json.loads(message["data"])
                    except ValueError:
                        log.warning("ignoring a malformed broker message")
                        continue
                    if not isinstance(data, dict) or data.get("i") == self.instance:
                        continue
                    try:
                        await handler(data)
                    except Exception:
                        log.exception("handling broker message %r failed", data)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.subscribed.clear()
                first = False
                log.warning("broker connection lost (%s); reconnecting", exc)
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
