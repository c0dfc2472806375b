"""Turn timers and absent players: the deadline in every state, a seat whose time runs
out (a bot plays for it, or the table waits), the person coming back, and a restart."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import time
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient
from websockets.sync.client import connect

from .helpers import create, hello, join, pick, start, until
from .serving import free_port, recv, serve, stop


def _table(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    made = create(client, seats=2, name="Ann", seat=0, **body)
    table_id = made["table"]["id"]
    bob = join(client, table_id, "Bob", 1)
    start(client, table_id, made["token"])
    return table_id, {0: made["token"], 1: bob["token"]}


def _clock_event(ws: Any, kind: str) -> dict[str, Any]:
    """The next ``clock`` message carrying an event of type ``kind``."""
    while True:
        message = until(ws, "clock")
        if message.get("event", {}).get("type") == kind:
            return message


def test_every_state_says_whose_time_runs_and_until_when(make_client: Any) -> None:
    client = make_client(timer_normal_seconds=90)
    table_id, _ = _table(client, timer="normal")
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["timer"] == "normal" and summary["on_timeout"] == "wait"
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        state = until(watcher, "state")
    clock = state["clock"]
    mover = state["view"]["decision"]["player"]
    assert clock["timer"] == "normal" and clock["seats"] == [mover]
    assert 85 <= clock["left"] <= 90
    assert clock["deadline"].endswith("Z")
    untimed, _ = _table(client)
    with client.websocket_connect(f"/ws/tables/{untimed}") as watcher:
        hello(watcher, None)
        assert until(watcher, "state")["clock"] is None
    options = client.get("/api/options").json()["timers"]
    assert options == {"off": None, "relaxed": 600.0, "normal": 90.0, "fast": 30.0}


def test_bad_timer_options_are_refused(client: TestClient) -> None:
    for body, words in [
        ({"timer": "lightning"}, "timer must be one of off, relaxed, normal, fast"),
        ({"timer": "fast", "on_timeout": "genius"}, 'on_timeout must be "wait" or a bot spec'),
        ({"timer": "fast", "on_timeout": "mcts:time=60"}, "at most 5 s"),
    ]:
        r = client.post("/api/tables", json={"seats": 2, "name": "Ann", **body})
        assert r.status_code == 400 and words in r.json()["error"]["message"], r.text


def test_a_bot_plays_for_a_seat_whose_time_ran_out_until_the_person_returns(
    make_client: Any,
) -> None:
    client = make_client(timer_fast_seconds=0.4)
    table_id, tokens = _table(client, timer="fast", on_timeout="random")
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        first = until(watcher, "state")
        late = first["view"]["decision"]["player"]
        timed_out = _clock_event(watcher, "timed_out")
        assert timed_out["event"] == {"type": "timed_out", "seat": late, "bot": "random"}
        seats = until(watcher, "table")["table"]["seats"]
        assert [s["absent"] for s in seats] == [n == late for n in range(2)]
        moved = until(watcher, "state")  # the bot decided for the absent seat
        assert moved["last"]["player"] == late and moved["seq"] == 1
        # The person comes back: a hello with the seat's token.
        with client.websocket_connect(f"/ws/tables/{table_id}") as person:
            hello(person, tokens[late])
            back = _clock_event(watcher, "back")
            assert back["event"] == {"type": "back", "seat": late}
            summary = client.get(f"/api/tables/{table_id}").json()
            assert not summary["seats"][late]["absent"]


def test_with_wait_the_table_waits_and_says_whose_time_ran_out(make_client: Any) -> None:
    client = make_client(timer_fast_seconds=0.3)
    table_id, tokens = _table(client, timer="fast")  # on_timeout: wait
    rng = random.Random(2)
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        late = until(watcher, "state")["view"]["decision"]["player"]
        timed_out = _clock_event(watcher, "timed_out")
        assert timed_out["event"] == {"type": "timed_out", "seat": late, "bot": None}
        assert timed_out["clock"] is None  # nobody is timed while the table waits
        time.sleep(0.6)  # ... and nothing moves
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["seq"] == 0 and summary["seats"][late]["absent"]
        # An action from the seat brings the person back, and counts.
        with client.websocket_connect(f"/ws/tables/{table_id}") as person:
            mine = until_state(person, tokens[late])
            person.send_json({"type": "back"})
            assert _clock_event(watcher, "back")["clock"]["seats"] == [late]
            person.send_json({"type": "action", "seq": 0, "action": pick(mine, rng)})
            assert until(watcher, "state")["seq"] == 1


def until_state(ws: Any, token: str) -> dict[str, Any]:
    hello(ws, token)
    return until(ws, "state")


def test_pings_do_not_bring_an_absent_person_back(make_client: Any) -> None:
    client = make_client(timer_fast_seconds=0.3)
    table_id, tokens = _table(client, timer="fast")
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        late = until(watcher, "state")["view"]["decision"]["player"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as tab:
            hello(tab, tokens[late])  # the tab is open, the person has gone
            _clock_event(watcher, "timed_out")
            tab.send_json({"type": "ping"})
            until(tab, "pong")
        assert client.get(f"/api/tables/{table_id}").json()["seats"][late]["absent"]


def _recv_event(ws: Any, kind: str) -> dict[str, Any]:
    """The event of the next ``clock`` message (from a real server) whose event is ``kind``."""
    while True:
        event = recv(ws, "clock", seconds=10).get("event") or {}
        if event.get("type") == kind:
            return dict(event)


def _stored(database: str, table_id: str) -> tuple[float | None, list[int]]:
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        deadline = db.execute("SELECT deadline FROM tables WHERE id = ?", (table_id,)).fetchone()
        absent = db.execute(
            "SELECT seat FROM seats WHERE table_id = ? AND absent ORDER BY seat", (table_id,)
        ).fetchall()
    return deadline[0], [row[0] for row in absent]


def test_timers_and_absent_seats_survive_a_restart(sqlite_database: str, tmp_path: Any) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # The grace is longer than a turn, so that the first state after the restart shows it
    # (a fresh turn would show at most 2 s) even when the restart is slow.
    limits = ("--limit", "timer_fast_seconds=2", "--limit", "timer_restart_grace_seconds=6")
    proc = serve(port, sqlite_database, tmp_path, *limits)
    try:
        made = httpx2.post(
            f"{base}/api/tables",
            json={"seats": 2, "name": "Ann", "seat": 0, "timer": "fast", "on_timeout": "random"},
        ).json()
        table_id = made["table"]["id"]
        tokens = {0: made["token"]}
        tokens[1] = httpx2.post(f"{base}/api/tables/{table_id}/join", json={"name": "Bob"}).json()[
            "token"
        ]
        httpx2.post(f"{base}/api/tables/{table_id}/start", json={"token": tokens[0]})
        proc.send_signal(signal.SIGKILL)  # at once: the deadline must have been stored
        proc.wait(10)
    finally:
        stop(proc)
    deadline, absent = _stored(sqlite_database, table_id)
    assert deadline is not None and absent == []

    # Restarted after the deadline passed: the timer resumes (with its grace) and the
    # seat whose time ran out is played by the bot.
    time.sleep(max(0.0, deadline - time.time()))
    proc = serve(port, sqlite_database, tmp_path, *limits)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as watcher:
            watcher.send(json.dumps({"type": "hello", "spectate": True}))
            first = recv(watcher, "state")
            late = first["view"]["decision"]["player"]
            assert first["clock"]["seats"] == [late] and 2.0 < first["clock"]["left"] <= 6.0
            event = _recv_event(watcher, "timed_out")
            assert event == {"type": "timed_out", "seat": late, "bot": "random"}
            assert recv(watcher, "state")["last"]["player"] == late
        assert _stored(sqlite_database, table_id)[1] == [late]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        stop(proc)

    # Restarted again: the seat is still absent (the bot still plays it) until the
    # person comes back with the seat's token.
    proc = serve(port, sqlite_database, tmp_path, *limits)
    try:
        summary = httpx2.get(f"{base}/api/tables/{table_id}").json()
        assert summary["seats"][late]["absent"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as person:
            person.send(json.dumps({"type": "hello", "token": tokens[late]}))
            recv(person, "welcome")
            assert _recv_event(person, "back") == {"type": "back", "seat": late}
        assert _stored(sqlite_database, table_id)[1] == []
        assert not httpx2.get(f"{base}/api/tables/{table_id}").json()["seats"][late]["absent"]
    finally:
        stop(proc)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_finished_game_has_no_clock(make_client: Any) -> None:
    client = make_client(timer_fast_seconds=0.05)
    table_id, _ = _table(client, timer="fast", on_timeout="random")
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        while (state := until(watcher, "state"))["status"] != "finished":
            pass
    assert state["clock"] is None
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"


# ---------------------------------------------------------------------- correspondence
def _master(client: TestClient) -> Any:
    return client.app.state.services.master  # type: ignore[attr-defined]


def test_a_correspondence_table_gives_each_decision_its_hours(make_client: Any) -> None:
    client = make_client()
    table_id, _ = _table(client, timer="correspondence", move_hours=24, on_timeout="random")
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["timer"] == "correspondence" and summary["move_hours"] == 24
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        clock = until(watcher, "state")["clock"]
    assert clock["timer"] == "correspondence" and 24 * 3600 - 60 < clock["left"] <= 24 * 3600
    live, _ = _table(client, timer="fast")
    assert client.get(f"/api/tables/{live}").json()["move_hours"] is None
    bounds = client.get("/api/options").json()["correspondence"]
    assert bounds == {"min_hours": 1.0, "max_hours": 336.0}


def test_bad_correspondence_times_are_refused(client: TestClient) -> None:
    for body, words in [
        ({"timer": "correspondence"}, "needs move_hours"),
        ({"timer": "correspondence", "move_hours": 0.5}, "1 to 336 hours, not 0.5"),
        ({"timer": "correspondence", "move_hours": 24 * 30}, "1 to 336 hours, not 720"),
        ({"timer": "correspondence", "move_hours": True}, "move_hours"),
        ({"timer": "fast", "move_hours": 24}, "move_hours is for a correspondence table"),
    ]:
        r = client.post("/api/tables", json={"seats": 2, "name": "Ann", **body})
        assert r.status_code == 400 and words in r.json()["error"]["message"], r.text
    assert client.get("/api/tables").json()["total"] == 0


@pytest.mark.parametrize("on_timeout", ["random", "wait"])
def test_a_correspondence_deadline_applies_the_absent_player_rule(
    make_client: Any, on_timeout: str
) -> None:
    """Time is advanced, not waited for: the housekeeping's ``due`` expires what passed."""
    client = make_client()
    table_id, _ = _table(client, timer="correspondence", move_hours=2, on_timeout=on_timeout)
    master = _master(client)
    deadline = master.tables[table_id].deadline
    assert deadline - time.time() > 2 * 3600 - 60
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        late = until(watcher, "state")["view"]["decision"]["player"]
        assert client.portal.call(master.clock.due, deadline - 1) == 0  # type: ignore[union-attr]
        assert client.portal.call(master.clock.due, deadline + 1) == 1  # type: ignore[union-attr]
        event = _clock_event(watcher, "timed_out")["event"]
        bot = None if on_timeout == "wait" else on_timeout
        assert event == {"type": "timed_out", "seat": late, "bot": bot}
        if bot is not None:  # the bot decides for the absent person
            assert until(watcher, "state")["last"]["player"] == late
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][late]["absent"]
    assert (summary["seq"] > 0) == (bot is not None)


def test_a_correspondence_deadline_survives_a_restart(make_client: Any) -> None:
    first = make_client()
    table_id, _ = _table(first, timer="correspondence", move_hours=24)
    deadline = _master(first).tables[table_id].deadline
    first.__exit__(None, None, None)
    again = make_client()
    table = _master(again).tables[table_id]
    assert table.deadline == deadline and table.move_seconds == 24 * 3600
    assert table.clock is not None  # armed again, for the same moment


def test_the_lobby_lists_correspondence_tables_apart(make_client: Any) -> None:
    client = make_client()
    live = create(client, seats=2, name="Ann", timer="normal")["table"]["id"]
    slow = create(client, seats=2, name="Ann", timer="correspondence", move_hours=48)
    untimed = create(client, seats=2, name="Ann")["table"]["id"]

    def ids(pace: str) -> list[str]:
        r = client.get(f"/api/tables?pace={pace}")
        assert r.status_code == 200, r.text
        return sorted(t["id"] for t in r.json()["tables"])

    assert ids("correspondence") == [slow["table"]["id"]]
    assert ids("live") == sorted([live, untimed])
    assert client.get("/api/tables").json()["total"] == 3
    r = client.get("/api/tables?pace=slow")
    assert r.status_code == 400 and "pace must be live or correspondence" in r.text


def test_correspondence_tables_wait_days_for_players_and_moves(make_client: Any) -> None:
    client = make_client(open_ttl_seconds=1800, correspondence_open_ttl_seconds=7 * 86400)
    live = create(client, seats=2, name="Ann")["table"]["id"]
    slow = create(client, seats=2, name="Ann", timer="correspondence", move_hours=72)
    playing, _ = _table(client, timer="correspondence", move_hours=72)
    master = _master(client)
    now = master.tables[live].updated_at
    cleanup = master.cleanup
    assert client.portal.call(cleanup, now + 3600) == [live]  # type: ignore[union-attr]
    week = 7 * 86400  # correspondence_open_ttl_seconds and game_ttl_seconds
    store = client.app.state.services.store  # type: ignore[attr-defined]

    def swept(at: float) -> list[str]:
        # the query the instances sharing a store sweep with says the same
        idle = client.portal.call(  # type: ignore[union-attr]
            store.run, lambda c: store.repo.idle(c, at - 1800, at - week, at - 300, at - week)
        )
        gone = list(client.portal.call(cleanup, at))  # type: ignore[union-attr]
        assert sorted(idle) == sorted(gone)
        return gone

    assert swept(now + week - 60) == []
    assert swept(now + week + 60) == [slow["table"]["id"]]
    # a playing correspondence game is kept for game_ttl past its time a decision
    assert swept(now + week + 3 * 86400 - 60) == []
    assert swept(now + week + 3 * 86400 + 60) == [playing]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_housekeeping_expires_a_deadline_its_timer_missed(make_client: Any) -> None:
    """As after a machine slept through the event loop's timer: the next housekeeping round
    finds the deadline passed and applies the rule."""
    client = make_client(cleanup_every_seconds=0.2)
    table_id, _ = _table(client, timer="correspondence", move_hours=1, on_timeout="random")
    master = _master(client)
    table = master.tables[table_id]

    def sleep_through() -> None:
        master.clock.disarm(table)  # the armed timer never rings ...
        table.deadline = time.time() - 1  # ... and its moment has passed

    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        hello(watcher, None)
        late = until(watcher, "state")["view"]["decision"]["player"]
        client.portal.call(sleep_through)  # type: ignore[union-attr]
        event = _clock_event(watcher, "timed_out")["event"]
    assert event == {"type": "timed_out", "seat": late, "bot": "random"}
