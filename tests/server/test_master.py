"""The game master: check order, races for one decision, restarts, bots, clean-up."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.server.master import MasterError
from takeover.server.storage import Repository

from .helpers import create, hello, join, pick, start, until


def _table(client: TestClient, seats: int = 2, **body: Any) -> tuple[str, dict[int, str]]:
    made = create(client, seats=seats, name="Ann", seat=0, **body)
    table_id = made["table"]["id"]
    tokens = {0: made["token"]}
    for seat in range(1, seats):
        if str(seat) not in body.get("bots", {}):
            tokens[seat] = join(client, table_id, f"P{seat}", seat)["token"]
    start(client, table_id, tokens[0])
    return table_id, tokens


def _play(client: TestClient, table_id: str, tokens: dict[int, str], moves: int, seed: int) -> Any:
    """Make ``moves`` human moves through WebSockets; return the last state each seat saw."""
    rng = random.Random(seed)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        latest = until(watcher, "state")
        for _ in range(moves):
            if latest["status"] == "finished":
                break
            seat = latest["view"]["decision"]["player"]
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                hello(ws, tokens[seat])
                mine = until(ws, "state")
                assert mine["seq"] == latest["seq"]
                ws.send_json({"type": "action", "seq": mine["seq"], "action": pick(mine, rng)})
                until(ws, "state")
            latest = until(watcher, "state")
    return latest


def test_restart_resumes_every_game_exactly(make_client: Any) -> None:
    first = make_client()
    table_id, tokens = _table(first, seats=3)
    open_table = create(first, seats=4, name="Zed", bots={"2": "random"})
    before = _play(first, table_id, tokens, 60, seed=1)
    views = {}
    for seat, token in tokens.items():
        with first.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, token)
            views[seat] = until(ws, "state")
    first.__exit__(None, None, None)

    second = make_client()  # a new app on the same database
    lobby = {t["id"]: t for t in second.get("/api/tables").json()["tables"]}
    assert lobby[open_table["table"]["id"]]["status"] == "open"
    assert lobby[table_id]["seq"] == before["seq"] >= 60
    for seat, token in tokens.items():
        with second.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert hello(ws, token)["seat"] == seat
            again = until(ws, "state")
            assert again["seq"] == views[seat]["seq"]
            assert again["view"] == views[seat]["view"]
            assert again["legal"] == views[seat]["legal"]
            # The game log survives too: the last actions are rebuilt with their events.
            assert again["recent"] == views[seat]["recent"] and len(again["recent"]) == 50
    after = _play(second, table_id, tokens, 10_000, seed=2)
    assert after["status"] == "finished"
    record = second.get(f"/api/games/{table_id}/record").json()
    assert len(record["actions"]) == after["seq"]


def test_bots_finish_a_game_alone_and_resume_after_a_restart(make_client: Any) -> None:
    client = make_client()
    made = create(
        client, seats=3, bots={"0": "random", "1": "heuristic", "2": "random"}, bot_only=True
    )
    table_id = made["table"]["id"]
    start(client, table_id, None)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        while until(ws, "state")["status"] != "finished":
            pass
    games = client.get("/api/games").json()["games"]
    assert games[0]["id"] == table_id and len(games[0]["scores"]) == 3


def test_concurrent_actions_for_one_decision_one_wins(client: TestClient) -> None:
    table_id, _ = _table(client)
    master = client.app.state.services.master  # type: ignore[attr-defined]
    table = master.tables[table_id]
    seat = table.state.current_player()
    legal = [table.state.action_to_dict(a) for a in table.state.legal_actions()]

    async def race() -> list[Any]:
        return await asyncio.gather(
            *(master.act(table, seat, 0, action) for action in legal[:2] + legal[:1]),
            return_exceptions=True,
        )

    outcomes = client.portal.call(race)  # type: ignore[union-attr]
    won = [o for o in outcomes if not isinstance(o, Exception)]
    lost = [o for o in outcomes if isinstance(o, MasterError)]
    assert len(won) == 1 and len(lost) == 2
    assert {e.code for e in lost} == {"stale"}
    assert table.seq == 1
    stored = client.portal.call(  # type: ignore[union-attr]
        master.store.run, lambda c: master.repo.table(c, table_id, actions=True)
    )
    assert len(stored.actions) == 1


def test_checks_come_in_order(client: TestClient) -> None:
    table_id, _ = _table(client)
    master = client.app.state.services.master  # type: ignore[attr-defined]
    table = master.tables[table_id]
    mover = table.state.current_player()
    idle = 1 - mover

    def act(seat: int | None, seq: Any, action: Any) -> str:
        async def go() -> str:
            try:
                await master.act(table, seat, seq, action)
            except MasterError as exc:
                return exc.code
            return "ok"

        return client.portal.call(go)  # type: ignore[union-attr]

    bogus = {"type": "teleport"}
    assert act(None, 5, bogus) == "spectator"  # credentials first
    assert act(idle, 5, bogus) == "stale"  # then the sequence number
    assert act(idle, 0, bogus) == "not_your_turn"  # then whose decision
    assert act(mover, 0, bogus) == "illegal"  # then legality
    assert table.seq == 0


def test_lobby_refusals(client: TestClient) -> None:
    made = create(client, seats=2, name="Ann", seat=1)
    table_id = made["table"]["id"]
    r = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "seat": 1})
    assert r.status_code == 409 and "taken" in r.json()["error"]["message"]
    r = client.post(f"/api/tables/{table_id}/start", json={"token": made["token"]})
    assert r.status_code == 409 and "empty" in r.json()["error"]["message"]
    r = client.post(f"/api/tables/{table_id}/start", json={"token": "forged"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{table_id}/start", json={})
    assert r.status_code == 403
    start(client, table_id, made["token"], fill="random")
    r = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
    assert r.status_code == 409
    r = client.post(f"/api/tables/{table_id}/leave", json={"token": made["token"]})
    assert r.status_code == 409


def test_cleanup_removes_idle_tables_and_keeps_finished_games(client: TestClient) -> None:
    master = client.app.state.services.master  # type: ignore[attr-defined]
    idle_open = create(client, seats=2, name="Ann")["table"]["id"]
    idle_game, _ = _table(client)
    done = create(client, seats=2, bots={"0": "random", "1": "random"}, bot_only=True)["table"][
        "id"
    ]
    start(client, done, None)
    with client.websocket_connect(f"/ws/tables/{done}") as ws:
        hello(ws, None)
        while until(ws, "state")["status"] != "finished":
            pass
    fresh = create(client, seats=2, name="Bo")["table"]["id"]
    settings = master.settings
    later = master.tables[fresh].updated_at + settings.open_ttl_seconds + 1
    removed = client.portal.call(master.cleanup, later)  # type: ignore[union-attr]
    assert set(removed) == {idle_open, fresh}
    much_later = later + settings.game_ttl_seconds
    removed = client.portal.call(master.cleanup, much_later)  # type: ignore[union-attr]
    assert removed == [idle_game]
    assert client.get(f"/api/tables/{idle_open}").status_code == 404
    assert client.get(f"/api/games/{done}/record").status_code == 200
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [done]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_slow_bot_is_replaced_by_a_default_move(make_client: Any, monkeypatch: Any) -> None:
    from takeover.bots.random_bot import RandomBot

    def slow(self: Any, obs: Any, rng: Any) -> Any:
        import time

        time.sleep(1.0)
        return obs.legal[0]

    monkeypatch.setattr(RandomBot, "choose", slow)
    client = make_client(bot_think_seconds=0.05)
    made = create(client, seats=2, bots={"0": "random", "1": "random"}, bot_only=True)
    table_id = made["table"]["id"]
    start(client, table_id, None)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        first = until(ws, "state")
        second = until(ws, "state")
    assert second["seq"] > first["seq"]
    assert second["last"]["action"]["type"] != "declare_end"


def test_bots_carry_on_after_a_restart(make_client: Any, database: str) -> None:
    first = make_client(bot_delay_seconds=0.02)
    table_id = create(
        first, seats=3, bots={"0": "random", "1": "random", "2": "random"}, bot_only=True
    )
    table_id = table_id["table"]["id"]
    start(first, table_id, None)
    with first.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        while (seen := until(ws, "state")["seq"]) < 5:
            pass
    first.__exit__(None, None, None)
    stopped_at = first.app.state.services.master.tables[table_id].seq  # type: ignore[attr-defined]
    assert stopped_at >= seen
    repo = Repository(database)  # a clean stop leaves memory and store in step
    with repo.engine.begin() as conn:
        assert repo.table(conn, table_id).seq == stopped_at  # type: ignore[union-attr]
    repo.close()

    second = make_client()
    with second.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, None)
        resumed = until(ws, "state")
        assert resumed["seq"] >= stopped_at  # the bots may have moved on already
        while resumed["status"] != "finished":
            resumed = until(ws, "state")
    record = second.get(f"/api/games/{table_id}/record").json()
    assert len(record["actions"]) == resumed["seq"] > stopped_at
