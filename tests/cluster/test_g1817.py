"""A 1817 table across two instances: a person at each, watchers at both, the bots' instance
killed mid-game and its bots taken over by the other.

Play goes on until the table rests: the game over, or a decision nobody here takes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from .instances import Instance, Player, actions, check_in_order, lease_holder


async def settle(instance: Instance, table_id: str, quiet: float = 2.0) -> int:
    """The table's ``seq`` once it has not moved for ``quiet`` seconds (bots act at once)."""
    seq, since = -1, time.monotonic()
    while True:
        now = instance.get(f"/api/tables/{table_id}")["seq"]
        if now != seq:
            seq, since = now, time.monotonic()
        elif time.monotonic() - since > quiet:
            return seq
        await asyncio.sleep(0.1)


@pytest.mark.slow
def test_a_1817_table_across_two_instances(spawn: Callable[..., list[Instance]]) -> None:
    a, b = spawn(2, bot_delay=0.05)
    made = a.post(
        "/api/tables",
        game="1817",
        seats=4,
        ruleset="1817NA",
        bots={"2": "random", "3": "random"},
    )
    table_id = made["table"]["id"]
    tokens = [
        i.post(f"/api/tables/{table_id}/join", name=f"P{n}")["token"] for n, i in enumerate((a, b))
    ]
    ann, bob = Player("ann@a", tokens[0], 1), Player("bob@b", tokens[1], 2)
    watch_a, watch_b = Player("watch@a", None), Player("watch@b", None)
    everyone = (ann, bob, watch_a, watch_b)

    async def main() -> tuple[int, int, Player]:
        for player, at in zip(everyone, (a, b, a, b), strict=True):
            await player.connect(at, table_id)
        await asyncio.sleep(0.3)
        a.post(f"/api/tables/{table_id}/start", token=tokens[0])
        tasks = [asyncio.create_task(p.play()) for p in everyone]
        # once a few actions are in, the instance driving the bots dies without a word
        while not watch_b.states or watch_b.states[-1]["seq"] < 6:
            await asyncio.sleep(0.02)
        holder = lease_holder(a.database, table_id)
        doomed, survivor = (a, b) if holder == a.name else (b, a)
        assert holder == doomed.name
        kill_seq = watch_b.states[-1]["seq"] if survivor is b else watch_a.states[-1]["seq"]
        doomed.kill()
        stayed = [p for p, at in zip(everyone, (a, b, a, b), strict=True) if at is survivor]
        moved = [p for p in everyone if p not in stayed and p.token is not None]
        for p in moved:  # a browser reconnects to the live instance
            await p.close()
            await p.connect(survivor, table_id)
            tasks.append(asyncio.create_task(p.play()))
        end = await asyncio.wait_for(settle(survivor, table_id), 60)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for p in everyone:
            await p.close()
        assert "took over the bots of table" in survivor.log.read_text()
        return kill_seq, end, watch_b if survivor is b else watch_a

    kill_seq, end, survivor_watch = asyncio.run(main())
    assert end > kill_seq
    stored = actions(a.database, table_id)
    assert [seq for seq, _ in stored] == list(range(1, end + 1))
    assert {2, 3} & {seat for seq, seat in stored if seq > kill_seq}, "no bot moved after the kill"
    for p in everyone:  # (a decision several seats may take goes to the first: the others, stale)
        assert all(e["code"] == "stale" for e in p.errors), (p.name, p.errors[:3])
    # the watcher at the surviving instance saw every update once, in order, all of 1817
    check_in_order(survivor_watch)
    assert all(m["game"] == "1817" for m in survivor_watch.states)
    last = survivor_watch.states[-1]
    assert last["seq"] == end
