"""Accounts over HTTP (docs/server-protocol.md, "Accounts"): sign up by an e-mailed link,
sign in and out, the password changed and reset, a guest's seats kept, my games from any
device; on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from .helpers import create, hello, join, start, until
from .people import PASSWORD, PEOPLE, link_token, mails, sign_up, text_of, wait_mail

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


@pytest.fixture
def mail_dir(tmp_path: Path) -> Path:
    return tmp_path / "mail"


@pytest.fixture
def people_client(make_client: Callable[..., TestClient], mail_dir: Path) -> TestClient:
    return make_client(**PEOPLE, mail_dir=str(mail_dir), public_url="https://play.example")


def device(client: TestClient) -> TestClient:
    """Another browser on the same server (its own cookies)."""
    return TestClient(client.app)


def csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.get("/api/me").json()["csrf"]}


def test_sign_up_confirm_sign_out_and_in(people_client: TestClient, mail_dir: Path) -> None:
    client = people_client
    assert client.get("/api/me").status_code == 401
    r = client.post(
        "/api/accounts", json={"name": " Ann ", "email": "Ann@Example.org", "password": PASSWORD}
    )
    assert r.status_code == 202 and "ann@example.org" in r.json()["message"]
    assert client.get("/api/me").status_code == 401  # nothing made yet: the link makes it
    message = wait_mail(mail_dir, "ann@example.org")
    assert "https://play.example/#/welcome/" in text_of(message)  # the configured address
    token = link_token(message, "welcome")
    r = client.post("/api/accounts/confirm", json={"token": token})
    assert r.status_code == 201, r.text
    me = r.json()
    assert me["name"] == "Ann" and me["email"] == "ann@example.org" and me["email_verified"]
    assert client.get("/api/me").json()["id"] == me["id"]
    # the link works once
    again = device(client).post("/api/accounts/confirm", json={"token": token})
    assert again.status_code == 400 and "does not work any more" in again.json()["error"]["message"]
    # sign out, then in again
    assert client.delete("/api/session", headers={"X-CSRF-Token": me["csrf"]}).status_code == 204
    assert client.get("/api/me").status_code == 401
    r = client.post("/api/session", json={"email": "ann@example.org", "password": "wrong password"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "sign_in_failed"
    r = client.post("/api/session", json={"email": " ANN@example.org", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["id"] == me["id"]
    assert client.get("/api/me").status_code == 200


@SQLITE
def test_bad_sign_ups_say_what_was_wrong(people_client: TestClient, mail_dir: Path) -> None:
    def refused(body: dict[str, Any]) -> str:
        r = people_client.post("/api/accounts", json=body)
        assert r.status_code == 400, r.text
        return str(r.json()["error"]["message"])

    good = {"name": "Ann", "email": "ann@example.org", "password": PASSWORD}
    assert "e-mail address" in refused({**good, "email": "ann"})
    assert "at least 8" in refused({**good, "password": "short"})
    assert "bot" in refused({**good, "name": "Random bot"})
    assert "unknown field" in refused({**good, "admin": True}).lower() or "admin" in refused(
        {**good, "admin": True}
    )
    assert mails(mail_dir) == []


@SQLITE
def test_no_mail_no_accounts(make_client: Callable[..., TestClient]) -> None:
    client = make_client(**PEOPLE)
    body = {"name": "Ann", "email": "ann@example.org", "password": PASSWORD}
    r = client.post("/api/accounts", json=body)
    assert r.status_code == 503 and "sends no e-mail" in r.json()["error"]["message"]


def test_a_guest_who_signs_up_keeps_the_seats_and_plays_from_any_device(
    people_client: TestClient, mail_dir: Path
) -> None:
    client = people_client
    made = create(client, seats=2, name="Ann", bots={"1": "random"})
    table_id, guest_token = made["table"]["id"], made["token"]
    other = create(client, seats=2, name="Ann")  # an open table, waiting for a player
    me = sign_up(
        client,
        mail_dir,
        "Ann",
        "ann@example.org",
        seats=[
            {"table": table_id, "token": guest_token},
            {"table": other["table"]["id"], "token": other["token"]},
            {"table": table_id, "token": "not-a-token"},  # passed over
        ],
    )
    claimed = {s["table"]: s for s in me["seats"]}
    assert set(claimed) == {table_id, other["table"]["id"]}
    token = claimed[table_id]["token"]
    assert token != guest_token
    start(client, table_id, token)
    # the guest token no longer opens the seat; the account's does
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": guest_token})
        assert until(ws, "error")["code"] == "unauthorized"
    # another device: sign in, find the game, open it with the token the account gives
    phone = device(client)
    r = phone.post("/api/session", json={"email": "ann@example.org", "password": PASSWORD})
    assert r.status_code == 200
    games = phone.get("/api/me/games").json()
    assert games["total"] == 2
    assert [g["id"] for g in games["games"]] == [table_id, other["table"]["id"]]  # latest first
    live = games["games"][0]
    assert live["my_seat"] == 0 and live["token"] == token and live["status"] == "playing"
    assert live["turn"]["yours"] is True and live["turn"]["names"] == ["Ann"]
    assert live["turn"]["since"]
    with phone.websocket_connect(f"/ws/tables/{table_id}") as ws:
        welcome = hello(ws, live["token"])
        assert welcome["seat"] == 0
    assert phone.get("/api/me/games?status=finished").json()["total"] == 0
    assert phone.get("/api/me/games?status=nope").status_code == 400


@SQLITE
def test_seats_taken_while_signed_in_are_handed_over(
    people_client: TestClient, mail_dir: Path
) -> None:
    client = people_client
    me = sign_up(client, mail_dir, "Bob", "bob@example.org")
    made = create(client, seats=2, name="Ann")
    joined = join(client, made["table"]["id"], "Bob")
    r = client.post(
        "/api/me/seats",
        json={"seats": [{"table": made["table"]["id"], "token": joined["token"]}]},
        headers={"X-CSRF-Token": me["csrf"]},
    )
    assert r.status_code == 200 and r.json()["seats"][0]["seat"] == 1
    # a seat another account holds is not taken over
    stranger = device(client)
    other = sign_up(stranger, mail_dir, "Eve", "eve@example.org")
    r = stranger.post(
        "/api/me/seats",
        json={"seats": [{"table": made["table"]["id"], "token": r.json()["seats"][0]["token"]}]},
        headers={"X-CSRF-Token": other["csrf"]},
    )
    assert r.json()["seats"] == []


def test_change_password_ends_the_other_sessions(people_client: TestClient, mail_dir: Path) -> None:
    client = people_client
    sign_up(client, mail_dir, "Ann", "ann@example.org")
    laptop = device(client)
    laptop.post("/api/session", json={"email": "ann@example.org", "password": PASSWORD})
    assert laptop.get("/api/me").status_code == 200
    before = client.cookies.get("takeover_session")
    body = {"password": "not my password", "new_password": "a new long password"}
    r = client.post("/api/me/password", json=body, headers=csrf(client))
    assert r.status_code == 401 and "current password" in r.json()["error"]["message"]
    body["password"] = PASSWORD
    r = client.post("/api/me/password", json=body, headers=csrf(client))
    assert r.status_code == 200, r.text
    assert client.cookies.get("takeover_session") != before  # renewed
    assert client.get("/api/me").status_code == 200
    assert laptop.get("/api/me").status_code == 401
    old = {"email": "ann@example.org", "password": PASSWORD}
    assert laptop.post("/api/session", json=old).status_code == 401
    new = {"email": "ann@example.org", "password": "a new long password"}
    assert laptop.post("/api/session", json=new).status_code == 200


def test_reset_by_a_link_that_works_once(people_client: TestClient, mail_dir: Path) -> None:
    client = people_client
    sign_up(client, mail_dir, "Ann", "ann@example.org")
    stranger = device(client)
    r = stranger.post("/api/password-reset", json={"email": "ANN@example.org"})
    assert r.status_code == 202
    token = link_token(wait_mail(mail_dir, "ann@example.org", 2), "reset")
    body = {"token": token, "password": "short"}
    assert stranger.post("/api/password-reset/confirm", json=body).status_code == 400
    body["password"] = "chosen again, longer"
    r = stranger.post("/api/password-reset/confirm", json=body)
    assert r.status_code == 200 and r.json()["name"] == "Ann"
    assert client.get("/api/me").status_code == 401  # every other session ended
    again = device(client).post("/api/password-reset/confirm", json=body)
    assert again.status_code == 400 and "does not work any more" in again.json()["error"]["message"]
    signin = {"email": "ann@example.org", "password": "chosen again, longer"}
    assert client.post("/api/session", json=signin).status_code == 200


@SQLITE
def test_reset_links_expire(make_client: Callable[..., TestClient], mail_dir: Path) -> None:
    client = make_client(**PEOPLE, mail_dir=str(mail_dir), reset_link_minutes=0.0)
    sign_up(client, mail_dir, "Ann", "ann@example.org")
    client.post("/api/password-reset", json={"email": "ann@example.org"})
    token = link_token(wait_mail(mail_dir, "ann@example.org", 2), "reset")
    r = client.post(
        "/api/password-reset/confirm", json={"token": token, "password": "long enough now"}
    )
    assert r.status_code == 400
