"""The outbox and its sender: a turn's e-mail through a real SMTP server (aiosmtpd) with its
one-click unsubscribe; a mail server that is down delays the message, never the move, and the
message goes out once it is back; retries give up in the end; the daily digest; webhooks."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from takeover.server.storage.notices import Prefs

from .notices import (
    call,
    people_server,
    play_until_turn_passes,
    rows,
    services,
    set_prefs,
    two_people,
)
from .receiver import Receiver
from .serving import free_port
from .smtp import SmtpServer

PEOPLE = (Prefs("p0", email="ann@example.org"), Prefs("p1", email="bob@example.org"))


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


def _until(client: Any, check: Any, seconds: float = 10.0) -> list[dict[str, Any]]:
    """The outbox once ``check(rows)`` holds (the sender works in the background)."""
    end = time.monotonic() + seconds
    while True:
        found = rows(client)
        if check(found) or time.monotonic() > end:
            return found
        time.sleep(0.05)


def test_the_first_turn_of_a_correspondence_game_is_mailed(
    make_client: Any, smtp: SmtpServer
) -> None:
    client = people_server(make_client, smtp.port)
    set_prefs(client, *PEOPLE)
    table_id, _ = two_people(client, timer="correspondence", move_hours=24)
    [message] = smtp.wait_for(1)
    first = client.get(f"/api/tables/{table_id}").json()
    to = message["To"]
    assert to in ("ann@example.org", "bob@example.org")
    assert message["Subject"] == f"Your turn at Acquire table {table_id}"
    text = message.get_content()  # type: ignore[attr-defined]
    assert f"https://play.example.org/#/table/{table_id}" in text
    assert "You have until" in text and first["move_hours"] == 24
    unsubscribe = message["List-Unsubscribe"]
    assert unsubscribe.startswith("<https://play.example.org/api/unsubscribe?token=")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe.strip("<>") in text  # the same link in the body, for a person
    [row] = _until(client, lambda r: r and r[0]["status"] == "sent")
    assert row["status"] == "sent" and row["channel"] == "email"


def test_one_message_a_turn(make_client: Any, smtp: SmtpServer) -> None:
    client = people_server(make_client, smtp.port)
    set_prefs(client, *PEOPLE)
    table_id, tokens = two_people(client, timer="correspondence", move_hours=24)
    mover, other = play_until_turn_passes(client, table_id, tokens, random.Random(3))
    found = _until(client, lambda r: len(r) == 2 and all(x["status"] == "sent" for x in r))
    seats = [int(r["turn"].rsplit(":", 1)[1]) for r in found]
    assert seats == [mover, other]  # the mover's turn once (however long), then the other's
    # Another instance that heard of the same turn queues nothing more.
    found_services = services(client)
    table = found_services.master.tables[table_id]
    update = table.recent[-1]
    call(client, lambda: found_services.notifier.on_update(table, update))
    assert len(rows(client)) == 2
    assert len(smtp.wait_for(2)) == 2


def test_a_mail_server_that_is_down_delays_the_message_not_the_move(make_client: Any) -> None:
    port = free_port()
    client = people_server(
        make_client, port, outbox_retry_seconds=0.2, outbox_retry_max_seconds=0.5
    )
    set_prefs(client, *PEOPLE)
    table_id, tokens = two_people(client, timer="correspondence", move_hours=24)
    # Down: the first message fails and waits for its retry; the game goes on meanwhile.
    [failed] = _until(client, lambda r: r and r[0]["attempts"] >= 1)
    assert failed["status"] == "pending" and "127.0.0.1" in failed["error"]
    mover, other = play_until_turn_passes(client, table_id, tokens, random.Random(4))
    assert client.get(f"/api/tables/{table_id}").json()["seq"] >= 1
    assert [r["status"] for r in rows(client)] == ["pending", "pending"]
    # Up again: the retries deliver both, once each.
    server = SmtpServer(port=port).start()
    try:
        found = _until(client, lambda r: len(r) == 2 and all(x["status"] == "sent" for x in r))
        assert [r["status"] for r in found] == ["sent", "sent"]
        got = sorted(m["To"] for m in server.wait_for(2))
        assert got == sorted(["ann@example.org", "bob@example.org"][s] for s in (mover, other))
    finally:
        server.stop()


def test_retries_give_up_in_the_end(make_client: Any) -> None:
    client = people_server(make_client, free_port(), outbox_attempts=3, outbox_retry_seconds=10)
    set_prefs(client, *PEOPLE)
    two_people(client, timer="correspondence", move_hours=24)
    _until(client, lambda r: r and r[0]["attempts"] == 1)
    outbox = services(client).dispatch
    call(client, outbox.send_due, time.time() + 100)  # the second attempt
    [row] = rows(client)
    assert row["attempts"] == 2 and row["status"] == "pending"
    call(client, outbox.send_due, time.time() + 1000)  # the third: the last
    [row] = rows(client)
    assert row["status"] == "failed" and "127.0.0.1" in row["error"]


def test_the_daily_digest_gathers_the_turns(make_client: Any, smtp: SmtpServer) -> None:
    client = people_server(make_client, smtp.port, digest_hour=8)
    set_prefs(client, *(Prefs(p.recipient, email=p.email, digest=True) for p in PEOPLE))
    first, _ = two_people(client, timer="correspondence", move_hours=24)
    second, _ = two_people(client, timer="correspondence", move_hours=24)
    queued = rows(client)
    assert [r["channel"] for r in queued] == ["digest", "digest"]
    due = queued[0]["due_at"]
    assert time.gmtime(due).tm_hour == 8 and 0 < due - time.time() <= 86400
    outbox = services(client).dispatch
    assert call(client, outbox.send_due, due - 60) == 0
    call(client, outbox.send_due, due + 1)
    messages = smtp.wait_for(1)
    time.sleep(0.2)
    by_person: dict[str, list[str]] = {}
    for m in smtp.messages:
        by_person.setdefault(m["To"], []).append(m.get_content())  # type: ignore[attr-defined]
    assert sum(len(v) for v in by_person.values()) == len(by_person)  # one e-mail each
    for text in (t for v in by_person.values() for t in v):
        assert "Since yesterday" in text
    tables = "".join(t for v in by_person.values() for t in v)
    assert first in tables and second in tables
    assert messages and all(r["status"] == "sent" for r in rows(client))


def test_a_webhook_gets_the_turn(make_client: Any, smtp: SmtpServer) -> None:
    with Receiver() as receiver:
        client = people_server(make_client, smtp.port, webhook_private_targets=True)
        hook = f"http://127.0.0.1:{receiver.port}/hook"
        set_prefs(client, *(Prefs(p.recipient, webhook=hook) for p in PEOPLE))
        table_id, _ = two_people(client, timer="correspondence", move_hours=24)
        [got] = receiver.wait_for(1)
    assert got["json"]["content"].startswith(f"It is your turn at Acquire table {table_id}")
    assert got["json"]["text"] == got["json"]["content"]
    assert f"https://play.example.org/#/table/{table_id}" in got["json"]["content"]
    assert smtp.messages == []  # no e-mail address given: no e-mail


def test_a_webhook_to_a_private_address_is_never_called(make_client: Any, smtp: SmtpServer) -> None:
    with Receiver() as receiver:
        client = people_server(make_client, smtp.port)  # private targets: off (the default)
        hook = f"http://127.0.0.1:{receiver.port}/hook"
        set_prefs(client, *(Prefs(p.recipient, webhook=hook) for p in PEOPLE))
        two_people(client, timer="correspondence", move_hours=24)
        found = _until(client, lambda r: len(r) == 2 and r[1]["status"] != "pending")
        email, row = found  # no address, no e-mail: dropped
        assert (email["channel"], email["status"]) == ("email", "dropped")
        assert row["status"] == "failed" and "https://" in row["error"]
        assert receiver.requests == []


def test_a_live_game_messages_only_people_who_left_the_page(
    make_client: Any, smtp: SmtpServer
) -> None:
    client = people_server(make_client, smtp.port)
    set_prefs(client, *PEOPLE)
    table_id, tokens = two_people(client, timer="normal")
    assert len(rows(client)) == 1  # nobody has the page open yet: the first turn is mailed
    from .helpers import hello, until

    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as bob,
    ):
        hello(ann, tokens[0])
        hello(bob, tokens[1])
        until(ann, "state")
        mover, _ = play_until_turn_passes(client, table_id, tokens, random.Random(5))
        assert len(rows(client)) == 1  # both pages open: no message
    del mover


def test_a_queued_message_outlives_a_restart(make_client: Any) -> None:
    port = free_port()
    first = people_server(make_client, port)
    set_prefs(first, *PEOPLE)
    two_people(first, timer="correspondence", move_hours=24)
    _until(first, lambda r: r and r[0]["attempts"] >= 1)  # the mail server is down
    first.__exit__(None, None, None)
    server = SmtpServer(port=port).start()
    try:
        again = people_server(make_client, port, outbox_retry_seconds=0.1)
        call(again, services(again).dispatch.send_due, time.time() + 3600)
        assert len(server.wait_for(1)) == 1
        assert [r["status"] for r in rows(again)] == ["sent"]
    finally:
        server.stop()


def test_two_instances_never_send_the_same_message(make_client: Any) -> None:
    from takeover.server.storage import notices
    from takeover.server.storage.notices import Notice

    client = make_client()
    store = services(client).store
    now = time.time()
    queued = [Notice("p0", "email", f"t:{n}:0", {"text": "x", "url": "u"}, now) for n in range(3)]
    call(client, store.run, lambda c: notices.enqueue(c, queued, now))
    a = call(client, store.run, lambda c: notices.claim(c, "a", now, 120.0, 2))
    b = call(client, store.run, lambda c: notices.claim(c, "b", now, 120.0, 10))
    assert len(a) == 2 and len(b) == 1 and not {q.id for q in a} & {q.id for q in b}
    assert call(client, store.run, lambda c: notices.claim(c, "b", now + 60, 120.0, 10)) == []
    # "a" died: after its claim runs out, "b" sends what it had taken
    late = call(client, store.run, lambda c: notices.claim(c, "b", now + 121, 120.0, 10))
    assert {q.id for q in a} <= {q.id for q in late}
    # queued again (another instance heard the same turns): nothing new
    assert call(client, store.run, lambda c: notices.enqueue(c, queued, now)) == 0


def test_without_preferences_a_person_gets_email_at_their_own_address(
    make_client: Any, smtp: SmtpServer
) -> None:
    """The defaults: e-mail at each turn, to the address the accounts know."""
    client = people_server(make_client, smtp.port)
    services(client).dispatch.addresses = lambda conn, recipients: {
        r: f"{r}@people.example" for r in recipients
    }
    two_people(client, timer="correspondence", move_hours=24)
    [message] = smtp.wait_for(1)
    assert message["To"] in ("p0@people.example", "p1@people.example")
