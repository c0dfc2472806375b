"""The broker on the real Redis: news arrives in order, one's own and malformed news is dropped,
and a lost connection is made again by the client's retry policy."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from takeover.server.broker import Broker, News, SeqNews


def test_announcements_reach_the_other_instance_in_order(redis_url: str) -> None:
    channel = f"takeover:test:{uuid.uuid4().hex}"

    async def main() -> tuple[list[News], list[News]]:
        one, two = Broker(redis_url, "one", channel), Broker(redis_url, "two", channel)
        heard: dict[str, list[News]] = {"one": [], "two": []}

        def handler(name: str) -> Any:
            async def handle(message: News) -> None:
                heard[name].append(message)

            return handle

        async def nothing() -> None:
            pass

        one.start(handler("one"), nothing)
        two.start(handler("two"), nothing)
        await asyncio.wait_for(asyncio.gather(one.subscribed.wait(), two.subscribed.wait()), 5)
        await one.client.publish(channel, "not json")  # ignored, and the listener goes on
        await one.client.publish(channel, '{"k": "seq", "t": "T1", "i": "x", "seq": "9"}')
        await one.client.publish(channel, '{"k": "fly", "t": "T1", "i": "x"}')
        for seq in range(1, 51):
            one.announce(SeqNews(table="T1", instance="one", seq=seq))
        for _ in range(250):
            if len(heard["two"]) >= 50:
                break
            await asyncio.sleep(0.02)
        assert await one.ping()
        await one.close()
        await two.close()
        return heard["one"], heard["two"]

    mine, theirs = asyncio.run(main())
    assert mine == []  # an instance never hears itself
    assert theirs == [SeqNews(table="T1", instance="one", seq=seq) for seq in range(1, 51)]


def test_ping_fails_without_redis() -> None:
    async def main() -> bool:
        broker = Broker("redis://127.0.0.1:1/0", "x")
        try:
            return await broker.ping()
        finally:
            await broker.client.aclose()

    assert asyncio.run(main()) is False


class _Proxy:
    """A TCP relay to Redis that can drop every connection and refuse new ones for a while."""

    def __init__(self, target: str) -> None:
        from redis.asyncio.connection import parse_url

        parts = parse_url(target)
        self.host, self.port = parts.get("host", "127.0.0.1"), parts.get("port", 6379)
        self.server: asyncio.Server | None = None
        self.listen_port = 0
        self.links: set[asyncio.StreamWriter] = set()

    async def open(self) -> None:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", self.listen_port)
        self.listen_port = self.server.sockets[0].getsockname()[1]

    async def cut(self) -> None:
        assert self.server is not None
        self.server.close()
        for writer in list(self.links):
            writer.transport.abort()
        await self.server.wait_closed()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.host, self.port)
        self.links |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


def test_a_lost_connection_comes_back_and_the_instance_catches_up(redis_url: str) -> None:
    channel = f"takeover:test:{uuid.uuid4().hex}"

    async def main() -> tuple[list[int], bool]:
        proxy = _Proxy(redis_url)
        await proxy.open()
        sender = Broker(redis_url, "sender", channel)
        listener = Broker(f"redis://127.0.0.1:{proxy.listen_port}/0", "listener", channel)
        heard: list[int] = []
        caught_up = asyncio.Event()

        async def hear(news: News) -> None:
            assert isinstance(news, SeqNews)
            heard.append(news.seq)

        async def catch_up() -> None:
            caught_up.set()

        async def nothing() -> None:
            pass

        sender.start(hear, nothing)
        listener.start(hear, catch_up)
        await asyncio.wait_for(listener.subscribed.wait(), 5)
        await asyncio.wait_for(sender.subscribed.wait(), 5)
        sender.announce(SeqNews(table="T", instance="sender", seq=1))
        for _ in range(250):
            if heard:
                break
            await asyncio.sleep(0.02)
        await proxy.cut()  # Redis is away for the listener ...
        for _ in range(250):
            if not listener.listening():
                break
            await asyncio.sleep(0.02)
        away = not listener.listening() and not await listener.ping()
        await proxy.open()  # ... and back, on the same port: the client's retry reconnects
        await asyncio.wait_for(caught_up.wait(), 20)
        for _ in range(250):
            if listener.listening():
                break
            await asyncio.sleep(0.02)
        sender.announce(SeqNews(table="T", instance="sender", seq=2))
        for _ in range(250):
            if len(heard) >= 2:
                break
            await asyncio.sleep(0.02)
        await sender.close()
        await listener.close()
        await proxy.cut()
        return heard, away

    heard, away = asyncio.run(main())
    assert away  # the listener saw Redis go (not ready meanwhile)
    assert heard == [1, 2]  # news before and after, through the renewed subscription
