"""The analysis board on the server: each finished game analysed once in the bot workers,
stored with it, read as it grows; its limits."""

from __future__ import annotations

import itertools
import time
import uuid
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.acquire import BuyShares, DeclareEnd, PlaceTile, from_position
from takeover.server.services import Services
from takeover.server.storage.repository import SeatRecord, TableRecord

from .helpers import create


def _services(client: TestClient) -> Services:
    found: Services = client.app.state.services  # type: ignore[attr-defined]
    return found


def finished(client: TestClient) -> str:
    """A finished game stored as the server stores one: a short Acquire game from a
    position (its setup), in which Ann, behind, ends the game at her second turn."""
    players = [
        {"name": "Ann", "cash": 6000, "shares": {"Tower": 5}, "hand": ["12I", "3C"]},
        {"name": "Bob", "cash": 6000, "shares": {"Tower": 6}, "hand": ["12H", "8E"]},
    ]
    board = {f"{c}A": "Tower" for c in range(1, 12)}
    bag = [f"{c}G" for c in range(1, 13)]
    state = from_position({"board": board, "players": players, "bag": bag, "current": 0})
    setup = {k: v for k, v in state.to_record().items() if k != "actions"}
    moves: list[tuple[int, Any]] = []
    for p, name in ((0, "3C"), (1, "8E")):  # Ann and Bob each place a tile, buy nothing
        tile = PlaceTile(state.ctx.board.tile(name))
        state.apply(tile, p)
        state.apply(BuyShares(()), p)
        moves += [(p, tile), (p, BuyShares(()))]
    state.apply(DeclareEnd(), 0)
    moves.append((0, DeclareEnd()))
    assert state.is_terminal()
    table_id = f"an{uuid.uuid4().hex[:8]}"
    now = time.time()
    seats = [SeatRecord(0, "human", "Ann"), SeatRecord(1, "bot", "Bob", "random")]
    rec = TableRecord(table_id, "playing", 2, "standard", now, now, setup=setup, seats=seats)
    result = {"players": ["Ann", "Bob"], "scores": state.scores(), "ranks": state.ranks()}
    store = _services(client).store

    def write(conn: Any) -> None:
        store.repo.insert_table(conn, rec)
        for n, (seat, action) in enumerate(moves, start=1):
            last = result if n == len(moves) else None
            store.repo.append_action(
                conn, table_id, n, seat, state.action_to_dict(action), now, last
            )

    store.run_sync(write)
    return table_id


def analysed(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    """Every answer of the analysis route until the analysis is done."""
    answers = []
    for _ in range(1200):
        answer = client.get(f"/api/games/{table_id}/analysis").json()
        answers.append(answer)
        if answer["status"] not in ("queued", "running"):
            return answers
        time.sleep(0.05)
    raise AssertionError("the analysis did not finish")


@pytest.fixture
def database(sqlite_database: str) -> str:
    """SQLite, but for the tests that name PostgreSQL too (the claim is one upsert)."""
    return sqlite_database


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_a_finished_game_is_analysed_once_and_stored(make_client: Any) -> None:
    client = make_client(analysis_games=1, analysis_seconds=0.05, bot_workers=1)
    table_id = finished(client)
    answers = analysed(client, table_id)
    last = answers[-1]
    seq = client.get(f"/api/tables/{table_id}").json()["seq"]
    assert last["status"] == "done" and last["done"] == last["total"] == seq == 5
    assert last["game"] == "acquire" and last["measure"] == "win"
    assert last["players"] == ["Ann", "Bob"]
    assert last["analyser"] == "mcts:time=0.05,clock=wall"
    decisions = last["decisions"]
    assert decisions and [d["step"] for d in decisions] == sorted({d["step"] for d in decisions})
    for d in decisions:
        assert 1 <= d["step"] <= seq and d["seat"] in (0, 1) and len(d["seats"]) == 2
        assert d["text"] and d["best_text"] and d["loss"] >= 0
    ending = decisions[-1]
    assert ending["step"] == 5 and ending["text"] == "declare the end" and ending["costly"]
    # progress: what was done so far, growing; ``since`` leaves out what the viewer has
    assert all(a["done"] <= b["done"] for a, b in itertools.pairwise(answers))
    assert answers[0]["status"] == "queued"
    half = decisions[len(decisions) // 2]["step"]
    later = client.get(f"/api/games/{table_id}/analysis?since={half}").json()["decisions"]
    assert later == [d for d in decisions if d["step"] > half]
    # once: asked again, it is read from the store, not made again
    store = _services(client).store
    claim = store.run_sync(
        lambda c: store.repo.claim_analysis(c, table_id, "another", {}, time.time(), 0.0)
    )
    assert claim is None
    assert client.get(f"/api/games/{table_id}/analysis").json() == last


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_an_analysis_is_claimed_by_one_instance(client: TestClient) -> None:
    repo, store = _services(client).store.repo, _services(client).store
    now = time.time()
    assert store.run_sync(lambda c: repo.claim_analysis(c, "t1", "a", {"x": 1}, now, 60)) == 0
    assert store.run_sync(lambda c: repo.claim_analysis(c, "t1", "b", {}, now, 60)) is None
    store.run_sync(lambda c: repo.save_analysis(c, "t1", "a", 7, [{"step": 3}], now))
    # not b's: its progress and decisions are left out
    store.run_sync(lambda c: repo.save_analysis(c, "t1", "b", 9, [{"step": 8}], now))
    # a stale one is taken over where it stopped
    assert store.run_sync(lambda c: repo.claim_analysis(c, "t1", "b", {}, now + 61, 60)) == 7
    found = store.run_sync(lambda c: repo.analysis(c, "t1"))
    assert found is not None and found.header == {"x": 1} and found.decisions == [{"step": 3}]


def test_refusals_and_limits(make_client: Any) -> None:
    client = make_client(analysis_games=0)
    table_id = finished(client)
    answer = client.get(f"/api/games/{table_id}/analysis").json()
    assert answer == {"status": "off", "done": 0, "total": answer["total"], "decisions": []}
    assert client.get(f"/api/games/{table_id}/analysis?since=x").status_code == 400
    assert client.get("/api/games/missing/analysis").status_code == 404
    made = create(client, seats=2, bots={"1": "random"}, name="Ann")
    r = client.get(f"/api/games/{made['table']['id']}/analysis")
    assert r.status_code == 409 and "not finished" in r.json()["error"]["message"]
    client = make_client(analysis_games=1, analysis_queue=0)
    assert client.get(f"/api/games/{table_id}/analysis").json()["status"] == "busy"
