"""The outbox's sender: messages queued in the store, sent in the background, with retries.

A turn's message is written to the outbox (a table, :mod:`.storage.notices`) and nothing
waits for it: a mail server or a webhook that is down delays the message, never a move. Each
instance's sender claims what is due (so that two instances never send the same message),
sends it, and on a failure tries again later, waiting twice as long each time
(``outbox_retry_seconds`` doubling up to ``outbox_retry_max_seconds``) until
``outbox_attempts``; a refusal for good (a 5xx SMTP reply to the address, a webhook that is
not allowed or answers 4xx) ends it at once. A digest entry waits for the day's digest hour,
when every entry due for the same person goes out in one e-mail. The preferences are read
when the message goes out, so an unsubscribe or a new webhook counts at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from takeover.server import links, mail, webhook
from takeover.server.accountmail import FileSender
from takeover.server.config import Settings
from takeover.server.storage import Store, notices
from takeover.server.storage.notices import Prefs, Queued

log = logging.getLogger("takeover.server.dispatch")

HOLD_SECONDS = 120.0
"""How long a claim lasts: past it, another instance may send a message this one took
(it died meanwhile); longer than any one delivery may take."""


class Dispatcher:
    """This instance's sender: claims the outbox's due messages and delivers them."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._key: str | None = None
        self.addresses: Callable[[Connection, list[str]], dict[str, str]] = no_addresses
        """The e-mail addresses of recipients whose preferences give none (an account's
        own), read in the store (set by the accounts)."""

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def wake(self) -> None:
        """Something was queued: look at once rather than at the next round."""
        self._wake.set()

    async def key(self) -> str:
        """The key that signs unsubscribe links (read once from the store)."""
        if self._key is None:
            self._key = await self.store.run(lambda c: notices.secret(c, links.KEY_NAME))
        return self._key

    async def _run(self) -> None:
        every = self.settings.outbox_every_seconds
        purged = 0.0
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), every)
            self._wake.clear()
            try:
                while await self.send_due() >= self.settings.outbox_batch:
                    pass  # more may be due at once
                if time.time() - purged > 3600:
                    purged = time.time()
                    await self._purge(purged - self.settings.outbox_keep_seconds)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the outbox could not send")

    async def _purge(self, before: float) -> None:
        await self.store.run(lambda c: notices.purge(c, before))

    # ------------------------------------------------------------------ sending
    async def send_due(self, now: float | None = None) -> int:
        """Claim the messages due by ``now`` and try each once; how many were claimed.

        Tests call it with a ``now`` of their own to step through retries."""
        now = time.time() if now is None else now
        s = self.settings
        claimed = await self.store.run(
            lambda c: notices.claim(c, s.instance, now, HOLD_SECONDS, s.outbox_batch)
        )
        if not claimed:
            return 0
        recipients = sorted({q.recipient for q in claimed})

        def read(conn: Connection) -> dict[str, Prefs]:
            chosen = notices.prefs(conn, recipients)
            unknown = [r for r in recipients if r not in chosen or not chosen[r].email]
            known = self.addresses(conn, unknown) if unknown else {}
            for recipient in unknown:
                prefs = chosen.setdefault(recipient, Prefs(recipient))
                prefs.email = known.get(recipient)
            return chosen

        chosen = await self.store.run(read)
        digests: dict[str, list[Queued]] = defaultdict(list)
        for queued in claimed:
            if queued.channel == "digest":
                digests[queued.recipient].append(queued)
                continue
            await self._one(queued, chosen.get(queued.recipient), now)
        for recipient, some in digests.items():
            await self._digest(recipient, some, chosen.get(recipient), now)
        return len(claimed)

    async def _one(self, queued: Queued, prefs: Prefs | None, now: float) -> None:
        try:
            if queued.channel == "webhook":
                target = prefs.webhook if prefs else None
                if not target:
                    await self._end([queued], "dropped", now, "no webhook is set")
                    return
                await self._post(target, queued.payload)
            else:
                address = _address(prefs)
                if address is None:
                    await self._end([queued], "dropped", now, "e-mail is off")
                    return
                await self._mail(address, queued.recipient, queued.payload)
        except (mail.MailError, webhook.BadWebhook) as exc:
            await self._failed([queued], exc, now)
            return
        await self._end([queued], "sent", now, None)

    async def _digest(
        self, recipient: str, claimed: list[Queued], prefs: Prefs | None, now: float
    ) -> None:
        """Every digest entry due for ``recipient``, in one e-mail."""
        ids = {q.id for q in claimed}
        more = await self.store.run(lambda c: notices.digest_due(c, recipient, now))
        entries = claimed + [q for q in more if q.id not in ids]
        address = _address(prefs)
        if address is None:
            await self._end(entries, "dropped", now, "e-mail is off")
            return
        lines = [f"- {q.payload['text'].splitlines()[0]}\n  {q.payload['url']}" for q in entries]
        payload = {
            "subject": f"Your turn in {len(entries)} game{'s' if len(entries) != 1 else ''}",
            "text": "Since yesterday's message it became your turn here:\n\n"
            + "\n".join(lines)
            + "\n",
        }
        try:
            await self._mail(address, recipient, payload)
        except mail.MailError as exc:
            await self._failed(entries, exc, now)
            return
        await self._end(entries, "sent", now, None)

    async def _mail(self, address: str, recipient: str, payload: dict[str, Any]) -> None:
        link = links.link(self.settings.public_url, await self.key(), recipient)
        text = f"{payload['text']}\n-- \nNo more of these e-mails (one click, no sign-in): {link}\n"
        try:
            message = mail.compose(
                self.settings.mail,
                address,
                payload["subject"],
                text,
                headers={
                    "List-Unsubscribe": f"<{link}>",
                    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                },
            )
        except ValueError as exc:  # an address the store should never have taken
            raise mail.MailError(str(exc), permanent=True) from None
        s = self.settings
        if s.mail.host:
            await mail.send(s, message)
        elif s.mail_dir:  # no SMTP server: into files, as the accounts' e-mails
            await FileSender(s.mail_dir, s.mail.sender).write(message)
        else:
            raise mail.MailError("this server sends no e-mail", permanent=True)

    async def _post(self, url: str, payload: dict[str, Any]) -> None:
        s = self.settings
        target = await webhook.check(url, s.webhook_private_targets)
        words = f"{payload['text'].splitlines()[0]} {payload['url']}"
        await webhook.post(target, words, timeout=s.webhook_timeout_seconds)

    async def _end(self, queued: list[Queued], status: str, now: float, why: str | None) -> None:
        ids = [q.id for q in queued]
        await self.store.run(lambda c: notices.finish(c, ids, status, now, why))

    async def _failed(self, queued: list[Queued], exc: Exception, now: float) -> None:
        permanent = getattr(exc, "permanent", False)
        attempts = max(q.attempts for q in queued) + 1
        s = self.settings
        if permanent or attempts >= s.outbox_attempts:
            log.warning("gave up a message to %s: %s", queued[0].recipient, exc)
            await self._end(queued, "failed", now, str(exc))
            return
        delay = min(s.outbox_retry_max_seconds, s.outbox_retry_seconds * 2 ** (attempts - 1))
        due = now + delay * random.uniform(1.0, 1.2)  # spread: not every retry at once
        log.info("a message to %s failed (%s): again in %.0f s", queued[0].recipient, exc, delay)
        ids, why = [q.id for q in queued], str(exc)
        await self.store.run(lambda c: notices.retry(c, ids, due, why))


def no_addresses(_conn: Connection, _recipients: list[str]) -> dict[str, str]:
    """Before accounts: a recipient's address is the one in its preferences, if any."""
    return {}


def _address(prefs: Prefs | None) -> str | None:
    if prefs is None or not prefs.email_on or not prefs.email:
        return None
    return prefs.email
