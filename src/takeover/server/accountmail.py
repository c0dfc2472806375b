"""How the accounts' e-mails leave the server: one small interface, :class:`Outbox`.

Sign-up links and password resets are composed in :mod:`.accounts` and handed to the
server's sender: the SMTP server (:class:`SmtpOutbox`, through :mod:`.mail`) where one is
set, else ``mail_dir``, where each e-mail is written to a file (self-hosting, tests).
Sending runs off the request path (:func:`post`), and nothing here logs a message's text:
it holds a link that works as a password. That is also why these e-mails skip the turn
messages' durable queue (:mod:`.dispatch`): a link that works as a password is never
written to the store.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol

from takeover.server import mail
from takeover.server.config import Settings

log = logging.getLogger("takeover.server")


class Outbox(Protocol):
    """Sends one plain-text e-mail; raises if it could not."""

    async def send(self, to: str, subject: str, text: str) -> None: ...


class FileOutbox:
    """Writes each e-mail as an RFC 5322 file (``<time>-<random>.eml``) into a directory."""

    def __init__(self, directory: str | Path, sender: str = "takeover@localhost") -> None:
        self.directory = Path(directory)
        self.sender = sender

    async def send(self, to: str, subject: str, text: str) -> None:
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = self.sender, to, subject
        message.set_content(text)
        await self.write(message)

    async def write(self, message: EmailMessage) -> None:
        """Write a composed message as it is (the turn messages', with their headers)."""
        name = f"{time.time():.6f}-{secrets.token_hex(4)}.eml"
        await asyncio.to_thread(self._write, name, message.as_bytes())

    def _write(self, name: str, data: bytes) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / name
        path.with_suffix(".tmp").write_bytes(data)
        path.with_suffix(".tmp").rename(path)  # (a reader never sees half a message)


class SmtpOutbox:
    """Sends each e-mail through the server's SMTP server (``--smtp-host``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, to: str, subject: str, text: str) -> None:
        await mail.send(self.settings, mail.compose(self.settings.mail, to, subject, text))


def outbox_for(settings: Settings) -> Outbox | None:
    """The server's sender of account e-mails: SMTP, else files in ``mail_dir``, else none."""
    if settings.mail.host:
        return SmtpOutbox(settings)
    if settings.mail_dir:
        return FileOutbox(settings.mail_dir, settings.mail.sender)
    return None


_sending: set[asyncio.Task[None]] = set()


def post(outbox: Outbox, to: str, subject: str, text: str) -> None:
    """Send in the background: the request does not wait for it, and its time does not
    show whether an e-mail was sent at all. A failure is logged (without the text)."""
    task = asyncio.ensure_future(_send(outbox, to, subject, text))
    _sending.add(task)
    task.add_done_callback(_sending.discard)


async def _send(outbox: Outbox, to: str, subject: str, text: str) -> None:
    try:
        await outbox.send(to, subject, text)
    except Exception as exc:
        log.error("could not send the e-mail %r: %s", subject, type(exc).__name__)
