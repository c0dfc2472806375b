"""How the accounts' e-mails (sign-up links, password resets) leave the server.

One small interface, :class:`Sender`: through the SMTP server (:mod:`.mail`, when
``--smtp-host`` is set), else into files (``--mail-dir``: self-hosting, tests), else none
(and nobody can sign up). Sending runs off the request path (:func:`post`): the request
neither waits for it nor takes longer when there is nothing to send, and a mail server
that is down is tried again a few times. Nothing here logs a message's text: it holds a
link that works as a password.
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

RETRIES = (5.0, 30.0, 120.0)
"""Seconds to wait before each new try of an e-mail the SMTP server did not take (then it
is given up: the person asks again)."""


class Sender(Protocol):
    """Sends one plain-text e-mail; raises if it could not."""

    async def send(self, to: str, subject: str, text: str) -> None: ...


class SmtpSender:
    """Through the server's SMTP server (:func:`takeover.server.mail.send`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, to: str, subject: str, text: str) -> None:
        await mail.send(self.settings, mail.compose(self.settings.mail, to, subject, text))


class FileSender:
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


def sender_for(settings: Settings) -> Sender | None:
    """The SMTP server if one is set, else the mail directory if one is, else none."""
    if settings.mail.host:
        return SmtpSender(settings)
    if settings.mail_dir:
        return FileSender(settings.mail_dir, settings.mail.sender)
    return None


_sending: set[asyncio.Task[None]] = set()


def post(sender: Sender, to: str, subject: str, text: str) -> None:
    """Send in the background; a failure is logged without the text."""
    task = asyncio.ensure_future(_send(sender, to, subject, text))
    _sending.add(task)
    task.add_done_callback(_sending.discard)


async def _send(sender: Sender, to: str, subject: str, text: str) -> None:
    for wait in (0.0, *RETRIES):
        await asyncio.sleep(wait)
        try:
            await sender.send(to, subject, text)
            return
        except mail.MailError as exc:
            log.warning("could not send the e-mail %r: %s", subject, exc)
            if exc.permanent:
                return
        except Exception as exc:
            log.error("could not send the e-mail %r: %s", subject, type(exc).__name__)
            return
    log.error("gave up sending the e-mail %r", subject)
