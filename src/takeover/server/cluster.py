"""The game master of one instance among several sharing a store and a broker.

Each instance holds in memory only the tables its clients use (loaded from the
store on demand). An action is accepted exactly as on a single server: checked,
committed with the store's conditional update of the table's ``seq`` (so of two
instances racing for one decision only one commits; the other answers "stale"),
then announced on the broker. An instance hearing "table X is at seq N" for a
table it holds reads the actions it lacks from the store, applies them in order
and tells its own connections, update by update. A periodic resync covers lost
announcements. Bots of a table run only where its lease is held
(:mod:`takeover.server.leases`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import Counter
from typing import Any

from sqlalchemy import Connection, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from takeover.core.errors import TakeoverError
from takeover.server import leases
from takeover.server.bots import BotRunner
from takeover.server.broker import Broker
from takeover.server.config import Settings
from takeover.server.master import Master, MasterError, Seat, Table, Update
from takeover.server.storage import Store, TableRecord
from takeover.server.storage.models import ActionRow, SeatRow, TableRow
from takeover.server.storage.repository import ChatLine, StaleWrite, _seat, _table

log = logging.getLogger("takeover.server.cluster")

RESYNC_SECONDS = 2.0
"""How often held tables are compared with the store (covers lost announcements)."""
LOBBY_SECONDS = 1.0
PRESENCE_EVERY = 10.0
"""How often an instance repeats who is connected to it, per table ..."""
PRESENCE_SECONDS = 30.0
"""... and how long such a report counts (an instance that died stops counting)."""
LOBBY_LIMIT = 500


def _since(conn: Connection, table_id: str, seq: int) -> TableRecord | None:
    """Table ``table_id`` with its seats and the actions after ``seq`` (``None``: gone)."""
    row = conn.execute(select(TableRow).where(TableRow.id == table_id)).first()
    if row is None:
        return None
    table = _table(row)
    seats = conn.execute(
        select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
    ).all()
    table.seats = [_seat(s) for s in seats]
    if table.seq > seq:
        acts = conn.execute(
            select(ActionRow.seat, ActionRow.action)
            .where(ActionRow.table_id == table_id, ActionRow.seq > seq)
            .order_by(ActionRow.seq)
        ).all()
        table.actions = [(s, a) for s, a in acts]
    return table


def _seqs(conn: Connection, ids: list[str]) -> dict[str, tuple[int, str]]:
    rows = conn.execute(
        select(TableRow.id, TableRow.seq, TableRow.status).where(TableRow.id.in_(ids))
    )
    return {r.id: (r.seq, r.status) for r in rows}


def _touch(conn: Connection, ids: list[str], now: float) -> None:
    conn.execute(update(TableRow).where(TableRow.id.in_(ids)).values(updated_at=now))


def _idle(conn: Connection, open_before: float, game_before: float) -> list[str]:
    rows = conn.execute(
        select(TableRow.id).where(
            ((TableRow.status == "open") & (TableRow.updated_at < open_before))
            | ((TableRow.status == "playing") & (TableRow.updated_at < game_before))
        )
    )
    return [r.id for r in rows]


def _lobby(conn: Connection) -> list[TableRecord]:
    rows = conn.execute(
        select(TableRow)
        .where(TableRow.status.in_(("open", "playing")))
        .order_by(TableRow.created_at.desc())
        .limit(LOBBY_LIMIT)
    ).all()
    tables = {r.id: _table(r) for r in rows}
    if tables:
        for s in conn.execute(select(SeatRow).where(SeatRow.table_id.in_(list(tables)))).all():
            tables[s.table_id].seats.append(_seat(s))
    return list(tables.values())


def channel_for(database: str) -> str:
    """The broker channel of the instances sharing ``database`` (other stores never mix in)."""
    url = make_url(database)
    return f"takeover:{url.host or ''}:{url.port or ''}/{url.database or ''}:tables"


class ClusterMaster(Master):
    def __init__(self, store: Store, bots: BotRunner, settings: Settings) -> None:
        super().__init__(store, bots, settings)
        assert settings.broker is not None
        self.instance = settings.instance
        self.broker = Broker(settings.broker, self.instance, channel_for(settings.database))
        self.leased: set[str] = set()
        self.draining = False
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self._syncing: dict[str, bool] = {}
        """Table id -> whether another sync was asked for while one runs."""
        self._lobby: list[Table] = []
        self._lobby_at = 0.0
        self._lobby_wanted = 0.0
        self._tasks: list[asyncio.Task[None]] = []
        self._local: dict[str, Counter[int | None]] = {}
        """Table id -> connections to this instance, per seat (``None``: spectators)."""
        self._remote: dict[str, dict[str, tuple[Counter[int | None], float]]] = {}
        """Table id -> instance -> (its connections, until when the report counts)."""
        self._presence_at = 0.0
        self._denied: dict[str, float] = {}
        """Table id -> until when not to ask for its lease again."""

    # ------------------------------------------------------------------ life cycle
    def load(self) -> None:
        """Nothing up front: tables are loaded when a client asks for them."""

    def resume(self) -> None:
        self.broker.start(self._on_news, self._resync_all)
        self._tasks = [
            asyncio.create_task(self._leases_loop()),
            asyncio.create_task(self._resync_loop()),
        ]

    async def close(self) -> None:
        """Finish in-flight actions, stop the bots, hand the leases back, flush the news."""
        self.draining = True
        for table in list(self.tables.values()):
            async with table.lock:  # waits for an action being committed
                pass
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await super().close()
        if self.leased:
            held = list(self.leased)
            with contextlib.suppress(Exception):
                await self.store.run(lambda c: leases.release(c, held, self.instance))
            self.leased.clear()
        await self.broker.close()

    # ------------------------------------------------------------------ tables on demand
    async def fetch(self, table_id: str) -> Table:
        """The table as the store has it now: loaded if not held yet, else brought up to date.

        (A seat joined through another instance a moment ago opens its table here too.)
        """
        table = self.tables.get(table_id)
        if table is not None:
            await self.sync(table_id)
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            record = await self.store.run(lambda c: self.repo.table(c, table_id, actions=True))
            if record is None:
                raise MasterError("not_found", f"no table {table_id!r} is open or playing")
            try:
                table = await asyncio.to_thread(self._rebuild, record)
            except TakeoverError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
                raise MasterError("not_found", f"table {table_id!r} cannot be resumed") from None
            table = self.tables.setdefault(table_id, table)
            future.set_result(table)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        finally:
            del self._loading[table_id]
        self._sync_soon(table_id)  # news that came while it loaded
        self._kick_bots(table)
        return table

    async def join(self, table_id: str, name: object, seat: int | None = None):  # type: ignore[no-untyped-def]
        await self.fetch(table_id)
        try:
            return await super().join(table_id, name, seat)
        except IntegrityError:
            await self.sync(table_id)
            raise MasterError("conflict", "that seat was just taken: pick another") from None

    async def leave(self, table_id: str, token: str) -> Table:
        await self.fetch(table_id)
        return await super().leave(table_id, token)

    async def start(self, table_id: str, token: str | None, fill: str | None = None) -> Table:
        await self.fetch(table_id)
        try:
            return await super().start(table_id, token, fill)
        except (StaleWrite, IntegrityError):
            await self.sync(table_id)
            raise MasterError(
                "conflict", "the table changed meanwhile (started, or a seat was taken)"
            ) from None

    def list_tables(self) -> list[Table]:
        """Held tables, and the others as the store showed them at most a second ago."""
        self._lobby_wanted = time.monotonic()
        merged = {t.id: t for t in self._lobby}
        merged.update(self.tables)
        return sorted(merged.values(), key=lambda t: -t.created_at)

    # ------------------------------------------------------------------ news out
    async def _act(self, table: Table, seat: int | None, seq: object, action: Any) -> Update:
        # (inside the master's shielded task: announced even if the caller goes away)
        try:
            update = await super()._act(table, seat, seq, action)
        except MasterError as exc:
            if exc.code == "stale":
                self._sync_soon(table.id)  # another instance won: catch up at once
            raise
        self.broker.announce("seq", table.id, seq=update.seq)
        return update

    async def _act_as_bot(self, table: Table, seat: int, seq: int, action: Any) -> None:
        if self.draining or table.id not in self.leased:
            raise MasterError("draining", "this instance no longer drives the table's bots")
        try:
            await super()._act_as_bot(table, seat, seq, action)
        except MasterError as exc:
            if exc.code == "stale":
                await self.sync(table.id)  # before the driver looks at the state again
            raise

    async def chat(self, table: Table, seat: int | None, name: str, text: object) -> ChatLine:
        line = await super().chat(table, seat, name, text)
        self.broker.announce(
            "chat", table.id, seat=line.seat, name=line.name, text=line.text, at=line.created_at
        )
        return line

    def _tell_table(self, table: Table) -> None:
        super()._tell_table(table)
        self.broker.announce("table", table.id, p=self._presence(table.id))

    # ------------------------------------------------------------------ presence
    def connect(self, table: Table, seat: int | None) -> None:
        """Count a connection here; the table's ``connected`` adds the other instances' reports."""
        local = self._local.setdefault(table.id, Counter())
        local[seat] += 1
        self._recount(table)
        if seat is None or local[seat] == 1:
            self._tell_table(table)

    def disconnect(self, table: Table, seat: int | None) -> None:
        local = self._local.get(table.id)
        if local is None or local[seat] <= 0:
            return
        local[seat] -= 1
        if local[seat] == 0:
            del local[seat]
        if not local:
            del self._local[table.id]
        self._recount(table)
        if seat is None or local[seat] == 0:
            self._tell_table(table)

    def _presence(self, table_id: str) -> list[list[int | None]]:
        return [[seat, n] for seat, n in self._local.get(table_id, Counter()).items()]

    def _heard_presence(self, table: Table, instance: object, report: object) -> None:
        if not isinstance(instance, str) or not isinstance(report, list):
            return
        counts: Counter[int | None] = Counter()
        for item in report:
            if isinstance(item, list) and len(item) == 2 and isinstance(item[1], int):
                seat = item[0]
                if seat is None or (isinstance(seat, int) and 0 <= seat < table.num_seats):
                    counts[seat] += max(0, item[1])
        until = time.monotonic() + PRESENCE_SECONDS
        self._remote.setdefault(table.id, {})[instance] = (counts, until)
        if self._recount(table):
            for listener in self.listeners:
                listener.on_table(table)

    def _recount(self, table: Table) -> bool:
        """``table.connected`` = here + the live reports of the others; whether it changed."""
        now = time.monotonic()
        merged: Counter[int | None] = Counter(self._local.get(table.id, Counter()))
        remote = self._remote.get(table.id, {})
        for instance, (counts, until) in list(remote.items()):
            if until < now:
                del remote[instance]
            else:
                merged.update(counts)
        if not remote:
            self._remote.pop(table.id, None)
        merged = +merged
        changed = merged != +table.connected
        table.connected = merged
        return changed

    def _presence_upkeep(self) -> None:
        """Repeat our reports; forget the reports of instances that went quiet."""
        for table_id in list(self._local):
            self.broker.announce("presence", table_id, p=self._presence(table_id))
        for table_id in list(self._remote):
            table = self.tables.get(table_id)
            if table is None:
                self._remote.pop(table_id, None)
            elif self._recount(table):
                for listener in self.listeners:
                    listener.on_table(table)

    async def cleanup(self, now: float | None = None) -> list[str]:
        """As on one server, plus: idle tables nobody holds are deleted from the store.

        Tables with people connected here are marked active in the store first, so
        that no instance deletes a table whose players sit at another one.
        """
        now = time.time() if now is None else now
        busy = [
            t.id for t in self.tables.values() if t.status != "finished" and t.id in self._local
        ]
        if busy:
            await self.store.run(functools.partial(_touch, ids=busy, now=now))
        removed = await super().cleanup(now)
        s = self.settings
        idle = await self.store.run(
            functools.partial(
                _idle, open_before=now - s.open_ttl_seconds, game_before=now - s.game_ttl_seconds
            )
        )
        idle = [i for i in idle if i not in self.tables]
        if idle:
            await self.store.run(lambda c: self.repo.delete_tables(c, idle))
        for table_id in removed + idle:
            self.broker.announce("removed", table_id)
        self._forget_idle()
        return removed + idle

    def _forget_idle(self) -> None:
        """Stop holding tables nobody here watches or drives (they are reloaded on demand)."""
        for table in list(self.tables.values()):
            if (
                table.id not in self._local
                and table.id not in self.leased
                and table.id not in self._syncing
                and not table.lock.locked()
                and (table.bot_task is None or table.bot_task.done())
            ):
                self.tables.pop(table.id, None)

    # ------------------------------------------------------------------ news in
    async def _on_news(self, data: dict[str, Any]) -> None:
        table_id = data.get("t")
        if not isinstance(table_id, str):
            return
        if data.get("k") in ("table", "removed"):
            self._lobby_at = 0.0  # the lobby changed: refresh it soon
        table = self.tables.get(table_id)
        if table is None:
            return
        kind = data.get("k")
        if kind in ("table", "presence") and "p" in data:
            self._heard_presence(table, data.get("i"), data.get("p"))
        if kind == "seq":
            seq = data.get("seq")
            if isinstance(seq, int) and seq <= table.seq:
                return  # known already
            self._sync_soon(table_id)
        elif kind in ("table", "removed"):
            self._sync_soon(table_id)
        elif kind == "chat":
            text, name = data.get("text"), data.get("name")
            seat, at = data.get("seat"), data.get("at")
            if isinstance(text, str) and isinstance(name, str):
                line = ChatLine(
                    seat if isinstance(seat, int) else None,
                    name,
                    text,
                    at if isinstance(at, int | float) else time.time(),
                )
                table.no_chat = False
                for listener in self.listeners:
                    listener.on_chat(table, line)

    def _sync_soon(self, table_id: str) -> None:
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
                    await self.sync(table_id)
                except Exception:
                    log.exception("cannot sync table %s with the store", table_id)
                if not self._syncing.get(table_id):
                    return
        finally:
            self._syncing.pop(table_id, None)

    async def sync(self, table_id: str) -> None:
        """Bring the held table ``table_id`` up to the store, telling listeners each change."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            since = table.seq if table.state is not None else 0
            record = await self.store.run(lambda c: _since(c, table_id, since))
            if self.tables.get(table_id) is not table:
                return
            if record is None:
                self._forget(table)
                return
            changed = self._merge_seats(table, record)
            if table.state is None and record.setup is not None:
                # started elsewhere: the first position, then each action as an update
                table.state = self.definition.replay({**record.setup, "actions": []})
                table.seq = 0
                table.status = "playing"
                changed = True
                for listener in self.listeners:
                    listener.on_update(table, None)
            if record.actions:
                self._apply(table, record)
            if table.status != record.status:
                table.status = record.status
                changed = True
            table.updated_at = max(table.updated_at, record.updated_at)
            if record.finished_at is not None:
                table.finished_at = record.finished_at
        if changed:
            for listener in self.listeners:
                listener.on_table(table)
        self._kick_bots(table)

    def _merge_seats(self, table: Table, record: TableRecord) -> bool:
        seats = {s.seat: Seat(s.seat, s.kind, s.name, s.bot, s.token_hash) for s in record.seats}
        if seats == table.seats:
            return False
        table.seats = seats
        return True

    def _apply(self, table: Table, record: TableRecord) -> None:
        """Apply the actions another instance committed, in order, announcing each."""
        state = table.state.clone()
        table.state = state
        for seat, data in record.actions:
            action = state.action_from_dict(data)
            events = state.apply(action, seat)
            table.seq += 1
            update = Update(table.seq, seat, action, events)
            table.recent.append(update)
            if state.is_terminal():
                table.status = "finished"
            for listener in self.listeners:
                listener.on_update(table, update)

    def _forget(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self._remote.pop(table.id, None)
        self.leased.discard(table.id)
        if table.bot_task is not None:
            table.bot_task.cancel()
        for listener in self.listeners:
            listener.on_removed(table)

    async def _resync_all(self) -> None:
        for table_id in list(self.tables):
            self._sync_soon(table_id)

    async def _resync_loop(self) -> None:
        """Compare held tables with the store now and then; refresh the lobby when asked for."""
        while True:
            await asyncio.sleep(min(RESYNC_SECONDS, LOBBY_SECONDS))
            try:
                now = time.monotonic()
                if now - self._presence_at > PRESENCE_EVERY:
                    self._presence_at = now
                    self._presence_upkeep()
                if now - self._lobby_wanted < 60 and now - self._lobby_at > LOBBY_SECONDS:
                    self._lobby_at = now
                    records = await self.store.run(_lobby)
                    self._lobby = [self._summary_only(r) for r in records]
                ids = [t.id for t in self.tables.values() if t.status != "finished"]
                if ids:
                    seqs = await self.store.run(functools.partial(_seqs, ids=ids))
                    for table_id in ids:
                        table = self.tables.get(table_id)
                        got = seqs.get(table_id)
                        if table is not None and (got is None or got != (table.seq, table.status)):
                            self._sync_soon(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("resync failed")

    def _summary_only(self, record: TableRecord) -> Table:
        table = Table(
            record.id,
            record.status,
            record.num_seats,
            record.ruleset,
            record.created_at,
            record.updated_at,
            record.game,
            seats={s.seat: Seat(s.seat, s.kind, s.name, s.bot, s.token_hash) for s in record.seats},
        )
        table.seq = record.seq
        return table

    # ------------------------------------------------------------------ bots under a lease
    def _kick_bots(self, table: Table) -> None:
        if self.draining or self.closing or table.status != "playing" or table.state is None:
            return
        seat = table.state.current_player()
        if seat is None or table.seats[seat].kind != "bot":
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._leased_bots(table))

    async def _leased_bots(self, table: Table) -> None:
        if table.id not in self.leased:
            ttl, now = self.settings.lease_seconds, time.time()
            if self._denied.get(table.id, 0.0) > now:
                return  # asked a moment ago: another instance drives them
            got = await self.store.run(
                lambda c: leases.acquire(c, table.id, self.instance, now, ttl)
            )
            if not got:
                self._denied[table.id] = now + ttl / 3
                if len(self._denied) > 10_000:
                    self._denied.clear()
                return
            log.info("took the bot lease of table %s", table.id)
            self.leased.add(table.id)
        await self._drive_bots(table)

    async def _leases_loop(self) -> None:
        """Renew our leases; take over tables whose bots nobody drives."""
        every = max(0.2, min(1.0, self.settings.lease_seconds / 3))
        while True:
            await asyncio.sleep(every)
            try:
                await self._leases_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease upkeep failed")

    async def _leases_once(self) -> None:
        ttl, now = self.settings.lease_seconds, time.time()
        done = [
            i for i in self.leased if (t := self.tables.get(i)) is None or t.status != "playing"
        ]
        if done:
            await self.store.run(lambda c: leases.release(c, done, self.instance))
            self.leased.difference_update(done)
        held = list(self.leased)
        if held:
            kept = await self.store.run(lambda c: leases.renew(c, held, self.instance, now, ttl))
            for lost in set(held) - kept:
                log.warning("lost the bot lease of table %s", lost)
                self.leased.discard(lost)
                table = self.tables.get(lost)
                if table is not None and table.bot_task is not None:
                    table.bot_task.cancel()
        for table_id in await self.store.run(lambda c: leases.orphans(c, now)):
            got = await self.store.run(
                functools.partial(
                    leases.acquire, table_id=table_id, instance=self.instance, now=now, ttl=ttl
                )
            )
            if not got:
                continue
            log.info("took over the bots of table %s", table_id)
            self.leased.add(table_id)
            try:
                table = await self.fetch(table_id)
            except MasterError:
                continue
            self._kick_bots(table)
