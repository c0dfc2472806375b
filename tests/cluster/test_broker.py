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
