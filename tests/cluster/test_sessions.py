"""Sessions across instances: signed in at one, known at every other (the store holds
them); a seat handed to an account at one opens at another."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path

import httpx2
from websockets.sync.client import connect

from .instances import Instance

PEOPLE = {"password_hash_kib": 64, "password_hash_passes": 1}
PASSWORD = "correct horse battery"


def mailed_token(directory: Path, seconds: float = 10) -> str:
    """The token of the first link e-mailed into ``directory`` (the file outbox)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in directory.glob("*.eml") if directory.is_dir() else []:
            found = re.search(r"/#/welcome/(\S+)", path.read_text())
            if found:
                return found.group(1)
        time.sleep(0.05)
    raise AssertionError("no sign-up e-mail")


def test_a_session_works_whichever_instance_a_person_reaches(
    spawn: Callable[..., list[Instance]], tmp_path: Path
) -> None:
    mail = tmp_path / "mail"
    a, b = spawn(2, limits=PEOPLE, options=[f"--mail-dir={mail}"])
    body = {"name": "Ann", "email": "ann@example.org", "password": PASSWORD}
    assert httpx2.post(f"{a.base}/api/accounts", json=body, timeout=10).status_code == 202
    token = mailed_token(mail)
    made = a.post("/api/tables", seats=2, name="Ann", bots={"1": "random"})
    table_id = made["table"]["id"]
    seats = [{"table": table_id, "token": made["token"]}]
    r = httpx2.post(f"{b.base}/api/accounts/confirm", json={"token": token, "seats": seats})
    assert r.status_code == 201, r.text
    cookies = {"takeover_session": r.cookies["takeover_session"]}
    seat_token = r.json()["seats"][0]["token"]
    me = httpx2.get(f"{a.base}/api/me", cookies=cookies, timeout=10)
    assert me.status_code == 200 and me.json()["name"] == "Ann"
    games = httpx2.get(f"{a.base}/api/me/games", cookies=cookies, timeout=10).json()
    assert games["games"][0]["token"] == seat_token
    # the seat handed over at b opens at a (and the guest token no longer does)
    for token_used, wanted in ((made["token"], "error"), (seat_token, "welcome")):
        with connect(f"{a.ws}/ws/tables/{table_id}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token_used}))
            kind = ""
            while kind not in ("error", "welcome"):
                kind = json.loads(ws.recv(timeout=10))["type"]
            assert kind == wanted
    # signed out at a: signed out at b too
    headers = {"X-CSRF-Token": me.json()["csrf"]}
    out = httpx2.delete(f"{a.base}/api/session", cookies=cookies, headers=headers, timeout=10)
    assert out.status_code == 204
    assert httpx2.get(f"{b.base}/api/me", cookies=cookies, timeout=10).status_code == 401
