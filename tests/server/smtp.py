"""A real SMTP server for tests (aiosmtpd in a thread): what it received, and a way to stop
it and start it again on the same port ("the mail server is down, then up")."""

from __future__ import annotations

import email
import email.policy
import ssl
import threading
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from .serving import free_port


class _Inbox:
    """aiosmtpd's handler: keeps every message, and refuses recipients at ``refuse@``."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[Envelope] = []
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)

    async def handle_RCPT(
        self, _server: SMTP, _session: Session, envelope: Envelope, address: str, _options: Any
    ) -> str:
        if address.startswith("refuse@"):
            return "550 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, _server: SMTP, _session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        message = email.message_from_bytes(content, policy=email.policy.default)
        with self.arrived:
            self.envelopes.append(envelope)
            self.messages.append(message)  # type: ignore[arg-type]
            self.arrived.notify_all()
        return "250 accepted"


class SmtpServer:
    """aiosmtpd listening at 127.0.0.1:``port``: plain, or with ``tls_context`` offering
    STARTTLS (then required) and, with ``login``, requiring sign-in as that user."""

    def __init__(
        self,
        *,
        port: int | None = None,
        tls_context: ssl.SSLContext | None = None,
        login: tuple[str, str] | None = None,
    ) -> None:
        self.port = port or free_port()
        self.inbox = _Inbox()
        self.tls_context = tls_context
        self.login = login
        self.controller: Controller | None = None

    def _authenticate(
        self, _server: SMTP, _session: Session, _envelope: Envelope, _mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and self.login == (
            data.login.decode(),
            data.password.decode(),
        )
        return AuthResult(success=ok)

    def start(self) -> SmtpServer:
        extra: dict[str, Any] = {}
        if self.tls_context is not None:
            extra |= {"tls_context": self.tls_context, "require_starttls": True}
        if self.login is not None:
            extra |= {"authenticator": self._authenticate, "auth_required": True}
        self.controller = Controller(
            self.inbox, hostname="127.0.0.1", port=self.port, ready_timeout=10, **extra
        )
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def messages(self) -> list[EmailMessage]:
        with self.inbox.lock:
            return list(self.inbox.messages)

    def wait_for(self, count: int, timeout: float = 10.0) -> list[EmailMessage]:
        """The messages, once ``count`` have arrived (``AssertionError`` after ``timeout``)."""
        with self.inbox.arrived:
            done = self.inbox.arrived.wait_for(lambda: len(self.inbox.messages) >= count, timeout)
            assert done, f"{len(self.inbox.messages)} of {count} e-mails arrived in {timeout} s"
            return list(self.inbox.messages)
