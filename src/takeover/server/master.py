"""The game master: the one authority over every table, its seats and its game.

It knows nothing of HTTP or WebSockets. An action is checked in a fixed order
(credentials, sequence number, game over, whose decision, legality), applied to a
copy of the state, committed to the store, and only then made current and
announced to the listeners (the transport). Games are rebuilt at start-up by
replaying their stored records, so a restart resumes every one of them.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Protocol

from takeover.core.errors import TakeoverError
from takeover.core.registry import get as get_game
from takeover.server.auth import BadName, clean_name, clean_text, new_table_id
from takeover.server.auth import new_token as make_token
from takeover.server.bots import BadBot, BotRunner, bot_label, fallback
from takeover.server.config import Settings
from takeover.server.storage import Store, TableRecord
from takeover.server.storage.repository import ChatLine, StaleWrite
from takeover.server.table import RECENT, Seat, Table, Update

log = logging.getLogger("takeover.server")

MIN_SEATS, MAX_SEATS = 2, 6


class MasterError(Exception):
    """A refused request: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Listener(Protocol):
    """What the transport hears from the master (called synchronously, after commits)."""

    def on_table(self, table: Table) -> None: ...
    def on_update(self, table: Table, update: Update | None) -> None: ...
    def on_chat(self, table: Table, line: ChatLine) -> None: ...
    def on_removed(self, table: Table) -> None: ...


class Master:
    def __init__(self, store: Store, bots: BotRunner, settings: Settings) -> None:
        self.store = store
        self.repo = store.repo
        self.bots = bots
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.listeners: list[Listener] = []
        self.definition = get_game("acquire")
        self.closing = False
        self._acting: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ start-up
    def load(self) -> None:
        """Rebuild every open and playing table from the store (synchronously, at start-up)."""
        for record in self.store.run_sync(self.repo.live_tables):
            try:
                table = self._rebuild(record)
            except TakeoverError as exc:
                log.error("table %s cannot be resumed: %s", record.id, exc)
                continue
            self.tables[table.id] = table

    def resume(self) -> None:
        """Let the bots move wherever they must (needs a running event loop)."""
        for table in self.tables.values():
            self._kick_bots(table)

    def _rebuild(self, record: TableRecord) -> Table:
        table = Table(
            id=record.id,
            status=record.status,
            num_seats=record.num_seats,
            ruleset=record.ruleset,
            created_at=record.created_at,
            updated_at=record.updated_at,
            game=record.game,
            seats={s.seat: Seat(s.seat, s.kind, s.name, s.bot, s.token_hash) for s in record.seats},
        )
        if record.status != "open" and record.setup is not None:
            actions = [{"player": seat, **action} for seat, action in record.actions]
            head = len(actions) - RECENT if len(actions) > RECENT else 0
            state = self.definition.replay({**record.setup, "actions": actions[:head]})
            # The last actions are applied one by one, keeping their events for the log.
            for seq, (seat, data) in enumerate(record.actions[head:], start=head + 1):
                action = state.action_from_dict(data)
                table.recent.append(Update(seq, seat, action, state.apply(action, seat)))
            table.state = state
            table.seq = len(actions)
        return table

    # ------------------------------------------------------------------ lobby
    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise MasterError("not_found", f"no table {table_id!r} is open or playing")
        return table

    def list_tables(self) -> list[Table]:
        return sorted(self.tables.values(), key=lambda t: -t.created_at)

    def _name(self, raw: object) -> str:
        try:
            return clean_name(raw, self.settings.name_length)
        except BadName as exc:
            raise MasterError("bad_request", str(exc)) from None

    def _check_ruleset(self, ruleset: Any, seats: int) -> Any:
        """The ruleset's record form, if a game of ``seats`` players can be set up with it."""
        try:
            state = self.definition.new_game([f"P{i}" for i in range(seats)], ruleset, seed=0)
        except (TakeoverError, ValueError, TypeError) as exc:
            raise MasterError("bad_request", f"ruleset: {exc}") from None
        return state.to_record()["ruleset"]

    def _check_bot(self, spec: object) -> str:
        try:
            return self.bots.check(spec)
        except BadBot as exc:
            raise MasterError("bad_request", f"bot: {exc}") from None

    async def create(
        self,
        seats: int,
        ruleset: Any = "standard",
        bots: dict[int, str] | None = None,
        name: str | None = None,
        seat: int | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """A new open table; with ``name`` the creator takes ``seat`` (or the first free)."""
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise MasterError("bad_request", f"a table has 2 to 6 seats, not {seats}")
        ruleset = self._check_ruleset(ruleset, seats)
        now = time.time()
        table = Table(new_table_id(), "open", seats, ruleset, now, now, no_chat=True)
        for n, spec in (bots or {}).items():
            if not 0 <= n < seats:
                raise MasterError("bad_request", f"bot seat {n} is not a seat of this table")
            spec = self._check_bot(spec)
            table.seats[n] = Seat(n, "bot", bot_label(spec), spec)
        token = None
        if name is not None:
            seat = self._free_seat(table, seat)
            token, digest = make_token()
            table.seats[seat] = Seat(seat, "human", self._name(name), token_hash=digest)
        else:
            seat = None
        record = TableRecord(
            table.id,
            "open",
            seats,
            ruleset,
            now,
            now,
            seats=[s.record() for s in table.seats.values()],
        )
        await self.store.run(lambda c: self.repo.insert_table(c, record))
        self.tables[table.id] = table
        return table, seat, token

    def _free_seat(self, table: Table, seat: int | None) -> int:
        if seat is None:
            for n in range(table.num_seats):
                if n not in table.seats:
                    return n
            raise MasterError("conflict", "every seat at this table is taken")
        if not isinstance(seat, int) or not 0 <= seat < table.num_seats:
            raise MasterError(
                "bad_request", f"seat must be 0 to {table.num_seats - 1}, not {seat!r}"
            )
        if seat in table.seats:
            raise MasterError("conflict", f"seat {seat} is taken")
        return seat

    async def join(
        self, table_id: str, name: object, seat: int | None = None
    ) -> tuple[Table, int, str]:
        table = self.table(table_id)
        name = self._name(name)
        async with table.lock:
            if table.status != "open":
                raise MasterError("conflict", "this table has started: watch it instead")
            seat = self._free_seat(table, seat)
            token, digest = make_token()
            new = Seat(seat, "human", name, token_hash=digest)
            now = time.time()

            def write(conn: Any) -> None:
                self.repo.insert_seat(conn, table.id, new.record())
                self.repo.touch(conn, table.id, now)

            await self.store.run(write)
            table.seats[seat] = new
            table.updated_at = now
        self._tell_table(table)
        return table, seat, token

    async def leave(self, table_id: str, token: str) -> Table:
        table = self.table(table_id)
        async with table.lock:
            seat = self.authenticate(table, token)
            if table.status != "open":
                raise MasterError("conflict", "the game has started: a seat cannot be given back")
            now = time.time()

            def write(conn: Any) -> None:
                self.repo.delete_seat(conn, table.id, seat)
                self.repo.touch(conn, table.id, now)

            await self.store.run(write)
            del table.seats[seat]
            table.updated_at = now
        self._tell_table(table)
        return table

    async def start(self, table_id: str, token: str | None, fill: str | None = None) -> Table:
        table = self.table(table_id)
        async with table.lock:
            humans = [s for s in table.seats.values() if s.kind == "human"]
            if humans or token is not None:
                if token is None:
                    raise MasterError("unauthorized", "only a seated player may start the table")
                self.authenticate(table, token)
            if table.status != "open":
                raise MasterError("conflict", "this table has started already")
            added = []
            if fill is not None:
                spec = self._check_bot(fill)
                added = [
                    Seat(n, "bot", bot_label(spec), spec)
                    for n in range(table.num_seats)
                    if n not in table.seats
                ]
            seats = {**table.seats, **{s.seat: s for s in added}}
            empty = [n for n in range(table.num_seats) if n not in seats]
            if empty:
                raise MasterError(
                    "conflict",
                    f"seat(s) {', '.join(map(str, empty))} are empty: wait for players, "
                    'or start with "fill" to give them to bots',
                )
            names = [seats[n].name for n in range(table.num_seats)]
            try:
                state = self.definition.new_game(names, table.ruleset, seed=secrets.randbits(62))
            except (TakeoverError, ValueError) as exc:
                raise MasterError("bad_request", f"cannot set up the game: {exc}") from None
            setup = {k: v for k, v in state.to_record().items() if k != "actions"}
            now = time.time()
            await self.store.run(
                lambda c: self.repo.start(c, table.id, setup, [s.record() for s in added], now)
            )
            table.seats = seats
            table.state = state
            table.status = "playing"
            table.updated_at = now
        self._tell_table(table)
        for listener in self.listeners:
            listener.on_update(table, None)
        self._kick_bots(table)
        return table

    # ------------------------------------------------------------------ play
    def authenticate(self, table: Table, token: object) -> int:
        """The seat ``token`` opens at ``table``; ``unauthorized`` otherwise."""
        seat = table.seat_of(token) if isinstance(token, str) and token else None
        if seat is None:
            raise MasterError("unauthorized", "this token opens no seat at this table")
        return seat

    async def act(self, table: Table, seat: int | None, seq: object, action: Any) -> Update:
        """Apply ``action`` for ``seat`` if it is that seat's legal decision at ``seq``.

        The work runs as a task of its own that finishes even if the caller is
        cancelled (a closing connection, a stopping bot), so the table in memory
        never falls behind an action the store has committed.
        """
        task = asyncio.ensure_future(self._act(table, seat, seq, action))
        self._acting.add(task)
        task.add_done_callback(self._acted)
        return await asyncio.shield(task)

    def _acted(self, task: asyncio.Task[Any]) -> None:
        self._acting.discard(task)
        if not task.cancelled():
            task.exception()  # seen: its caller may have gone

    async def _act(self, table: Table, seat: int | None, seq: object, action: Any) -> Update:
        async with table.lock:
            if seat is None or seat not in table.seats:
                raise MasterError("spectator", "spectators cannot act: join a seat to play")
            state = table.state
            if state is None:
                raise MasterError("not_started", "the game has not started yet")
            if not isinstance(seq, int) or isinstance(seq, bool):
                raise MasterError("bad_request", '"seq" must be the integer from the last state')
            if seq != table.seq:
                raise MasterError(
                    "stale",
                    f"stale: the game is at seq {table.seq}, not {seq}; "
                    "someone decided already, act on the latest state",
                )
            if state.is_terminal():
                raise MasterError("game_over", "the game is over")
            decider = state.current_player()
            if seat != decider:
                raise MasterError(
                    "not_your_turn",
                    f"it is not your decision: {table.seats[decider].name} (seat {decider}) "
                    f"must {state.decision.replace('_', ' ')}",
                )
            try:
                if isinstance(action, dict):
                    action = state.action_from_dict(action)
                after = state.clone()
                events = after.apply(action, seat)
            except TakeoverError as exc:
                raise MasterError("illegal", str(exc)) from None
            record = after.action_to_dict(action)
            result = None
            if after.is_terminal():
                result = {
                    "players": [table.seats[n].name for n in range(table.num_seats)],
                    "scores": after.scores(),
                    "ranks": list(after.ranks()) if hasattr(after, "ranks") else None,
                }
            now = time.time()
            number = table.seq + 1
            try:
                await self.store.run(
                    lambda c: self.repo.append_action(
                        c, table.id, number, seat, record, now, result
                    )
                )
            except StaleWrite:
                raise MasterError(
                    "stale", "stale: another action was recorded first; act on the latest state"
                ) from None
            except Exception:
                log.exception("could not store action %d of table %s", number, table.id)
                raise MasterError(
                    "internal", "the action could not be saved; nothing changed, try again"
                ) from None
            table.state = after
            table.seq = number
            table.updated_at = now
            if result is not None:
                table.status = "finished"
                table.finished_at = now
            update = Update(number, seat, action, events)
            table.recent.append(update)
            for listener in self.listeners:
                listener.on_update(table, update)
        if result is not None:
            self._tell_table(table)
        self._kick_bots(table)
        return update

    async def chat(self, table: Table, seat: int | None, name: str, text: object) -> ChatLine:
        if not isinstance(text, str):
            raise MasterError("bad_request", '"text" must be a string')
        try:
            text = clean_text(text, self.settings.chat_length)
        except BadName as exc:
            raise MasterError("bad_request", str(exc)) from None
        line = ChatLine(seat, name, text, time.time())
        table.no_chat = False
        await self.store.run(
            lambda c: self.repo.add_chat(c, table.id, seat, name, line.text, line.created_at)
        )
        for listener in self.listeners:
            listener.on_chat(table, line)
        return line

    async def recent_chat(self, table: Table) -> list[ChatLine]:
        if table.no_chat:
            return []
        limit = self.settings.chat_history
        return await self.store.run(lambda c: self.repo.recent_chat(c, table.id, limit))

    # ------------------------------------------------------------------ presence
    def connect(self, table: Table, seat: int | None) -> None:
        table.connected[seat] += 1
        if seat is not None and table.connected[seat] == 1:
            self._tell_table(table)

    def disconnect(self, table: Table, seat: int | None) -> None:
        table.connected[seat] -= 1
        if seat is not None and table.connected[seat] == 0:
            self._tell_table(table)

    def _tell_table(self, table: Table) -> None:
        for listener in self.listeners:
            listener.on_table(table)

    # ------------------------------------------------------------------ bots
    def _kick_bots(self, table: Table) -> None:
        """Start the table's bot driver if a bot must decide and none is running."""
        if self.closing or table.status != "playing" or table.state is None:
            return
        seat = table.state.current_player()
        if seat is None or table.seats[seat].kind != "bot":
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(table))

    async def _drive_bots(self, table: Table) -> None:
        while self.tables.get(table.id) is table and table.status == "playing":
            state, seq = table.state, table.seq
            seat = state.current_player()
            if seat is None or table.seats[seat].kind != "bot":
                return
            if self.settings.bot_delay_seconds:
                await asyncio.sleep(self.settings.bot_delay_seconds)
            spec = table.seats[seat].bot or "random"
            action = await self.bots.choose(
                (table.id, seat), spec, state, seat, hash((table.id, seq))
            )
            try:
                await self._act_as_bot(table, seat, seq, action)
            except MasterError as exc:
                if exc.code == "stale":
                    continue
                log.error("bot at table %s seat %d: %s", table.id, seat, exc.message)
                return

    async def _act_as_bot(self, table: Table, seat: int, seq: int, action: Any) -> None:
        try:
            await self.act(table, seat, seq, action)
        except MasterError as exc:
            if exc.code != "illegal":
                raise
            log.error("bot chose an illegal action at table %s: %s", table.id, exc.message)
            await self.act(table, seat, seq, fallback(list(table.state.legal_actions())))

    # ------------------------------------------------------------------ housekeeping
    async def cleanup(self, now: float | None = None) -> list[str]:
        """Delete idle open tables and abandoned games; forget finished ones nobody watches.

        Finished games stay in the store for the archive and replays.
        """
        now = time.time() if now is None else now
        s = self.settings
        doomed, forgotten = [], []
        for table in self.tables.values():
            if sum(table.connected.values()):
                continue
            idle = now - table.updated_at
            ttl = s.open_ttl_seconds if table.status == "open" else s.game_ttl_seconds
            if table.status != "finished" and idle > ttl:
                doomed.append(table)
            elif table.status == "finished" and idle > s.open_ttl_seconds:
                forgotten.append(table)
        if doomed:
            ids = [t.id for t in doomed]
            await self.store.run(lambda c: self.repo.delete_tables(c, ids))
        for table in doomed + forgotten:
            self.tables.pop(table.id, None)
            if table.bot_task is not None:
                table.bot_task.cancel()
            for listener in self.listeners:
                listener.on_removed(table)
        return [t.id for t in doomed]

    async def close(self) -> None:
        """Stop the bots, then let actions already under way finish (the store is still open)."""
        self.closing = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*self._acting, return_exceptions=True)
