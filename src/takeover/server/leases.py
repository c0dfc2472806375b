"""Bot leases: one instance drives a table's bots, until its lease runs out.

A lease is a row ``(table_id, instance, expires_at)`` (the queries are the
repository's). Taking one succeeds only if the row is missing, expired, or already
ours, so two instances never both hold it; the holder renews its leases regularly,
and when it dies another instance takes the table over once the lease has expired.
The instance that starts a table with bots takes its lease before the start is
committed, so no other instance finds those bots undriven in between.
"""

from __future__ import annotations

import functools
import logging
import time
from typing import TYPE_CHECKING

from takeover.server.config import Settings
from takeover.server.master import MasterError
from takeover.server.storage import Store

if TYPE_CHECKING:
    from takeover.server.master import Master

log = logging.getLogger("takeover.server.cluster")

MAX_DENIED = 10_000


class Leases:
    """The leases this instance holds, and the upkeep that renews and takes them."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.store = store
        self.repo = store.repo
        self.instance = settings.instance
        self.ttl = settings.lease_seconds
        self.held: set[str] = set()
        self._denied: dict[str, float] = {}
        """Table id -> until when not to ask for its lease again (another instance has it)."""

    @property
    def every(self) -> float:
        """How often :meth:`upkeep` runs: a third of the lease, at most a second."""
        return max(0.2, min(1.0, self.ttl / 3))

    async def claim(self, table_id: str) -> bool:
        """Whether this instance holds the lease of ``table_id``, taking it if free."""
        if table_id in self.held:
            return True
        now, ttl = time.time(), self.ttl
        if self._denied.get(table_id, 0.0) > now:
            return False  # asked a moment ago: another instance drives them
        got = await self.store.run(
            lambda c: self.repo.take_lease(c, table_id, self.instance, now, ttl)
        )
        if not got:
            if len(self._denied) > MAX_DENIED:
                self._denied.clear()
            self._denied[table_id] = now + ttl / 3
            return False
        log.info("took the bot lease of table %s", table_id)
        self.held.add(table_id)
        return True

    async def upkeep(self, master: Master) -> None:
        """Hand back leases of tables finished or no longer held, renew the others, and
        take over tables whose bots nobody drives."""
        now, ttl = time.time(), self.ttl
        done = [
            i for i in self.held if (t := master.tables.get(i)) is None or t.status == "finished"
        ]
        if done:
            await self.store.run(lambda c: self.repo.release_leases(c, done, self.instance))
            self.held.difference_update(done)
        held = list(self.held)
        if held:
            kept = await self.store.run(
                lambda c: self.repo.renew_leases(c, held, self.instance, now, ttl)
            )
            for lost in set(held) - kept:
                log.warning("lost the bot lease of table %s", lost)
                self.held.discard(lost)
                table = master.tables.get(lost)
                if table is not None and table.bot_task is not None:
                    table.bot_task.cancel()
        for table_id in await self.store.run(lambda c: self.repo.orphans(c, now)):
            take = functools.partial(
                self.repo.take_lease, table_id=table_id, instance=self.instance, now=now, ttl=ttl
            )
            got = await self.store.run(take)
            if not got:
                continue
            log.info("took over the bots of table %s", table_id)
            self.held.add(table_id)
            try:
                table = await master.fetch(table_id)
            except MasterError:  # gone meanwhile: the lease goes back next time
                continue
            master.driver.kick(table)

    async def release_all(self) -> None:
        """Hand every lease back (a stopping instance: another takes over at once)."""
        held = list(self.held)
        if held:
            await self.store.run(lambda c: self.repo.release_leases(c, held, self.instance))
        self.held.clear()
