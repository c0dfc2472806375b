"""Helpers for the account tests: a server that sends its e-mails to files, reading them,
signing up and in as a browser does."""

from __future__ import annotations

import email
import re
import time
from email.message import Message
from pathlib import Path
from typing import Any

PEOPLE = {"password_hash_kib": 64, "password_hash_passes": 1}
"""Cheap Argon2 parameters for the tests (the defaults cost 19 MiB and about 0.1 s a hash)."""

PASSWORD = "correct horse battery"


def mails(directory: Path, to: str | None = None) -> list[Message]:
    found = []
    for path in sorted(directory.glob("*.eml")) if directory.is_dir() else []:
        message = email.message_from_bytes(path.read_bytes())
        if to is None or message["To"] == to:
            found.append(message)
    return found


def wait_mail(directory: Path, to: str, count: int = 1, seconds: float = 10) -> Message:
    """The ``count``-th e-mail sent to ``to`` (waiting for it: sending is in the background)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = mails(directory, to)
        if len(got) >= count:
            return got[count - 1]
        time.sleep(0.02)
    raise AssertionError(f"no e-mail number {count} to {to} within {seconds} s")


def text_of(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def link_token(message: Message, page: str) -> str:
    found = re.search(rf"/#/{page}/(\S+)", text_of(message))
    assert found, text_of(message)
    return found.group(1)


def sign_up(
    client: Any,
    directory: Path,
    name: str,
    address: str,
    password: str = PASSWORD,
    seats: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """Sign up and open the link: the signed-in person (``/api/me`` with ``seats``)."""
    before = len(mails(directory, address))
    r = client.post("/api/accounts", json={"name": name, "email": address, "password": password})
    assert r.status_code == 202, r.text
    token = link_token(wait_mail(directory, address, before + 1), "welcome")
    r = client.post("/api/accounts/confirm", json={"token": token, "seats": seats or []})
    assert r.status_code == 201, r.text
    return dict(r.json())
