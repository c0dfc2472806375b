"""A person's notification preferences: read with defaults, changed field by field, a webhook
checked when it is set (refused with the reason, nothing changed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from takeover.server import preferences
from takeover.server.errors import MasterError
from takeover.server.preferences import NoticeChoice

from .notices import call, services
from .people import PEOPLE, sign_up, text_of, wait_mail


def test_defaults_then_changes(make_client: Any) -> None:
    client = make_client()
    found = services(client)
    assert call(client, preferences.read, found, "a1") == {
        "email": True,
        "digest": False,
        "webhook": None,
    }
    choice = NoticeChoice(digest=True, webhook="https://8.8.8.8/hook")
    assert call(client, preferences.write, found, "a1", choice) == {
        "email": True,
        "digest": True,
        "webhook": "https://8.8.8.8/hook",
    }
    call(client, preferences.write, found, "a1", NoticeChoice(email=False, webhook=""))
    assert call(client, preferences.read, found, "a1") == {
        "email": False,
        "digest": True,
        "webhook": None,
    }
    assert call(client, preferences.read, found, "a2")["email"] is True  # only theirs


@pytest.mark.parametrize(
    ("hook", "words"),
    [
        ("https://169.254.169.254/latest", "public address"),
        ("https://localhost/hook", "public address"),
        ("http://8.8.8.8/hook", "https://"),
    ],
)
def test_a_webhook_that_cannot_be_used_is_refused(make_client: Any, hook: str, words: str) -> None:
    client = make_client()
    found = services(client)
    with pytest.raises(MasterError, match=words):
        call(client, preferences.write, found, "a1", NoticeChoice(digest=True, webhook=hook))
    assert call(client, preferences.read, found, "a1")["digest"] is False  # nothing changed


# ---------------------------------------------------------------------- over HTTP, signed in
@pytest.fixture
def mail_dir(tmp_path: Path) -> Path:
    return tmp_path / "mail"


@pytest.fixture
def people_client(make_client: Any, mail_dir: Path) -> TestClient:
    client: TestClient = make_client(
        **PEOPLE, mail_dir=str(mail_dir), public_url="https://play.example"
    )
    return client


def test_a_signed_in_person_reads_and_sets_their_choice(
    people_client: TestClient, mail_dir: Path
) -> None:
    client = people_client
    assert client.get("/api/me/notifications").status_code == 401
    me = sign_up(client, mail_dir, "Ann", "ann@example.org")
    assert client.get("/api/me/notifications").json() == {
        "email": True,
        "digest": False,
        "webhook": None,
    }
    body = {"digest": True, "webhook": "https://8.8.8.8/hook"}
    forged = client.put("/api/me/notifications", json=body)
    assert forged.status_code == 403  # no anti-forgery token
    headers = {"X-CSRF-Token": me["csrf"]}
    r = client.put("/api/me/notifications", json=body, headers=headers)
    assert r.status_code == 200 and r.json()["digest"] is True, r.text
    bad = {"webhook": "https://169.254.169.254/latest/meta-data/"}
    r = client.put("/api/me/notifications", json=bad, headers=headers)
    assert r.status_code == 400 and "public address" in r.json()["error"]["message"]
    r = client.put("/api/me/notifications", json={"sms": True}, headers=headers)
    assert r.status_code == 400
    assert client.get("/api/me/notifications").json()["webhook"] == "https://8.8.8.8/hook"


def test_an_account_gets_the_turn_of_its_correspondence_game(
    people_client: TestClient, mail_dir: Path
) -> None:
    ann = people_client
    bob = TestClient(ann.app)
    ann_me = sign_up(ann, mail_dir, "Ann", "ann@example.org")
    bob_me = sign_up(bob, mail_dir, "Bob", "bob@example.org")
    made = ann.post(
        "/api/tables",
        json={"seats": 2, "name": "Ann", "seat": 0, "timer": "correspondence", "move_hours": 24},
    ).json()
    table_id = made["table"]["id"]
    joined = bob.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "seat": 1})
    assert joined.status_code == 200, joined.text
    tokens = []
    for person, me, held in ((ann, ann_me, made), (bob, bob_me, joined.json())):
        claim = {"seats": [{"table": table_id, "token": held["token"]}]}
        r = person.post("/api/me/seats", json=claim, headers={"X-CSRF-Token": me["csrf"]})
        assert r.status_code == 200, r.text  # (as the page does for a seat taken signed in)
        tokens.append(r.json()["seats"][0]["token"])
    r = ann.post(f"/api/tables/{table_id}/start", json={"token": tokens[0]})
    assert r.status_code == 200, r.text
    mover = ann.get(f"/api/tables/{table_id}").json()
    with ann.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "spectate": True})
        state = next(m for m in iter(ws.receive_json, None) if m["type"] == "state")
    address = ["ann@example.org", "bob@example.org"][state["view"]["decision"]["player"]]
    message = wait_mail(mail_dir, address, count=2)  # after the sign-up link
    assert message["Subject"] == f"Your turn at Acquire table {table_id}"
    assert f"https://play.example/#/table/{table_id}" in text_of(message)
    assert message["List-Unsubscribe"].startswith("<https://play.example/api/unsubscribe?token=")
    assert mover["move_hours"] == 24
