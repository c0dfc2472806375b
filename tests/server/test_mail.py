"""E-mail out through a real SMTP server (aiosmtpd): plain, STARTTLS with sign-in, TLS, and
what a refusal or a server that is down says."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme

from takeover.server.config import MailSettings, Settings
from takeover.server.mail import MailError, compose, send

from .serving import free_port
from .smtp import SmtpServer


def _send(mail: MailSettings, to: str) -> None:
    asyncio.run(send(Settings(mail=mail, mail_timeout_seconds=5), compose(mail, to, "s", "t")))


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


def _server_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    return context


def test_a_message_arrives_with_its_headers(smtp: SmtpServer) -> None:
    mail = MailSettings(host="127.0.0.1", port=smtp.port, tls="none", sender="t@example.org")
    message = compose(
        mail,
        "ann@example.org",
        "Your turn at table 7",
        "Play at https://example.org/#/table/7\n",
        headers={"List-Unsubscribe": "<https://example.org/u/x>"},
    )
    asyncio.run(send(Settings(mail=mail, mail_timeout_seconds=5), message))
    [got] = smtp.wait_for(1)
    assert got["To"] == "ann@example.org" and got["From"] == "t@example.org"
    assert got["Subject"] == "Your turn at table 7"
    assert got["List-Unsubscribe"] == "<https://example.org/u/x>"
    long = "<https://play.example.org/api/unsubscribe?token=" + "x" * 120 + ">"
    raw = compose(mail, "a@example.org", "s", "t", headers={"List-Unsubscribe": long}).as_bytes()
    assert f"List-Unsubscribe: {long}\r\n".encode() in raw  # one line, never encoded words
    assert "https://example.org/#/table/7" in got.get_content()  # type: ignore[attr-defined]
    assert smtp.inbox.envelopes[0].rcpt_tos == ["ann@example.org"]


def test_starttls_with_a_password(ca: trustme.CA, tmp_path: Path) -> None:
    server = SmtpServer(tls_context=_server_context(ca), login=("game", "s3cret")).start()
    try:
        ca_file = tmp_path / "ca.pem"
        ca.cert_pem.write_to_path(str(ca_file))
        mail = MailSettings(
            host="127.0.0.1",
            port=server.port,
            tls="starttls",
            username="game",
            password="s3cret",
            ca_file=str(ca_file),
        )
        _send(mail, "ann@example.org")
        assert len(server.wait_for(1)) == 1
        wrong = MailSettings(**{**mail.__dict__, "password": "guess"})
        with pytest.raises(MailError) as refused:
            _send(wrong, "ann@example.org")
        assert not refused.value.permanent  # the operator's mistake: fixed, the mail goes out
        assert "guess" not in str(refused.value) and "guess" not in repr(wrong)
    finally:
        server.stop()


def test_an_unknown_certificate_is_refused(ca: trustme.CA) -> None:
    server = SmtpServer(tls_context=_server_context(ca)).start()
    try:
        mail = MailSettings(host="127.0.0.1", port=server.port, tls="starttls")
        with pytest.raises(MailError, match="certificate"):
            _send(mail, "ann@example.org")
        assert server.messages == []
    finally:
        server.stop()


def test_a_plain_server_is_not_used_when_starttls_is_asked(smtp: SmtpServer) -> None:
    mail = MailSettings(host="127.0.0.1", port=smtp.port, tls="starttls")
    with pytest.raises(MailError):
        _send(mail, "ann@example.org")
    assert smtp.messages == []


def test_a_refused_recipient_is_permanent(smtp: SmtpServer) -> None:
    mail = MailSettings(host="127.0.0.1", port=smtp.port, tls="none")
    with pytest.raises(MailError) as refused:
        _send(mail, "refuse@example.org")
    assert refused.value.permanent


def test_a_server_that_is_down_is_worth_trying_again() -> None:
    mail = MailSettings(host="127.0.0.1", port=free_port(), tls="none")
    with pytest.raises(MailError) as down:
        _send(mail, "ann@example.org")
    assert not down.value.permanent


def test_no_server_set_says_so() -> None:
    with pytest.raises(MailError, match="smtp-host"):
        _send(MailSettings(), "a@example.org")


@pytest.mark.parametrize("header", ["X-A\r\nBcc: b@example.org", "X-A"])
def test_a_header_of_two_lines_is_refused(header: str) -> None:
    with pytest.raises(ValueError, match="one line"):
        compose(
            MailSettings(), "a@example.org", "s", "t", headers={header: "v\nBcc: b@example.org"}
        )


def test_serve_offers_every_tls_mode() -> None:
    from typing import get_args

    from takeover.commands.serve import TLS_MODES
    from takeover.server.config import TlsMode

    assert get_args(TlsMode) == TLS_MODES
