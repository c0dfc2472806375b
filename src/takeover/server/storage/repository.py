"""The repository: every read and write of the store, as plain synchronous functions.

Writes take a connection inside a transaction (the :class:`~.store.Store` groups
several into one commit); nothing here knows about asyncio or the game rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    Connection,
    Engine,
    Table,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from takeover.server.storage.models import (
    ActionRow,
    AnalysisRow,
    AnalysisStepRow,
    Base,
    ChatRow,
    ImportRow,
    LeaseRow,
    SeatRow,
    TableRow,
)


def _core(model: type[Base]) -> Table:
    """The Core table of ``model`` (statements on it skip the ORM's per-call work)."""
    table = model.__table__
    assert isinstance(table, Table)
    return table


_tables = _core(TableRow)
_chat = _core(ChatRow)
_seats = _core(SeatRow)
_ADVANCE = (
    update(_tables)
    .where(
        _tables.c.id == bindparam("b_id"),
        _tables.c.seq == bindparam("b_prev"),
        _tables.c.status == "playing",
    )
    .values(seq=bindparam("b_seq"), updated_at=bindparam("b_now"), deadline=bindparam("b_deadline"))
)
"""Move a playing table from ``b_prev`` to ``b_seq`` (with the next decision's deadline):
one row, or none if another writer got there first (optimistic concurrency on the
sequence number)."""
_FINISH = _ADVANCE.values(
    status="finished", finished_at=bindparam("b_now"), result=bindparam("b_result", type_=JSON)
)
_INSERT_ACTION = insert(_core(ActionRow))
# Built once, like the statements of the lobby below: building an ORM statement per
# call (``update(...).values(...)``) cost more Python time than the database did.
_INSERT_TABLE = insert(_tables)
_INSERT_SEAT = insert(_seats)
_INSERT_CHAT = insert(_chat)
_DELETE_SEAT = delete(_seats).where(
    _seats.c.table_id == bindparam("b_id"), _seats.c.seat == bindparam("b_seat")
)
_TOUCH = (
    update(_tables).where(_tables.c.id == bindparam("b_id")).values(updated_at=bindparam("b_now"))
)
_START = (
    update(_tables)
    .where(_tables.c.id == bindparam("b_id"), _tables.c.status == "open")
    .values(
        status="playing",
        setup=bindparam("b_setup", type_=JSON),
        updated_at=bindparam("b_now"),
        deadline=bindparam("b_deadline"),
    )
)
_CLOCK = (
    update(_tables)
    .where(
        _tables.c.id == bindparam("b_id"),
        _tables.c.seq == bindparam("b_seq"),
        _tables.c.status == "playing",
    )
    .values(deadline=bindparam("b_deadline"))
)
_ABSENT = (
    update(_seats)
    .where(_seats.c.table_id == bindparam("b_id"), _seats.c.seat == bindparam("b_seat"))
    .values(absent=bindparam("b_absent"))
)
_RECENT_CHAT = (
    select(_chat.c.seat, _chat.c.name, _chat.c.text, _chat.c.created_at)
    .where(_chat.c.table_id == bindparam("b_id"))
    .order_by(_chat.c.id.desc())
    .limit(bindparam("b_limit"))
)


_SQLITE_ADVANCE = (
    "UPDATE tables SET seq = ?, updated_at = ?, deadline = ? "
    "WHERE id = ? AND seq = ? AND status = 'playing'"
)
_SQLITE_INSERT = (
    "INSERT INTO actions (table_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)"
)


class StaleWrite(Exception):
    """Another writer got there first: an action's sequence number, a seat, or the start
    was taken already (by another instance sharing the store)."""


@dataclass
class SeatRecord:
    seat: int
    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    absent: bool = False


@dataclass
class TableRecord:
    id: str
    status: str
    num_seats: int
    ruleset: Any
    created_at: float
    updated_at: float
    game: str = "acquire"
    setup: dict[str, Any] | None = None
    seq: int = 0
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    creator: str | None = None
    bot_only: bool = False
    timer: str = "off"
    on_timeout: str | None = None
    deadline: float | None = None
    move_seconds: float | None = None
    """A correspondence table's time a decision (``None``: live)."""
    rated: bool = True
    hints: bool = False
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    """``(seat, action record form)`` in sequence order (loaded on request)."""


@dataclass
class ImportRecord:
    """An imported game record (:class:`~.models.ImportRow`)."""

    id: str
    game: str
    title: str
    players: list[str]
    actions: int
    record: dict[str, Any]
    created_at: float
    creator: str | None = None


@dataclass
class ChatLine:
    seat: int | None
    name: str
    text: str
    created_at: float


def make_engine(url: str) -> Engine:
    """An engine for ``url``; ``postgresql://`` uses psycopg 3, SQLite runs in WAL mode.

    WAL with ``synchronous=NORMAL`` keeps every committed transaction across a
    killed process (only a power cut may lose the last ones) at a fraction of the
    cost of a full sync per commit.
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=5000")
            cur.close()

        return engine
    return create_engine(parsed, pool_pre_ping=True)


class Repository:
    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writes
    def insert_table(self, conn: Connection, table: TableRecord) -> None:
        conn.execute(
            _INSERT_TABLE,
            {
                "id": table.id,
                "game": table.game,
                "status": table.status,
                "num_seats": table.num_seats,
                "ruleset": table.ruleset,
                "setup": table.setup,
                "seq": table.seq,
                "created_at": table.created_at,
                "updated_at": table.updated_at,
                "creator": table.creator,
                "bot_only": table.bot_only,
                "timer": table.timer,
                "on_timeout": table.on_timeout,
                "move_seconds": table.move_seconds,
                "rated": table.rated,
                "hints": table.hints,
            },
        )
        for seat in table.seats:
            self.insert_seat(conn, table.id, seat)

    def insert_seat(self, conn: Connection, table_id: str, seat: SeatRecord) -> None:
        """Store a taken seat; :class:`StaleWrite` if someone else took it meanwhile."""
        try:
            conn.execute(
                _INSERT_SEAT,
                {
                    "table_id": table_id,
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name,
                    "bot": seat.bot,
                    "token_hash": seat.token_hash,
                    "absent": seat.absent,
                },
            )
        except IntegrityError:
            raise StaleWrite(f"seat {seat.seat} of table {table_id} was taken already") from None

    def delete_seat(self, conn: Connection, table_id: str, seat: int) -> None:
        conn.execute(_DELETE_SEAT, {"b_id": table_id, "b_seat": seat})

    def touch(self, conn: Connection, table_id: str, now: float) -> None:
        conn.execute(_TOUCH, {"b_id": table_id, "b_now": now})

    def touch_tables(self, conn: Connection, ids: list[str], now: float) -> None:
        """Mark tables active (people sit at them), so no instance deletes them as idle."""
        conn.execute(update(TableRow).where(TableRow.id.in_(ids)).values(updated_at=now))

    def start(
        self,
        conn: Connection,
        table_id: str,
        setup: dict[str, Any],
        added: Iterable[SeatRecord],
        now: float,
        deadline: float | None = None,
    ) -> None:
        for seat in added:
            self.insert_seat(conn, table_id, seat)
        done = conn.execute(
            _START, {"b_id": table_id, "b_setup": setup, "b_now": now, "b_deadline": deadline}
        )
        if done.rowcount != 1:
            raise StaleWrite(f"table {table_id} has started already")

    def append_action(
        self,
        conn: Connection,
        table_id: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        now: float,
        result: dict[str, Any] | None = None,
        deadline: float | None = None,
    ) -> None:
        """Store action number ``seq``; :class:`StaleWrite` if ``seq - 1`` is not the last.

        ``result`` (final scores) marks the game finished in the same transaction;
        ``deadline`` is the next decision's (the turn timer's).
        """
        if result is None and conn.dialect.name == "sqlite":
            self._append_sqlite(conn, table_id, seq, seat, action, now, deadline)
            return
        params = {
            "b_id": table_id,
            "b_prev": seq - 1,
            "b_seq": seq,
            "b_now": now,
            "b_deadline": deadline,
        }
        if result is None:
            done = conn.execute(_ADVANCE, params)
        else:
            done = conn.execute(_FINISH, {**params, "b_result": result})
        if done.rowcount != 1:
            raise StaleWrite(f"action {seq} of table {table_id} was taken already")
        conn.execute(
            _INSERT_ACTION,
            {"table_id": table_id, "seq": seq, "seat": seat, "action": action, "created_at": now},
        )

    @staticmethod
    def _append_sqlite(
        conn: Connection,
        table_id: str,
        seq: int,
        seat: int,
        action: dict[str, Any],
        now: float,
        deadline: float | None,
    ) -> None:
        """:meth:`append_action` on SQLite's own driver, inside the same transaction.

        The embedded store's hot path: the same two statements as ``_ADVANCE`` and
        ``_INSERT_ACTION``, without SQLAlchemy's per-statement work, which cost the
        database thread more than SQLite itself (and held the interpreter meanwhile).
        """
        raw = conn.connection.driver_connection
        done = raw.execute(_SQLITE_ADVANCE, (seq, now, deadline, table_id, seq - 1))  # type: ignore[union-attr]
        if done.rowcount != 1:
            raise StaleWrite(f"action {seq} of table {table_id} was taken already")
        raw.execute(_SQLITE_INSERT, (table_id, seq, seat, json.dumps(action), now))  # type: ignore[union-attr]

    def set_clock(
        self,
        conn: Connection,
        table_id: str,
        seq: int,
        deadline: float | None,
        absent: dict[int, bool],
    ) -> None:
        """Set the deadline of playing table ``table_id`` and mark seats absent or back, if it
        is still at ``seq``; :class:`StaleWrite` if an action came first."""
        done = conn.execute(_CLOCK, {"b_id": table_id, "b_seq": seq, "b_deadline": deadline})
        if done.rowcount != 1:
            raise StaleWrite(f"table {table_id} has moved on from action {seq}")
        for seat, away in absent.items():
            conn.execute(_ABSENT, {"b_id": table_id, "b_seat": seat, "b_absent": away})

    def add_chat(
        self, conn: Connection, table_id: str, seat: int | None, name: str, text: str, now: float
    ) -> None:
        conn.execute(
            _INSERT_CHAT,
            {"table_id": table_id, "seat": seat, "name": name, "text": text, "created_at": now},
        )

    def delete_tables(self, conn: Connection, ids: Iterable[str]) -> None:
        ids = list(ids)
        if not ids:
            return
        # Children first: SQLite only cascades with foreign keys on, so be explicit.
        for model in (ActionRow, SeatRow, ChatRow):
            conn.execute(delete(model).where(model.table_id.in_(ids)))
        conn.execute(delete(TableRow).where(TableRow.id.in_(ids), TableRow.status != "finished"))

    def insert_import(self, conn: Connection, rec: ImportRecord, keep: int) -> None:
        """Store an imported record, keeping only the newest ``keep`` of them."""
        conn.execute(
            insert(ImportRow),
            {
                "id": rec.id,
                "game": rec.game,
                "title": rec.title,
                "players": rec.players,
                "actions": rec.actions,
                "record": rec.record,
                "created_at": rec.created_at,
                "creator": rec.creator,
            },
        )
        old = select(ImportRow.id).order_by(ImportRow.created_at.desc(), ImportRow.id).offset(keep)
        doomed = [r.id for r in conn.execute(old)]
        if doomed:
            conn.execute(delete(ImportRow).where(ImportRow.id.in_(doomed)))

    # ------------------------------------------------------------------ reads
    def imported(
        self, conn: Connection, import_id: str, record: bool = True
    ) -> ImportRecord | None:
        """The imported record ``import_id``, if the store keeps it; ``record=False``:
        its summary only (the ``record`` left empty, not read from the database)."""
        columns = [
            ImportRow.id,
            ImportRow.game,
            ImportRow.title,
            ImportRow.players,
            ImportRow.actions,
            ImportRow.created_at,
            ImportRow.creator,
        ]
        if record:
            columns.append(ImportRow.record)
        row = conn.execute(select(*columns).where(ImportRow.id == import_id)).first()
        if row is None:
            return None
        return ImportRecord(
            row.id,
            row.game,
            row.title,
            list(row.players),
            row.actions,
            row.record if record else {},
            row.created_at,
            row.creator,
        )

    def ping(self, conn: Connection) -> int:
        """``1``, if the database answers (readiness)."""
        return int(conn.execute(text("SELECT 1")).scalar_one())

    def live_tables(self, conn: Connection) -> list[TableRecord]:
        """Every open or playing table with its seats and actions (to resume after a restart)."""
        rows = conn.execute(select(TableRow).where(TableRow.status.in_(("open", "playing")))).all()
        tables = {row.id: _table(row) for row in rows}
        if not tables:
            return []
        ids = list(tables)
        for seat in conn.execute(select(SeatRow).where(SeatRow.table_id.in_(ids))).all():
            tables[seat.table_id].seats.append(_seat(seat))
        for act in conn.execute(
            select(ActionRow).where(ActionRow.table_id.in_(ids)).order_by(ActionRow.seq)
        ).all():
            tables[act.table_id].actions.append((act.seat, act.action))
        for table in tables.values():
            table.seats.sort(key=lambda s: s.seat)
        return list(tables.values())

    def table(
        self, conn: Connection, table_id: str, actions: bool = False, since: int = 0
    ) -> TableRecord | None:
        """Table ``table_id`` with its seats, and (``actions``) its actions after ``since``."""
        row = conn.execute(select(TableRow).where(TableRow.id == table_id)).first()
        if row is None:
            return None
        table = _table(row)
        seats = conn.execute(
            select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
        ).all()
        table.seats = [_seat(s) for s in seats]
        if actions and table.seq > since:
            acts = conn.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.seq > since)
                .order_by(ActionRow.seq)
            ).all()
            table.actions = [(seat, action) for seat, action in acts]
        return table

    def seqs(self, conn: Connection, ids: list[str]) -> dict[str, tuple[int, str]]:
        """``(seq, status)`` of each of ``ids`` still in the store."""
        rows = conn.execute(
            select(TableRow.id, TableRow.seq, TableRow.status).where(TableRow.id.in_(ids))
        )
        return {r.id: (r.seq, r.status) for r in rows}

    def lobby(self, conn: Connection, limit: int) -> list[TableRecord]:
        """The newest ``limit`` open or playing tables with their seats (no actions)."""
        rows = conn.execute(
            select(TableRow)
            .where(TableRow.status.in_(("open", "playing")))
            .order_by(TableRow.created_at.desc())
            .limit(limit)
        ).all()
        tables = {r.id: _table(r) for r in rows}
        if tables:
            for s in conn.execute(select(SeatRow).where(SeatRow.table_id.in_(list(tables)))):
                tables[s.table_id].seats.append(_seat(s))
        return list(tables.values())

    def idle(
        self,
        conn: Connection,
        open_before: float,
        game_before: float,
        empty_before: float,
        correspondence_before: float | None = None,
    ) -> list[str]:
        """Open tables untouched since ``open_before`` (correspondence ones since
        ``correspondence_before``, or either since ``empty_before`` when no person sits at
        them), games without an action since ``game_before`` (a correspondence game's
        time a decision earlier)."""
        people = select(SeatRow.table_id).where(SeatRow.kind == "human")
        live = TableRow.move_seconds.is_(None)
        if correspondence_before is None:
            correspondence_before = open_before
        rows = conn.execute(
            select(TableRow.id).where(
                ((TableRow.status == "open") & live & (TableRow.updated_at < open_before))
                | (
                    (TableRow.status == "open")
                    & ~live
                    & (TableRow.updated_at < correspondence_before)
                )
                | (
                    (TableRow.status == "open")
                    & (TableRow.updated_at < empty_before)
                    & TableRow.id.not_in(people)
                )
                | (
                    (TableRow.status == "playing")
                    & (TableRow.updated_at < game_before - func.coalesce(TableRow.move_seconds, 0))
                )
            )
        )
        return [r.id for r in rows]

    def open_tables_of(self, conn: Connection, creator: str) -> int:
        """How many tables ``creator`` (a client address) has open (not started)."""
        return int(
            conn.execute(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.creator == creator, TableRow.status == "open")
            ).scalar_one()
        )

    def bot_tables_of(
        self, conn: Connection, creator: str, active_since: float, leaving_out: str | None = None
    ) -> int:
        """How many live tables with bots ``creator`` (a client address) has: open, or
        playing, with a bot seat or a turn timer whose ``on_timeout`` is a bot (which plays
        for an absent person); a playing one with bot seats only, or a correspondence one
        (its bot plays only after hours), counts if it had an action since
        ``active_since`` (else its bots wait for a person). ``leaving_out``: a table not
        to count."""
        bot_seat = exists().where(SeatRow.table_id == TableRow.id, SeatRow.kind == "bot")
        timeout_bot = and_(TableRow.on_timeout.is_not(None), TableRow.timer != "off")
        live = or_(
            TableRow.status == "open",
            and_(
                TableRow.status == "playing",
                or_(
                    and_(timeout_bot, TableRow.move_seconds.is_(None)),
                    TableRow.updated_at >= active_since,
                ),
            ),
        )
        query = (
            select(func.count())
            .select_from(TableRow)
            .where(TableRow.creator == creator, live, or_(timeout_bot, bot_seat))
        )
        if leaving_out is not None:
            query = query.where(TableRow.id != leaving_out)
        return int(conn.execute(query).scalar_one())

    def bot_only_playing(self, conn: Connection) -> int:
        """How many tables of bots only are playing."""
        return int(
            conn.execute(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.bot_only.is_(True), TableRow.status == "playing")
            ).scalar_one()
        )

    def finished(self, conn: Connection, limit: int, offset: int) -> tuple[list[TableRecord], int]:
        total = conn.execute(
            select(func.count()).select_from(TableRow).where(TableRow.status == "finished")
        ).scalar_one()
        rows = conn.execute(
            select(TableRow)
            .where(TableRow.status == "finished")
            .order_by(TableRow.finished_at.desc(), TableRow.id)
            .limit(limit)
            .offset(offset)
        ).all()
        tables = {r.id: _table(r) for r in rows}
        if tables:
            seats = select(SeatRow).where(SeatRow.table_id.in_(list(tables))).order_by(SeatRow.seat)
            for seat in conn.execute(seats):
                tables[seat.table_id].seats.append(_seat(seat))
        return list(tables.values()), int(total)

    def recent_chat(self, conn: Connection, table_id: str, limit: int) -> list[ChatLine]:
        rows = conn.execute(_RECENT_CHAT, {"b_id": table_id, "b_limit": limit}).all()
        return [ChatLine(r.seat, r.name, r.text, r.created_at) for r in reversed(rows)]

    # ------------------------------------------------------------------ analyses
    def claim_analysis(
        self,
        conn: Connection,
        table_id: str,
        instance: str,
        header: dict[str, Any],
        now: float,
        stale: float,
    ) -> int | None:
        """Take the analysis of ``table_id`` for ``instance``: a new one, or one whose
        instance has not written for ``stale`` seconds (it goes on where that one stopped).
        The moves done so far; ``None`` when it is finished, failed, or another instance
        runs it. One upsert, so two instances never both take it."""
        dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(AnalysisRow).values(
            table_id=table_id,
            status="running",
            instance=instance,
            header=header,
            done=0,
            updated_at=now,
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[AnalysisRow.table_id],
            set_={"instance": instance, "updated_at": now},
            where=and_(
                AnalysisRow.status == "running",
                or_(AnalysisRow.instance == instance, AnalysisRow.updated_at < now - stale),
            ),
        ).returning(AnalysisRow.done)
        row = conn.execute(stmt).first()
        return None if row is None else int(row.done)

    def save_analysis(
        self,
        conn: Connection,
        table_id: str,
        instance: str,
        done: int,
        entries: list[dict[str, Any]],
        now: float,
        status: str = "running",
    ) -> None:
        """Add appraised decisions and the progress of ``instance``'s analysis (nothing if
        another instance has taken it over)."""
        ours = conn.execute(
            update(AnalysisRow)
            .where(AnalysisRow.table_id == table_id, AnalysisRow.instance == instance)
            .values(done=done, status=status, updated_at=now)
        )
        if entries and ours.rowcount == 1:
            conn.execute(
                insert(AnalysisStepRow),
                [{"table_id": table_id, "step": e["step"], "entry": e} for e in entries],
            )

    def analysis(self, conn: Connection, table_id: str, since: int = 0) -> AnalysisRecord | None:
        """The analysis of ``table_id`` with its decisions after move ``since``."""
        row = conn.execute(select(AnalysisRow).where(AnalysisRow.table_id == table_id)).first()
        if row is None:
            return None
        entries = conn.execute(
            select(AnalysisStepRow.entry)
            .where(AnalysisStepRow.table_id == table_id, AnalysisStepRow.step > since)
            .order_by(AnalysisStepRow.step)
        ).scalars()
        return AnalysisRecord(
            row.table_id, row.status, dict(row.header), row.done, row.updated_at, list(entries)
        )

    # ------------------------------------------------------------------ bot leases
    def take_lease(
        self, conn: Connection, table_id: str, instance: str, now: float, ttl: float
    ) -> bool:
        """Take or renew the lease of ``table_id`` for ``instance``; whether it is ours now.

        One upsert that succeeds only if the row is missing, expired, or already ours,
        so two instances never both hold it.
        """
        dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(LeaseRow).values(
            table_id=table_id, instance=instance, expires_at=now + ttl
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[LeaseRow.table_id],
            set_={"instance": instance, "expires_at": now + ttl},
            where=or_(LeaseRow.instance == instance, LeaseRow.expires_at < now),
        ).returning(LeaseRow.instance)
        return conn.execute(stmt).first() is not None

    def renew_leases(
        self, conn: Connection, table_ids: Iterable[str], instance: str, now: float, ttl: float
    ) -> set[str]:
        """Extend the leases ``instance`` still holds among ``table_ids``; the ones it holds."""
        ids = list(table_ids)
        if not ids:
            return set()
        mine = and_(LeaseRow.table_id.in_(ids), LeaseRow.instance == instance)
        conn.execute(update(LeaseRow).where(mine).values(expires_at=now + ttl))
        return {row.table_id for row in conn.execute(select(LeaseRow.table_id).where(mine))}

    def release_leases(self, conn: Connection, table_ids: Iterable[str], instance: str) -> None:
        ids = list(table_ids)
        if ids:
            conn.execute(
                delete(LeaseRow).where(LeaseRow.table_id.in_(ids), LeaseRow.instance == instance)
            )

    def orphans(self, conn: Connection, now: float, limit: int = 50) -> list[str]:
        """Playing tables with a bot seat or a turn timer whose lease is missing or expired:
        bots (or a clock) nobody drives."""
        bot_tables = select(SeatRow.table_id).where(SeatRow.kind == "bot").distinct()
        rows = conn.execute(
            select(TableRow.id)
            .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
            .where(
                TableRow.status == "playing",
                or_(TableRow.id.in_(bot_tables), TableRow.timer != "off"),
                or_(LeaseRow.table_id.is_(None), LeaseRow.expires_at < now),
            )
            .limit(limit)
        )
        return [row.id for row in rows]


@dataclass
class AnalysisRecord:
    """A game's analysis as stored: its status, header, progress and decisions."""

    table_id: str
    status: str
    header: dict[str, Any]
    done: int
    updated_at: float
    decisions: list[dict[str, Any]] = field(default_factory=list)


def _table(row: Any) -> TableRecord:
    """A ``tables`` result row (Core rows are read by column name)."""
    return TableRecord(
        id=row.id,
        game=row.game,
        status=row.status,
        num_seats=row.num_seats,
        ruleset=row.ruleset,
        setup=row.setup,
        seq=row.seq,
        created_at=row.created_at,
        updated_at=row.updated_at,
        finished_at=row.finished_at,
        result=row.result,
        creator=row.creator,
        bot_only=bool(row.bot_only),
        timer=row.timer,
        on_timeout=row.on_timeout,
        deadline=row.deadline,
        move_seconds=row.move_seconds,
        rated=bool(row.rated),
        hints=bool(row.hints),
    )


def _seat(row: Any) -> SeatRecord:
    return SeatRecord(row.seat, row.kind, row.name, row.bot, row.token_hash, bool(row.absent))
