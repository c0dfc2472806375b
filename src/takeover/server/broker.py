"""The broker: news between server instances over Redis pub/sub.

An announcement says only *what* changed ("table X is at seq N", "table X's
seats or status changed", "table X was removed", a chat line); every instance
reads the game itself from the store, so a lost or forged message can delay an
update but never corrupt a game. Announcements are a tagged union (:data:`News`)
with short field names on the wire (``k`` the kind, ``t`` the table, ``i`` the
instance, ``p`` presence). Publishing goes through one queue and one connection,
so an instance's announcements arrive in the order it made them. Redis going
away is the client's business: its retry policy (exponential backoff, without
end) reconnects, and the subscription is renewed on each new connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from redis.asyncio.client import PubSub

log = logging.getLogger("takeover.server.broker")

CHANNEL = "takeover:tables"
MAX_QUEUED = 10_000


# ---------------------------------------------------------------------- the news
class Announcement(msgspec.Struct, tag_field="k", kw_only=True):
    table: str = msgspec.field(name="t")
    instance: str = msgspec.field(name="i")


Presence = list[tuple[int | None, int]]
"""``[[seat, connections], ...]`` at one instance (``None``: spectators)."""


class SeqNews(Announcement, tag="seq"):
    seq: int


class TableNews(Announcement, tag="table"):
    """Seats, status or presence changed (with the sender's presence)."""

    presence: Presence = msgspec.field(name="p", default_factory=list)


class PresenceNews(Announcement, tag="presence"):
    """The sender's presence, repeated now and then (a report counts for a while)."""

    presence: Presence = msgspec.field(name="p", default_factory=list)


class ChatNews(Announcement, tag="chat"):
    seat: int | None
    name: str
    text: str
    at: float


class RemovedNews(Announcement, tag="removed"):
    pass


News = SeqNews | TableNews | PresenceNews | ChatNews | RemovedNews

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(News).decode

Handler = Callable[[News], Awaitable[None]]
CatchUp = Callable[[], Coroutine[Any, Any, None]]


class Broker:
    def __init__(self, url: str, instance: str, channel: str = CHANNEL) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialWithJitterBackoff
        from redis.exceptions import ConnectionError, TimeoutError

        self.url = url
        self.instance = instance
        self.channel = channel
        self.client = redis.Redis.from_url(
            url,
            health_check_interval=10,
            retry=Retry(ExponentialWithJitterBackoff(cap=5.0, base=0.2), retries=-1),
            retry_on_error=[ConnectionError, TimeoutError],
        )
        self._outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: PubSub | None = None
        self._on_reconnect: CatchUp | None = None
        self._catching_up: set[asyncio.Task[None]] = set()
        self.subscribed = asyncio.Event()

    def start(self, handler: Handler, on_reconnect: CatchUp) -> None:
        """Begin publishing and listening (needs a running loop); ``on_reconnect`` runs
        after each new connection of the subscription (news may have been lost)."""
        self._tasks = [
            asyncio.create_task(self._publish_loop()),
            asyncio.create_task(self._listen_loop(handler, on_reconnect)),
        ]

    def announce(self, news: News) -> None:
        """Queue an announcement (never waits: the publisher sends it soon, in order)."""
        if self._outbox.qsize() >= MAX_QUEUED:
            return  # Redis has been away a while: the instances' periodic resync catches up
        self._outbox.put_nowait(_encode(news))

    def listening(self) -> bool:
        """Whether the subscription is live (subscribed, connected, the listener running)."""
        pubsub, tasks = self._pubsub, self._tasks
        return (
            self.subscribed.is_set()
            and pubsub is not None
            and pubsub.connection is not None
            and pubsub.connection.is_connected
            and len(tasks) == 2
            and not tasks[1].done()
        )

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
            try:  # the client retries while Redis is away, so the news waits meanwhile
                async with self.client.pipeline(transaction=False) as pipe:
                    for message in batch:
                        if message is not None:
                            pipe.publish(self.channel, message)
                    await pipe.execute()
            except Exception:
                log.exception("cannot publish %d announcements; dropped", len(batch))
            if done:
                return

    async def _listen_loop(self, handler: Handler, on_reconnect: CatchUp) -> None:
        self._on_reconnect = on_reconnect
        self._pubsub = pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.channel)  # waits (retrying) until Redis answers
            # called after the client's own callback, which renews the subscription
            assert pubsub.connection is not None  # (subscribing made it)
            pubsub.connection.register_connect_callback(self._reconnected)
            self.subscribed.set()
            while True:
                message = await pubsub.get_message(timeout=5.0)
                if message is None or message.get("type") != "message":
                    continue
                try:
                    news = _decode(message["data"])
                except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
                    log.warning("ignoring a malformed broker message (%s)", exc)
                    continue
                if news.instance == self.instance:
                    continue
                try:
                    await handler(news)
                except Exception:
                    log.exception("handling broker message %r failed", news)
        finally:
            self.subscribed.clear()
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]

    async def _reconnected(self, _connection: Any) -> None:
        """The subscription has a new connection: news may have been lost meanwhile."""
        log.info("broker reconnected: catching up from the store")
        if self._on_reconnect is not None:
            task = asyncio.get_running_loop().create_task(self._on_reconnect())
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)
