"""The pieces of one running server, shared by its routes (``app.state.services``)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.requests import HTTPConnection

from takeover.server.accountmail import Sender, sender_for
from takeover.server.analyses import Analyses, FinishedGames
from takeover.server.bots import BotRunner
from takeover.server.config import Settings
from takeover.server.coordinator import coordinator_for
from takeover.server.dispatch import Dispatcher
from takeover.server.limits import Bucket
from takeover.server.master import Master
from takeover.server.notify import Notifier
from takeover.server.passwords import Passwords
from takeover.server.ratings import Ratings
from takeover.server.replays import Replays
from takeover.server.storage import Store, TableRecord, people
from takeover.server.transport import Hub

if TYPE_CHECKING:
    from takeover.server.storage.repository import ImportRecord

log = logging.getLogger("takeover.server")


class Services:
    """The pieces of one running server, shared by the routes."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database)
        self.bots = BotRunner(
            settings.bot_workers,
            settings.bot_think_seconds,
            settings.bot_bounds(),
            per_address=settings.bot_workers_per_address(),
        )
        self.master = Master(self.store, self.bots, settings, coordinator_for(settings, self.store))
        self.hub = Hub(self.master, settings)
        self.analyses = Analyses(settings, self.store, self.bots)
        """The analysis board's analyses of finished games (in the bot workers)."""
        self.master.listeners.append(FinishedGames(self.analyses))
        self.dispatch = Dispatcher(settings, self.store)
        """Sends the outbox's messages (when it is someone's turn) in the background."""
        self.notifier = Notifier(settings, self.store, self.dispatch)
        self.notifier.holders = people.seat_holders  # people are told by account
        self.dispatch.addresses = people.emails
        self.master.listeners.append(self.notifier)
        self.buckets: dict[str, Bucket] = {}
        """Client address -> its rate limit for lobby requests."""
        self.import_buckets: dict[str, Bucket] = {}
        """Client address -> its rate limit for uploaded records."""
        self.replay_buckets: dict[str, Bucket] = {}
        """Client address -> its rate limit for replay steps and records."""
        self.replays = Replays(settings)
        """The workers for work that grows with a record (uploads, steps, records)."""
        self.records: OrderedDict[str, TableRecord] = OrderedDict()
        """The finished games the archive read last."""
        self.imports: OrderedDict[str, ImportRecord] = OrderedDict()
        """The summaries (not the records) of the imported games asked for last."""
        self.passwords = Passwords(settings)
        self.account_mail: Sender | None = sender_for(settings)
        """Where the accounts' e-mails go (:mod:`.accountmail`); ``None``: nowhere."""
        self.ratings = Ratings(self.store)
        self.master.listeners.append(self.ratings)
        self._cleaner: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self.store.open()
        self.master.load()
        self.master.resume()
        self.dispatch.start()
        self._cleaner = asyncio.create_task(self._clean_regularly())
        try:
            yield
        finally:
            self._cleaner.cancel()
            with contextlib.suppress(BaseException):
                await self._cleaner
            await self.analyses.close()
            await self.master.close()
            await self.ratings.close()
            await self.notifier.drain()
            await self.dispatch.stop()
            self.bots.close()
            self.replays.close()
            self.store.close()

    async def _clean_regularly(self) -> None:
        while True:
            await asyncio.sleep(self.settings.cleanup_every_seconds)
            try:
                self.master.clock.due(time.time())
                removed = await self.master.cleanup()
                if removed:
                    log.info("removed %d idle tables", len(removed))
                now = time.time()
                before = now - max(3600, self.settings.sign_in_window_seconds)
                await self.store.run(
                    functools.partial(people.delete_expired, now=now, attempts_before=before)
                )
            except Exception:
                log.exception("cleanup failed")


def services(conn: HTTPConnection) -> Services:
    """The running server's services, from a request or a WebSocket."""
    found: Services = conn.app.state.services
    return found
