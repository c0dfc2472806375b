"""E-mail out: one message composed and handed to the SMTP server, asynchronously.

The server never sends from a request: a turn's message goes into the outbox, whose sender
(:mod:`takeover.server.dispatch`) calls :func:`send` and retries what failed for a while
(:attr:`MailError.permanent` says not to); the accounts' links go through
:mod:`takeover.server.accountmail`. Settings: :class:`MailSettings`.
"""

from __future__ import annotations

import email.policy
import email.utils
import ssl
from collections.abc import Mapping
from email.message import EmailMessage

import aiosmtplib

from takeover.server.config import MailSettings, Settings

POLICY = email.policy.SMTP.clone(max_line_length=998)
"""CRLF lines of up to SMTP's 998 characters: a long header of one word (a link in
``List-Unsubscribe``) is kept as it is, never folded into encoded words a mail client would
not read as a link."""


class MailError(Exception):
    """An e-mail not delivered to the SMTP server; ``permanent``: trying again is no use
    (the server refused the address or the message for good, a 5xx reply)."""

    def __init__(self, reason: str, *, permanent: bool) -> None:
        super().__init__(reason)
        self.permanent = permanent


def _one_line(name: str, value: str) -> str:
    if "\r" in value or "\n" in value:  # a header's end: what follows would be headers
        raise ValueError(f"{name} must be one line")
    return value


def compose(
    mail: MailSettings,
    to: str,
    subject: str,
    text: str,
    *,
    headers: Mapping[str, str] | None = None,
) -> EmailMessage:
    """A plain-text message from the server's sender to one address.

    ``headers`` are added as given (``List-Unsubscribe`` ...); ``ValueError`` for an
    address that is not one address, or a header value of more than one line.

    >>> m = compose(MailSettings(sender="game@example.org"), "ann@example.org", "Your turn", "Go")
    >>> m["To"], m["From"], m["Subject"], m.get_content().strip()
    ('ann@example.org', 'game@example.org', 'Your turn', 'Go')
    >>> compose(MailSettings(), "ann@example.org\\nBcc: x@example.org", "s", "t")
    Traceback (most recent call last):
    ...
    ValueError: the recipient must be one line
    """
    _one_line("the recipient", to)
    address = email.utils.parseaddr(to)[1]
    if "@" not in address or "," in to:
        raise ValueError(f"the recipient is not one e-mail address: {to!r}")
    message = EmailMessage(policy=POLICY)
    message["From"] = _one_line("the sender", mail.sender)
    message["To"] = to
    message["Subject"] = _one_line("the subject", subject)
    message["Date"] = email.utils.formatdate(localtime=False, usegmt=True)
    domain = mail.sender.rpartition("@")[2].strip("> ") or "localhost"
    message["Message-ID"] = email.utils.make_msgid(domain=domain)
    for key, value in (headers or {}).items():
        message[_one_line("a header's name", key)] = _one_line(key, value)
    message.set_content(text)
    return message


def _tls_context(mail: MailSettings) -> ssl.SSLContext | None:
    if mail.tls == "none":
        return None
    context = ssl.create_default_context()
    if mail.ca_file:
        context.load_verify_locations(cafile=mail.ca_file)
    return context


async def send(settings: Settings, message: EmailMessage) -> None:
    """Hand ``message`` to the SMTP server; :class:`MailError` when it was not accepted
    within ``mail_timeout_seconds``.

    The SMTP server's certificate is checked (``ca_file`` adds a private CA); the password,
    if any, is sent only over TLS unless ``tls`` is ``none``, a relay the operator chose.
    """
    mail = settings.mail
    if not mail.host:
        raise MailError("no SMTP server is set (takeover serve --smtp-host)", permanent=False)
    try:
        await aiosmtplib.send(
            message,
            hostname=mail.host,
            port=mail.port,
            username=mail.username if mail.username else None,
            password=mail.password if mail.username else None,
            use_tls=mail.tls == "tls",
            start_tls=mail.tls == "starttls",
            tls_context=_tls_context(mail),
            timeout=settings.mail_timeout_seconds,
        )
    except aiosmtplib.SMTPRecipientsRefused as exc:
        codes = [refused.code for refused in exc.recipients]
        raise MailError(
            f"the SMTP server refused the recipient: {exc}",
            permanent=all(code >= 500 for code in codes),
        ) from None
    except aiosmtplib.SMTPDataError as exc:
        raise MailError(
            f"the SMTP server refused the message: {exc}", permanent=exc.code >= 500
        ) from None
    except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
        raise MailError(
            f"could not send through {mail.host}:{mail.port}: {exc}", permanent=False
        ) from None
