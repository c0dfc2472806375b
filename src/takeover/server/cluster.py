"""The coordinator of one instance among several sharing a store and a broker.

Each instance's master holds in memory only the tables its clients use (loaded
from the store on demand). An action is accepted exactly as on a single server:
checked, committed with the store's conditional update of the table's ``seq`` (so
of two instances racing for one decision only one commits; the other answers
"stale"), then announced here on the broker. An instance hearing "table X is at
seq N" for a table it holds asks its master to read the actions it lacks from the
store and apply them in order (:meth:`Master.sync`), telling its own connections
update by update. A periodic resync covers lost announcements. Presence is each
instance's own count plus the others' reports; bots of a table run only where its
lease is held (:mod:`takeover.server.leases`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from sqlalchemy.engine import make_url

from takeover.server.broker import (
    Broker,
    ChatNews,
    News,
    Presence,
    PresenceNews,
    RemovedNews,
    SeqNews,
    TableNews,
)
from takeover.server.config import Settings
from takeover.server.leases import Leases
from takeover.server.storage import Store
from takeover.server.storage.repository import ChatLine
from takeover.server.table import Table, Update

if TYPE_CHECKING:
    from takeover.server.master import Master

log = logging.getLogger("takeover.server.cluster")

RESYNC_SECONDS = 2.0
"""How often held tables are compared with the store (covers lost announcements)."""
LOBBY_SECONDS = 1.0
PRESENCE_EVERY = 10.0
"""How often an instance repeats who is connected to it, per table ..."""
PRESENCE_SECONDS = 30.0
"""... and how long such a report counts (an instance that died stops counting)."""
LOBBY_LIMIT = 500


def channel_for(database: str) -> str:
    """The broker channel of the instances sharing ``database`` (other stores never mix in)."""
    url = make_url(database)
    return f"takeover:{url.host or ''}:{url.port or ''}/{url.database or ''}:tables"


class ClusterCoordinator:
    shared = True

    def __init__(self, settings: Settings, store: Store) -> None:
        assert settings.broker is not None
        self.settings = settings
        self.store = store
        self.instance = settings.instance
        self.broker = Broker(settings.broker, self.instance, channel_for(settings.database))
        self.leases = Leases(settings, store)
        self._master: Master | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._syncing: dict[str, bool] = {}
        """Table id -> whether another sync was asked for while one runs."""
        self._lobby: list[Table] = []
        self._lobby_at = 0.0
        self._lobby_wanted = 0.0
        self.reports: dict[str, dict[str, tuple[Counter[int | None], float]]] = {}
        """Table id -> instance -> (its connections, until when the report counts)."""
        self._presence_at = 0.0

    @property
    def master(self) -> Master:
        assert self._master is not None, "the coordinator serves no master yet"
        return self._master

    # ------------------------------------------------------------------ life cycle
    def bind(self, master: Master) -> None:
        self._master = master

    def start(self) -> None:
        self.broker.start(self.hear, self._resync_all)
        self._tasks = [
            asyncio.create_task(self._leases_loop()),
            asyncio.create_task(self._resync_loop()),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def close(self) -> None:
        """Hand the leases back, flush the news."""
        try:
            await self.leases.release_all()
        except Exception:
            log.exception("could not hand the bot leases back (they expire)")
        await self.broker.close()

    async def checks(self) -> dict[str, str]:
        ok = await self.broker.ping() and self.broker.listening()
        return {"broker": "ok" if ok else "failing"}

    # ------------------------------------------------------------------ news out
    def table_changed(self, table: Table) -> None:
        self.broker.announce(
            TableNews(table=table.id, instance=self.instance, presence=_presence(table))
        )

    def acted(self, table: Table, update: Update) -> None:
        self.broker.announce(SeqNews(table=table.id, instance=self.instance, seq=update.seq))

    def chatted(self, table: Table, line: ChatLine) -> None:
        self.broker.announce(
            ChatNews(
                table=table.id,
                instance=self.instance,
                seat=line.seat,
                name=line.name,
                text=line.text,
                at=line.created_at,
            )
        )

    def catch_up(self, table_id: str) -> None:
        """Sync ``table_id`` in the background; asks made meanwhile coalesce into one more."""
        if table_id in self._syncing:
            self._syncing[table_id] = True
            return
        self._syncing[table_id] = False
        asyncio.get_running_loop().create_task(self._sync_task(table_id))

    async def _sync_task(self, table_id: str) -> None:
        try:
            while True:
                self._syncing[table_id] = False
                try:
                    await self.master.sync(table_id)
                except Exception:
                    log.exception("cannot sync table %s with the store", table_id)
                if not self._syncing.get(table_id):
                    return
        finally:
            self._syncing.pop(table_id, None)

    # ------------------------------------------------------------------ news in
    async def hear(self, news: News) -> None:
        """Another instance's announcement."""
        if isinstance(news, TableNews | RemovedNews):
            self._lobby_at = 0.0  # the lobby changed: refresh it soon
        table = self.master.tables.get(news.table)
        if table is None:
            return
        match news:
            case SeqNews(seq=seq):
                if seq > table.seq:
                    self.catch_up(table.id)
            case TableNews(presence=presence):
                self._heard_presence(table, news.instance, presence)
                self.catch_up(table.id)
            case PresenceNews(presence=presence):
                self._heard_presence(table, news.instance, presence)
            case RemovedNews():
                self.catch_up(table.id)
            case ChatNews():
                self.master.hear_chat(table, ChatLine(news.seat, news.name, news.text, news.at))

    # ------------------------------------------------------------------ presence
    def _heard_presence(self, table: Table, instance: str, report: Presence) -> None:
        counts: Counter[int | None] = Counter()
        for seat, n in report:
            if seat is None or 0 <= seat < table.num_seats:
                counts[seat] += max(0, n)
        until = time.monotonic() + PRESENCE_SECONDS
        self.reports.setdefault(table.id, {})[instance] = (counts, until)
        self._recount(table)

    def _recount(self, table: Table) -> None:
        """``table.elsewhere`` = the live reports of the others."""
        now = time.monotonic()
        merged: Counter[int | None] = Counter()
        reports = self.reports.get(table.id, {})
        for instance, (counts, until) in list(reports.items()):
            if until < now:
                del reports[instance]
            else:
                merged.update(counts)
        if not reports:
            self.reports.pop(table.id, None)
        table.elsewhere = merged
        self.master.heard_presence(table)

    def presence_upkeep(self) -> None:
        """Repeat our reports; forget the reports of instances that went quiet."""
        for table in list(self.master.tables.values()):
            if table.here:
                self.broker.announce(
                    PresenceNews(table=table.id, instance=self.instance, presence=_presence(table))
                )
        for table_id in list(self.reports):
            held = self.master.tables.get(table_id)
            if held is None:
                self.reports.pop(table_id, None)
            else:
                self._recount(held)

    # ------------------------------------------------------------------ lobby and bots
    def lobby(self) -> Iterable[Table]:
        """Tables held elsewhere, as the store showed them at most a second ago."""
        self._lobby_wanted = time.monotonic()
        return self._lobby

    async def claim_bots(self, table_id: str) -> bool:
        return await self.leases.claim(table_id)

    def drives(self, table_id: str) -> bool:
        return table_id in self.leases.held

    async def _leases_loop(self) -> None:
        """Renew our leases; take over tables whose bots nobody drives."""
        while True:
            await asyncio.sleep(self.leases.every)
            try:
                await self.leases.upkeep(self.master)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease upkeep failed")

    # ------------------------------------------------------------------ housekeeping
    async def sweep(self, now: float, deleted: list[str]) -> list[str]:
        """Mark tables with people here active in the store (so that no instance deletes a
        table whose players sit at another one), delete idle tables nobody holds, and
        announce every deletion."""
        master, repo = self.master, self.store.repo
        busy = [t.id for t in master.tables.values() if t.status != "finished" and t.here]
        if busy:
            await self.store.run(lambda c: repo.touch_tables(c, busy, now))
        s = self.settings
        idle = await self.store.run(
            lambda c: repo.idle(
                c,
                now - s.open_ttl_seconds,
                now - s.game_ttl_seconds,
                now - s.empty_ttl_seconds,
                now - s.correspondence_open_ttl_seconds,
            )
        )
        idle = [i for i in idle if i not in master.tables]
        if idle:
            await self.store.run(lambda c: repo.delete_tables(c, idle))
        for table_id in deleted + idle:
            self.broker.announce(RemovedNews(table=table_id, instance=self.instance))
        return idle

    def holds(self, table_id: str) -> bool:
        return table_id in self.leases.held or table_id in self._syncing

    async def _resync_all(self) -> None:
        for table_id in list(self.master.tables):
            self.catch_up(table_id)

    async def _resync_loop(self) -> None:
        """Compare held tables with the store now and then; refresh the lobby when asked for."""
        while True:
            await asyncio.sleep(min(RESYNC_SECONDS, LOBBY_SECONDS))
            try:
                await self._resync_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("resync failed")

    async def _resync_once(self) -> None:
        repo, tables = self.store.repo, self.master.tables
        now = time.monotonic()
        if now - self._presence_at > PRESENCE_EVERY:
            self._presence_at = now
            self.presence_upkeep()
        if now - self._lobby_wanted < 60 and now - self._lobby_at > LOBBY_SECONDS:
            self._lobby_at = now
            records = await self.store.run(lambda c: repo.lobby(c, LOBBY_LIMIT))
            self._lobby = [Table.from_record(r) for r in records]
        ids = [t.id for t in tables.values() if t.status != "finished"]
        if ids:
            seqs = await self.store.run(lambda c: repo.seqs(c, ids))
            for table_id in ids:
                table = tables.get(table_id)
                got = seqs.get(table_id)
                if table is not None and (got is None or got != (table.seq, table.status)):
                    self.catch_up(table_id)


def _presence(table: Table) -> Presence:
    return [(seat, n) for seat, n in table.here.items()]
