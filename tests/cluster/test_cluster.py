"""Several ``takeover serve`` instances on one PostgreSQL and one Redis, as real processes."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Callable

import httpx2

from .instances import (
    Instance,
    Player,
    actions,
    check_in_order,
    check_record,
    lease_holder,
    wait_for,
)


def _table(at: Instance, seats: int, bots: dict[str, str], humans: list[Instance]) -> tuple:
    """A started table at ``at`` whose human seats join through ``humans`` (one each)."""
    made = at.post("/api/tables", seats=seats, bots=bots)
    table_id = made["table"]["id"]
    tokens = []
    for n, instance in enumerate(humans):
        tokens.append(instance.post(f"/api/tables/{table_id}/join", name=f"P{n}")["token"])
    return table_id, tokens


def test_a_game_across_two_instances(spawn: Callable[..., list[Instance]]) -> None:
    a, b = spawn(2)
    table_id, tokens = _table(a, 4, {"2": "random", "3": "random"}, [a, b])
    ann, bob = Player("ann@a", tokens[0], 1), Player("bob@b", tokens[1], 2)
    watch_a, watch_b = Player("watch@a", None), Player("watch@b", None)

    async def main() -> None:
        await ann.connect(a, table_id)
        await bob.connect(b, table_id)
        await watch_a.connect(a, table_id)
        await watch_b.connect(b, table_id)
        await asyncio.sleep(0.3)
        a.post(f"/api/tables/{table_id}/start", token=tokens[0])
        ends = await asyncio.wait_for(
            asyncio.gather(ann.play(), bob.play(), watch_a.play(), watch_b.play()), 90
        )
        assert ends == ["finished"] * 4
        for p in (ann, bob, watch_a, watch_b):
            await p.close()

    asyncio.run(main())
    for p in (ann, bob, watch_a, watch_b):
        check_in_order(p)
        assert p.states[0]["seq"] == 0 and not p.errors, (p.name, p.errors[:3])
    # both spectators saw the same updates, one for one, from start to finish
    said = [[(m["seq"], m["last"]) for m in w.states] for w in (watch_a, watch_b)]
    assert said[0] == said[1]
    record_a = a.get(f"/api/games/{table_id}/record")
    record_b = b.get(f"/api/games/{table_id}/record")
    assert record_a == record_b
    assert len(record_a["actions"]) == watch_a.states[-1]["seq"]
    check_record(record_a, ann, bob, watch_a, watch_b)
    seats = {action["player"] for action in record_a["actions"]}
    assert seats == {0, 1, 2, 3}  # the people on both instances and the bots all played


def test_killed_instance_its_seats_move_and_bots_resume(
    spawn: Callable[..., list[Instance]],
) -> None:
    a, b = spawn(2)
    table_id, tokens = _table(a, 4, {"2": "random", "3": "random"}, [a, b])
    players = {a: Player("ann", tokens[0], 3), b: Player("bob", tokens[1], 4)}

    async def scenario() -> tuple[Instance, int]:
        for instance, player in players.items():
            await player.connect(instance, table_id)
        await asyncio.sleep(0.3)
        a.post(f"/api/tables/{table_id}/start", token=tokens[0])
        tasks = {i: asyncio.create_task(p.play(until_seq=30)) for i, p in players.items()}
        assert await asyncio.wait_for(asyncio.gather(*tasks.values()), 30) == ["reached"] * 2
        holder = lease_holder(a.database, table_id)
        doomed = a if holder == a.name else b
        survivor = b if doomed is a else a
        assert holder == doomed.name, holder
        moved, stayed = players[doomed], players[survivor]
        mark = len(survivor.log.read_text())
        doomed.kill()  # SIGKILL: no goodbye, no lease handed back
        assert await asyncio.wait_for(moved.play(), 10) == "closed"
        acked = len(moved.states)
        kill_seq = moved.states[-1]["seq"]
        await moved.connect(survivor, table_id)  # the browser reconnects to the live instance
        ends = await asyncio.wait_for(asyncio.gather(moved.play(), stayed.play()), 90)
        assert ends == ["finished", "finished"]
        assert len(moved.states) > acked
        assert "took over the bots of table" in survivor.log.read_text()[mark:]
        for p in players.values():
            await p.close()
        return survivor, kill_seq

    survivor, kill_seq = asyncio.run(scenario())
    check_in_order(players[survivor])
    record = survivor.get(f"/api/games/{table_id}/record")
    check_record(record, *players.values())  # nothing anyone was told of was lost
    final = players[survivor].states[-1]["seq"]
    assert len(record["actions"]) == final
    later = [act["player"] for act in record["actions"][kill_seq + 1 :]]
    assert {2, 3} & set(later), "the bots never moved after the kill"


def test_conflicting_actions_on_two_instances(spawn: Callable[..., list[Instance]]) -> None:
    a, b = spawn(2)
    table_id, tokens = _table(a, 2, {}, [a, b])
    # each seat open in two tabs, one on each instance
    tabs = {n: (Player(f"seat{n}@a", tokens[n]), Player(f"seat{n}@b", tokens[n])) for n in (0, 1)}
    everyone = [p for pair in tabs.values() for p in pair]
    rounds = 12

    def at_least(seq: int) -> Callable[[], bool]:
        return lambda: all(p.states and p.states[-1]["seq"] >= seq for p in everyone)

    async def scenario() -> None:
        for left, right in tabs.values():
            await left.connect(a, table_id)
            await right.connect(b, table_id)
        readers = [asyncio.create_task(p.play(act=False)) for p in everyone]
        await asyncio.sleep(0.3)
        a.post(f"/api/tables/{table_id}/start", token=tokens[0])
        await wait_for(at_least(0))
        for seq in range(rounds):
            mover = everyone[0].states[-1]["view"]["decision"]["player"]
            left, right = tabs[mover]
            assert left.states[-1]["seq"] == right.states[-1]["seq"] == seq
            before = len(left.errors) + len(right.errors)
            first, second = left.states[-1]["legal"][0], right.states[-1]["legal"][-1]
            await asyncio.gather(left.ws.send(_act(seq, first)), right.ws.send(_act(seq, second)))
            await wait_for(at_least(seq + 1))
            await wait_for(lambda x=left, y=right, n=before: len(x.errors) + len(y.errors) > n)
            await asyncio.sleep(0.1)  # a second error or update would show up by now
            errors = (left.errors + right.errors)[before:]
            assert [e["code"] for e in errors] == ["stale"], errors
            assert {p.states[-1]["seq"] for p in everyone} == {seq + 1}
        for p in everyone:
            await p.close()
        await asyncio.gather(*readers)

    asyncio.run(scenario())
    table = httpx2.get(f"{a.base}/api/tables/{table_id}").json()
    assert table["seq"] == rounds  # each decision applied exactly once
    for p in everyone:
        check_in_order(p)
        assert [m["seq"] for m in p.states] == list(range(rounds + 1))
    record = actions(a.database, table_id)
    assert [seq for seq, _ in record] == list(range(1, rounds + 1))


def _act(seq: int, action: dict) -> str:
    return json.dumps({"type": "action", "seq": seq, "action": action})


def test_sigterm_hands_the_bots_over_at_once(spawn: Callable[..., list[Instance]]) -> None:
    # leases of 30 s: a takeover within seconds shows the lease was handed back, not expired
    a, b = spawn(2, bot_delay=0.02, lease_seconds=30.0)
    made = a.post("/api/tables", seats=3, bots={str(n): "random" for n in range(3)}, bot_only=True)
    table_id = made["table"]["id"]
    a.post(f"/api/tables/{table_id}/start")
    watcher = Player("watch@b", None)

    async def scenario() -> tuple[int, float]:
        await watcher.connect(b, table_id)
        assert await asyncio.wait_for(watcher.play(until_seq=15, act=False), 20) == "reached"
        holder = lease_holder(a.database, table_id)
        assert holder == a.name, holder  # a started the table, so a drives its bots
        began = time.monotonic()
        a.proc.send_signal(signal.SIGTERM)
        # uvicorn shuts down gracefully, then dies of the signal it caught (-SIGTERM)
        assert await asyncio.to_thread(a.proc.wait, 15) in (0, -signal.SIGTERM)
        assert "Application shutdown complete" in a.log.read_text()
        at_stop = watcher.states[-1]["seq"]
        target = at_stop + 15
        assert await asyncio.wait_for(watcher.play(until_seq=target, act=False), 20) == "reached"
        await watcher.close()
        return at_stop, time.monotonic() - began

    at_stop, seconds = asyncio.run(scenario())
    assert seconds < 10  # well before the 30 s lease could have run out
    assert lease_holder(a.database, table_id) == b.name
    check_in_order(watcher)
    stored = actions(a.database, table_id)
    assert [seq for seq, _ in stored][: at_stop + 15] == list(range(1, at_stop + 16))
