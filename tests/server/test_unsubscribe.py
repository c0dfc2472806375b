"""One-click unsubscribe: the link of an e-mail turns e-mail off without signing in (a mail
client's RFC 8058 POST, or the page's button); a GET changes nothing; a forged or cut link
does nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from takeover.server.links import token
from takeover.server.storage import notices

from .notices import call, people_server, rows, services, set_prefs, two_people
from .smtp import SmtpServer
from .test_dispatch import PEOPLE


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


def _email_on(client: Any, recipient: str) -> bool:
    store = services(client).store
    found = call(client, store.run, lambda c: notices.prefs(c, [recipient]))
    return bool(found[recipient].email_on)


def test_the_link_of_an_email_unsubscribes_in_one_click(make_client: Any, smtp: SmtpServer) -> None:
    client = people_server(make_client, smtp.port)
    set_prefs(client, *PEOPLE)
    two_people(client, timer="correspondence", move_hours=24)
    [message] = smtp.wait_for(1)
    recipient = {"ann@example.org": "p0", "bob@example.org": "p1"}[message["To"]]
    link = urlsplit(message["List-Unsubscribe"].strip("<>"))
    path = f"{link.path}?{link.query}"
    # Opening it (as a mail scanner would) changes nothing: a page with one button.
    page = client.get(path)
    assert page.status_code == 200 and "<form" in page.text and 'method="post"' in page.text
    assert _email_on(client, recipient)
    # The mail client's one-click POST: a form body, from no page of this site.
    done = client.post(
        path,
        content=b"List-Unsubscribe=One-Click",
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": "https://mail.example",
        },
    )
    assert done.status_code == 200 and "Unsubscribed" in done.text
    assert not _email_on(client, recipient)
    other = "p1" if recipient == "p0" else "p0"
    assert _email_on(client, other)  # only theirs
    assert client.post(path).status_code == 200  # again: still fine


def test_no_email_after_unsubscribing(make_client: Any, smtp: SmtpServer) -> None:
    client = people_server(make_client, smtp.port)
    set_prefs(client, *PEOPLE)
    key = call(client, services(client).dispatch.key)
    for recipient in ("p0", "p1"):
        r = client.post(f"/api/unsubscribe?token={token(key, recipient)}")
        assert r.status_code == 200
    two_people(client, timer="correspondence", move_hours=24)
    assert rows(client) == []  # e-mail off: nothing queued
    assert smtp.messages == []


@pytest.mark.parametrize("given", ["", "nonsense", "cDA.AAAA", "cDA"])
def test_a_forged_or_cut_link_does_nothing(make_client: Any, smtp: SmtpServer, given: str) -> None:
    client = people_server(make_client, smtp.port)
    set_prefs(client, *PEOPLE)
    forged = token("not the server's key", "p0")
    for t in (given, forged):
        assert client.get(f"/api/unsubscribe?token={t}").status_code == 400
        r = client.post(f"/api/unsubscribe?token={t}")
        assert r.status_code == 400 and "does not work" in r.text
    assert _email_on(client, "p0")


def test_other_posts_still_need_json_from_this_site(client: Any) -> None:
    r = client.post(
        "/api/tables",
        content=b"seats=2",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 415
