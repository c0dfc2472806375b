"""Ratings (docs/server-protocol.md, "Ratings"): a finished rated game updates its
accounts' and bots' openskill ratings in the pool of its game (or 1817's title), once;
guests and unrated tables change nothing; the leaderboard and a person's profile."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.core.registry import get as get_game
from takeover.server.ratings import all_pools, pool_of

from .helpers import create, hello, join, start, until
from .people import PEOPLE, sign_up

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


@pytest.fixture
def mail_dir(tmp_path: Path) -> Path:
    return tmp_path / "mail"


@pytest.fixture
def people_client(make_client: Callable[..., TestClient], mail_dir: Path) -> TestClient:
    return make_client(**PEOPLE, mail_dir=str(mail_dir))


def test_pools_are_games_or_1817_titles() -> None:
    assert pool_of(get_game("acquire"), "tlstyer") == "acquire"
    assert pool_of(get_game("1817"), "1817NA") == "1817NA"
    assert {p["pool"] for p in all_pools()} == {"acquire", "1817", "1817NA", "1817WO"}


def claim(client: TestClient, me: dict[str, Any], table_id: str, token: str) -> str:
    r = client.post(
        "/api/me/seats",
        json={"seats": [{"table": table_id, "token": token}]},
        headers={"X-CSRF-Token": me["csrf"]},
    )
    assert r.status_code == 200, r.text
    return str(r.json()["seats"][0]["token"])


def end_by_agreement(client: TestClient, table_id: str, tokens: list[str]) -> None:
    sockets = [client.websocket_connect(f"/ws/tables/{table_id}") for _ in tokens]
    try:
        for ws, token in zip(sockets, tokens, strict=True):
            ws.__enter__()
            hello(ws, token)
            until(ws, "state")
        for ws in sockets:
            ws.send_json({"type": "end_vote", "agree": True})
        while until(sockets[0], "state")["status"] != "finished":
            pass
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def board(client: TestClient, pool: str, count: int) -> dict[str, Any]:
    """The leaderboard once it has ``count`` entries (rating runs after the last action)."""
    deadline = time.monotonic() + 10
    while True:
        got = client.get(f"/api/leaderboard/{pool}").json()
        if got["total"] >= count or time.monotonic() > deadline:
            return dict(got)
        time.sleep(0.05)


def play_1817(
    client: TestClient, people: list[tuple[TestClient, dict[str, Any]] | None], rated: bool = True
) -> str:
    """A 1817NA table of these people (``None``: a guest) and a random bot, ended at once."""
    made = create(
        client, game="1817", seats=3, ruleset="1817NA", bots={"2": "random"}, name="P0", rated=rated
    )
    table_id, tokens = made["table"]["id"], [made["token"]]
    tokens.append(join(client, table_id, "P1")["token"])
    for n, person in enumerate(people):
        if person is not None:
            tokens[n] = claim(person[0], person[1], table_id, tokens[n])
    start(client, table_id, tokens[0])
    end_by_agreement(client, table_id, tokens)
    return table_id


def test_a_finished_game_rates_its_accounts_and_bots(
    people_client: TestClient, mail_dir: Path
) -> None:
    ann = people_client
    bob = TestClient(ann.app)
    me_ann = sign_up(ann, mail_dir, "Ann", "ann@example.org")
    me_bob = sign_up(bob, mail_dir, "Bob", "bob@example.org")
    table_id = play_1817(ann, [(ann, me_ann), (bob, me_bob)])
    got = board(ann, "1817NA", 3)
    assert got["total"] == 3 and got["title"] == "1817NA"
    entries = {e.get("id") or e.get("bot"): e for e in got["entries"]}
    assert set(entries) == {me_ann["id"], me_bob["id"], "random"}
    assert entries["random"]["kind"] == "bot" and entries[me_ann["id"]]["name"] == "Ann"
    assert all(e["games"] == 1 for e in entries.values())
    assert [e["place"] for e in got["entries"]] == [1, 2, 3]
    ratings = [e["rating"] for e in got["entries"]]
    assert ratings == sorted(ratings, reverse=True)
    assert ann.get("/api/leaderboard/acquire").json()["total"] == 0  # another pool
    profile = ann.get(f"/api/people/{me_ann['id']}").json()
    assert profile["name"] == "Ann" and profile["games"] == 1
    assert [r["pool"] for r in profile["ratings"]] == ["1817NA"]
    assert [h["table"] for h in profile["history"]] == [table_id]
    assert profile["finished"][0]["id"] == table_id and profile["finished"][0]["result"]
    assert "email" not in profile  # (a profile is public)
    # the finished game is in my games too, with its result
    mine = ann.get("/api/me/games?status=finished").json()
    assert mine["games"][0]["id"] == table_id and "token" not in mine["games"][0]


@SQLITE
def test_guests_and_unrated_tables_change_nothing(
    people_client: TestClient, mail_dir: Path
) -> None:
    ann = people_client
    me = sign_up(ann, mail_dir, "Ann", "ann@example.org")
    play_1817(ann, [(ann, me), None], rated=False)
    play_1817(ann, [None, None])  # guests and a bot: no account, nothing rated
    time.sleep(0.3)  # (rating runs in the background: give it the time it would take)
    assert ann.get("/api/leaderboard/1817NA").json()["total"] == 0
    play_1817(ann, [(ann, me), None])  # the guest is passed over; Ann and the bot rated
    got = board(ann, "1817NA", 2)
    assert got["total"] == 2
    assert sorted((e["kind"], e.get("id") or e["bot"]) for e in got["entries"]) == [
        ("bot", "random"),
        ("person", me["id"]),
    ]


@SQLITE
def test_unknown_leaderboards_and_people_are_not_found(people_client: TestClient) -> None:
    r = people_client.get("/api/leaderboard/chess")
    assert r.status_code == 404 and "1817NA" in r.json()["error"]["message"]
    assert people_client.get("/api/people/nobody").status_code == 404
    assert people_client.get("/api/leaderboard/acquire?limit=x").status_code == 400
    pools = people_client.get("/api/leaderboard").json()["pools"]
    assert {"pool": "acquire", "game": "acquire", "title": "Acquire"} in pools
