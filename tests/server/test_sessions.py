"""The session's defences: no account learnt from any answer, no session fixation, no
forged request, sign-in attempts limited per address and per account, the cookie's
flags, and no password or e-mailed token in any log (on a real ``takeover serve`` too)."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from .people import PASSWORD, PEOPLE, link_token, sign_up, wait_mail
from .serving import free_port, stop

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)


@pytest.fixture
def mail_dir(tmp_path: Path) -> Path:
    return tmp_path / "mail"


@pytest.fixture
def people_client(make_client: Callable[..., TestClient], mail_dir: Path) -> TestClient:
    return make_client(**PEOPLE, mail_dir=str(mail_dir))


def answer(r: httpx2.Response) -> tuple[int, object]:
    return r.status_code, r.json()


@SQLITE
def test_no_answer_tells_whether_an_address_has_an_account(
    people_client: TestClient, mail_dir: Path
) -> None:
    client = people_client
    sign_up(client, mail_dir, "Ann", "ann@example.org")
    client.cookies.clear()
    # sign up again with a taken address: the same answer as for a free one
    taken = client.post(
        "/api/accounts", json={"name": "X", "email": "ann@example.org", "password": PASSWORD}
    )
    free = client.post(
        "/api/accounts", json={"name": "X", "email": "zed@example.org", "password": PASSWORD}
    )
    assert answer(taken) == (
        202,
        {**free.json(), "message": free.json()["message"].replace("zed", "ann")},
    )
    # (the owner of the taken address is told, by e-mail only)
    assert "has an account already" in wait_mail(mail_dir, "ann@example.org", 2).get_payload()
    # sign in: a wrong password and an unknown address read the same
    wrong = client.post("/api/session", json={"email": "ann@example.org", "password": "nope nope"})
    unknown = client.post(
        "/api/session", json={"email": "who@example.org", "password": "nope nope"}
    )
    assert answer(wrong) == answer(unknown) == (401, wrong.json())
    # ... and an unknown address costs a password hash too (no answer sooner)
    assert client.app.state.services.passwords._dummy is not None  # type: ignore[attr-defined]
    # a reset: the same answer
    known = client.post("/api/password-reset", json={"email": "ann@example.org"})
    other = client.post("/api/password-reset", json={"email": "who@example.org"})
    assert known.status_code == other.status_code == 202
    assert known.json()["message"].replace("ann", "who") == other.json()["message"]


@SQLITE
def test_a_planted_session_id_never_signs_in(people_client: TestClient, mail_dir: Path) -> None:
    client = people_client
    sign_up(client, mail_dir, "Ann", "ann@example.org")
    first = client.cookies.get("takeover_session")
    client.cookies.clear()
    client.cookies.set("takeover_session", "planted-by-someone-else", domain="testserver.local")
    assert client.get("/api/me").status_code == 401
    r = client.post("/api/session", json={"email": "ann@example.org", "password": PASSWORD})
    assert r.status_code == 200
    now = client.cookies.get("takeover_session")
    assert now not in (None, "planted-by-someone-else", first)
    browser = TestClient(client.app)
    browser.cookies.set("takeover_session", "planted-by-someone-else", domain="testserver.local")
    assert browser.get("/api/me").status_code == 401
    # signing in again renews the id, and the one it replaces ends
    client.post("/api/session", json={"email": "ann@example.org", "password": PASSWORD})
    browser = TestClient(client.app)
    browser.cookies.set("takeover_session", now or "", domain="testserver.local")
    assert browser.get("/api/me").status_code == 401


@SQLITE
def test_cookie_authenticated_changes_need_the_anti_forgery_token(
    people_client: TestClient, mail_dir: Path
) -> None:
    client = people_client
    me = sign_up(client, mail_dir, "Ann", "ann@example.org")
    body = {"password": PASSWORD, "new_password": "forged password!"}
    for headers in ({}, {"X-CSRF-Token": "guessed"}):
        r = client.post("/api/me/password", json=body, headers=headers)
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        assert client.delete("/api/session", headers=headers).status_code == 403
        r = client.post("/api/me/seats", json={"seats": []}, headers=headers)
        assert r.status_code == 403
    assert client.get("/api/me").status_code == 200  # still signed in, password unchanged
    # another site's page is refused before anything (Origin, Sec-Fetch-Site), token or not
    headers = {"X-CSRF-Token": me["csrf"], "Origin": "https://evil.example"}
    assert client.delete("/api/session", headers=headers).status_code == 403
    headers = {"X-CSRF-Token": me["csrf"], "Sec-Fetch-Site": "cross-site"}
    assert client.post("/api/me/password", json=body, headers=headers).status_code == 403
    r = client.post(
        "/api/session",
        content=b"email=a&password=b",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 415  # no sign-in by a form posted from elsewhere
    assert client.get("/api/me").status_code == 200
    r = client.delete("/api/session", headers={"X-CSRF-Token": me["csrf"]})
    assert r.status_code == 204 and client.get("/api/me").status_code == 401


@SQLITE
def test_sign_in_attempts_are_limited_per_account_and_per_address(
    make_client: Callable[..., TestClient], mail_dir: Path
) -> None:
    client = make_client(
        **PEOPLE,
        mail_dir=str(mail_dir),
        sign_in_failures_per_account=3,
        sign_in_failures_per_address=5,
    )
    sign_up(client, mail_dir, "Ann", "ann@example.org")
    client.cookies.clear()

    def sign_in(address: str, password: str) -> httpx2.Response:
        return client.post("/api/session", json={"email": address, "password": password})

    for _ in range(3):
        assert sign_in("ann@example.org", "guess guess").status_code == 401
    limited = sign_in("ann@example.org", PASSWORD)  # even the right password, now
    assert limited.status_code == 429 and "try again" in limited.json()["error"]["message"]
    # an unknown address is limited alike (so the limit tells nothing either)
    for _ in range(2):
        assert sign_in("who@example.org", "guess guess").status_code == 401
    # the address: five failures in all, then nothing from here
    r = sign_in("zed@example.org", "guess guess")
    assert answer(r) == (429, limited.json())


@SQLITE
def test_the_cookie_is_httponly_strict_and_secure_behind_https(
    people_client: TestClient, mail_dir: Path
) -> None:
    client = people_client
    r = client.post(
        "/api/accounts", json={"name": "Ann", "email": "ann@example.org", "password": PASSWORD}
    )
    token = link_token(wait_mail(mail_dir, "ann@example.org"), "welcome")
    r = client.post("/api/accounts/confirm", json={"token": token})
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain http: a Secure cookie would never come back
    secure = TestClient(client.app, base_url="https://testserver")
    r = secure.post("/api/session", json={"email": "ann@example.org", "password": PASSWORD})
    assert r.status_code == 200 and "secure" in r.headers["set-cookie"].lower()


@SQLITE
def test_passwords_and_links_are_never_logged(
    people_client: TestClient, mail_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    client = people_client
    sign_up(client, mail_dir, "Ann", "ann@example.org", password="secret-password-1")
    client.post("/api/session", json={"email": "ann@example.org", "password": "secret-password-2"})
    client.post("/api/password-reset", json={"email": "ann@example.org"})
    token = link_token(wait_mail(mail_dir, "ann@example.org", 2), "reset")
    body = {"token": token, "password": "secret-password-3"}
    assert client.post("/api/password-reset/confirm", json=body).status_code == 200
    logged = caplog.text + "".join(str(r.args) for r in caplog.records)
    assert caplog.records  # (something was logged at all)
    for secret in ("secret-password-1", "secret-password-2", "secret-password-3", token):
        assert secret not in logged


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path, Path]]:
    """A real ``takeover serve`` logging everything (debug) to a file: its URL, mail, log."""
    port, log = free_port(), tmp_path / "serve.log"
    command = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(port)]
    command += ["--database", f"sqlite:///{tmp_path / 'db'}", "--log-level", "debug"]
    command += [f"--limit={k}={v}" for k, v in PEOPLE.items()]
    command += [f"--mail-dir={tmp_path / 'mail'}", "--http-rate=1000"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(command, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    if httpx2.get(f"http://127.0.0.1:{port}/readyz", timeout=1).is_success:
                        break
                except httpx2.HTTPError:
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{port}", tmp_path / "mail", log
        finally:
            stop(proc)


def test_a_real_server_logs_no_secret(served: tuple[str, Path, Path]) -> None:
    base, mail, log = served
    with httpx2.Client(base_url=base, timeout=10) as browser:
        body = {"name": "Ann", "email": "ann@example.org", "password": "secret-password-1"}
        assert browser.post("/api/accounts", json=body).status_code == 202
        token = link_token(wait_mail(mail, "ann@example.org"), "welcome")
        r = browser.post("/api/accounts/confirm", json={"token": token})
        assert r.status_code == 201
        cookie = r.cookies.get("takeover_session")
        wrong = {"email": "ann@example.org", "password": "secret-password-2"}
        assert browser.post("/api/session", json=wrong).status_code == 401
    text = log.read_text()
    assert "POST /api/session" in text  # the access log is on
    for secret in ("secret-password-1", "secret-password-2", token, cookie):
        assert secret and secret not in text
