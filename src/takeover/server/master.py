"""The game master: the one authority over every table, its seats and its game.

It knows nothing of HTTP or WebSockets. An action is checked in a fixed order
(credentials, sequence number, game over, whose decision, legality), applied to a
copy of the state, committed to the store, and only then made current and
announced to the listeners (the transport) and the coordinator (the other
instances, if any: :mod:`takeover.server.coordinator`). Games are rebuilt by
replaying their stored records: all of them at start-up on a single server, each
on demand when several instances share the store.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Protocol

from takeover.core.errors import TakeoverError, UnknownField
from takeover.core.protocol import Decision, GameState
from takeover.core.registry import get as get_game
from takeover.core.registry import names as game_names
from takeover.server.auth import BadName, clean_text
from takeover.server.auth import new_token as make_token
from takeover.server.bots import BotRunner
from takeover.server.clock import Clock, check_move_hours, check_timer, deadline_for
from takeover.server.config import Settings
from takeover.server.coordinator import Coordinator, Solo
from takeover.server.driver import BotDriver
from takeover.server.errors import MasterError
from takeover.server.limits import (
    check_bot_tables,
    check_bot_tables_of,
    check_open_tables,
    has_bots,
)
from takeover.server.listings import Listings
from takeover.server.schemas import BadMessage, read_fields
from takeover.server.seating import (
    display_name,
    free_seat,
    new_table,
    seats_at_start,
)
from takeover.server.storage import Store, TableRecord
from takeover.server.storage.repository import ChatLine, StaleWrite
from takeover.server.table import Seat, Table, Update, play_on, start_state

__all__ = ["Listener", "Master", "MasterError"]

log = logging.getLogger("takeover.server")

HISTORY_MOST = 500
"""The most past actions one ``history`` answer holds (a client asks again for more)."""


class Listener(Protocol):
    """What the transport hears from the master (called synchronously, after commits)."""

    def on_table(self, table: Table) -> None: ...
    def on_update(self, table: Table, update: Update | None) -> None: ...
    def on_chat(self, table: Table, line: ChatLine) -> None: ...
    def on_removed(self, table: Table) -> None: ...
    def on_clock(self, table: Table, event: dict[str, Any] | None) -> None: ...


class Master:
    def __init__(
        self,
        store: Store,
        bots: BotRunner,
        settings: Settings,
        coordinator: Coordinator | None = None,
    ) -> None:
        self.store = store
        self.repo = store.repo
        self.bots = bots
        self.settings = settings
        self.coordinator: Coordinator = coordinator or Solo()
        self.coordinator.bind(self)
        self.tables: dict[str, Table] = {}
        self.listeners: list[Listener] = []
        self.closing = False
        self.driver = BotDriver(self)
        self.clock = Clock(self)
        self.listings = Listings(settings)
        """Each table's legal actions at its position (slow ones off the event loop)."""
        self._acting: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Future[Table]] = {}

    # ------------------------------------------------------------------ life cycle
    def load(self) -> None:
        """Rebuild every open and playing table (synchronously, at start-up); a master
        sharing its store with other instances loads tables on demand instead."""
        if self.coordinator.shared:
            return
        for record in self.store.run_sync(self.repo.live_tables):
            try:
                table = Table.from_record(record)
            except (TakeoverError, KeyError) as exc:
                log.error("table %s cannot be resumed: %s", record.id, exc)
                continue
            self.tables[table.id] = table

    def resume(self) -> None:
        """Start the coordinator; let the bots move wherever they must (in the running loop)."""
        self.coordinator.start()
        for table in self.tables.values():
            self.driver.kick(table)

    async def close(self) -> None:
        """Finish the actions being committed, stop the bots, then the coordinator."""
        self.closing = True
        for table in list(self.tables.values()):
            async with table.lock:  # waits for an action being committed
                pass
        await self.coordinator.stop()
        await self.clock.stop(list(self.tables.values()))
        await self.driver.stop(list(self.tables.values()))
        await asyncio.gather(*self._acting, return_exceptions=True)
        self.listings.close()
        await self.coordinator.close()

    # ------------------------------------------------------------------ tables
    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise MasterError("not_found", f"no table {table_id!r} is open or playing")
        return table

    async def fetch(self, table_id: str) -> Table:
        """The table as the store has it now: on a shared store loaded if not held yet,
        else brought up to date (a seat joined elsewhere a moment ago opens here too)."""
        table = self.tables.get(table_id)
        if not self.coordinator.shared:
            return self.table(table_id)
        if table is not None:
            await self.sync(table_id)
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            table = self.tables.setdefault(table_id, await self._load(table_id))
            future.set_result(table)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning when nobody waits
            raise
        finally:
            del self._loading[table_id]
        self.coordinator.catch_up(table_id)  # news that came while it loaded
        self.driver.kick(table)
        return table

    async def _load(self, table_id: str) -> Table:
        record = await self.store.run(lambda c: self.repo.table(c, table_id, actions=True))
        if record is None:
            raise MasterError("not_found", f"no table {table_id!r} is open or playing")
        try:
            return await asyncio.to_thread(Table.from_record, record)
        except (TakeoverError, KeyError) as exc:
            log.error("table %s cannot be resumed: %s", table_id, exc)
            raise MasterError("not_found", f"table {table_id!r} cannot be resumed") from None

    async def sync(self, table_id: str) -> None:
        """Bring the held table ``table_id`` up to the store (on a shared store), telling
        the listeners each change: the actions other instances committed, update by update."""
        table = self.tables.get(table_id)
        if table is None or not self.coordinator.shared:
            return
        async with table.lock:
            since = table.seq if table.state is not None else 0
            record = await self.store.run(
                lambda c: self.repo.table(c, table_id, actions=True, since=since)
            )
            if self.tables.get(table_id) is not table:
                return
            if record is None:
                self._drop(table)
                return
            before = (table.seats, table.status)
            absent, deadline = table.absent_seats(), table.deadline
            for update in table.catch_up(record):
                for listener in self.listeners:
                    listener.on_update(table, update)
        if before != (table.seats, table.status):
            for listener in self.listeners:
                listener.on_table(table)
        self.clock.heard(table, absent, deadline)
        self.driver.kick(table)

    def _drop(self, table: Table) -> None:
        """Forget ``table`` (deleted): its bots stop, its connections are told."""
        self.tables.pop(table.id, None)
        self.listings.forget(table)
        self.clock.disarm(table)
        if table.bot_task is not None:
            table.bot_task.cancel()
        for listener in self.listeners:
            listener.on_removed(table)

    # ------------------------------------------------------------------ lobby
    def list_tables(self) -> list[Table]:
        """Held tables, and (on a shared store) the others as last seen."""
        merged = {t.id: t for t in self.coordinator.lobby()}
        merged.update(self.tables)
        return sorted(merged.values(), key=lambda t: -t.created_at)

    async def create(
        self,
        seats: int,
        ruleset: Any = None,
        bots: dict[int, str] | None = None,
        name: str | None = None,
        seat: int | None = None,
        *,
        creator: str | None = None,
        bot_only: bool = False,
        timer: str = "off",
        on_timeout: str = "wait",
        game: str = "acquire",
        move_hours: float | None = None,
        rated: bool = True,
        hints: bool = False,
    ) -> tuple[Table, int | None, str | None]:
        """A new open table of ``game``; with ``name`` the creator takes ``seat`` (or the
        first free). ``ruleset``: the game's record form (``None``: its default preset);
        ``creator``: the client address (whose open tables, and tables with bots, are
        limited); ``timer`` and ``on_timeout``: the turn timer and what happens when it
        runs out, ``move_hours`` a correspondence table's time a decision (:mod:`.clock`);
        ``rated``: whether the finished game updates ratings."""
        s = self.settings
        try:
            definition = get_game(game)
        except KeyError:
            known = ", ".join(game_names())
            raise MasterError("bad_request", f"unknown game {game!r} (games: {known})") from None
        timer, timeout_bot = check_timer(timer, on_timeout, self.bots, definition.name)
        move_seconds = check_move_hours(s, timer, move_hours)
        table, seat, token = new_table(
            definition,
            self.bots,
            s.name_length,
            seats,
            ruleset,
            bots or {},
            name,
            seat,
            bot_only,
            s.bot_tables,
        )
        table.timer, table.on_timeout, table.move_seconds = timer, timeout_bot, move_seconds
        table.rated, table.hints = rated, hints
        if creator is not None:
            await check_open_tables(self.store, creator, s.open_tables_per_address)
            if has_bots(table):
                await check_bot_tables_of(self.store, s, creator)
            table.creator = creator
        now = table.created_at
        record = TableRecord(
            table.id,
            "open",
            seats,
            table.ruleset,
            now,
            now,
            game=table.game,
            creator=creator,
            bot_only=table.bot_only,
            timer=table.timer,
            on_timeout=table.on_timeout,
            move_seconds=table.move_seconds,
            rated=rated,
            hints=table.hints,
            seats=[s.record() for s in table.seats.values()],
        )
        await self.store.run(lambda c: self.repo.insert_table(c, record))
        self.tables[table.id] = table
        return table, seat, token

    async def join(
        self, table_id: str, name: object, seat: int | None = None
    ) -> tuple[Table, int, str]:
        table = await self.fetch(table_id)
        name = display_name(name, self.settings.name_length)
        async with table.lock:
            if table.status != "open":
                raise MasterError("conflict", "this table has started: watch it instead")
            seat = free_seat(table, seat)
            token, digest = make_token()
            new = Seat(seat, "human", name, token_hash=digest)
            now = time.time()

            def write(conn: Any) -> None:
                self.repo.insert_seat(conn, table.id, new.record())
                self.repo.touch(conn, table.id, now)

            try:
                await self.store.run(write)
            except StaleWrite:
                taken = True  # through another instance
            else:
                table.seats[seat] = new
                table.updated_at = now
                taken = False
        if taken:
            await self.sync(table_id)
            raise MasterError("conflict", "that seat was just taken: pick another")
        self._tell_table(table)
        return table, seat, token

    async def leave(self, table_id: str, token: str) -> Table:
        table = await self.fetch(table_id)
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
        table = await self.fetch(table_id)
        try:
            await self._start(table, token, fill)
        except StaleWrite:  # started, or a seat taken, through another instance
            await self.sync(table_id)
            raise MasterError(
                "conflict", "the table changed meanwhile (started, or a seat was taken)"
            ) from None
        self._tell_table(table)
        for listener in self.listeners:
            listener.on_update(table, None)
        self.driver.kick(table)
        return table

    async def _start(self, table: Table, token: str | None, fill: str | None) -> None:
        async with table.lock:
            if not table.bot_only or token is not None:  # a table of bots only needs none
                if token is None:
                    raise MasterError("unauthorized", "only a seated player may start the table")
                self.authenticate(table, token)
            if table.status != "open":
                raise MasterError("conflict", "this table has started already")
            if table.bot_only:
                await check_bot_tables(self.store, self.settings.bot_tables)
            seats, added = seats_at_start(table, self.bots, fill)
            if table.creator is not None and has_bots(table, seats.values()):
                await check_bot_tables_of(self.store, self.settings, table.creator, table.id)
            names = distinct([seats[n].name for n in range(table.num_seats)])
            try:
                state = table.definition.new_game(names, table.ruleset, seed=secrets.randbits(62))
            except (TakeoverError, ValueError) as exc:
                raise MasterError("bad_request", f"cannot set up the game: {exc}") from None
            setup = {k: v for k, v in state.to_record().items() if k != "actions"}
            if any(s.kind == "bot" for s in seats.values()) or table.timer != "off":
                # before the start is visible: no other instance takes the bots (or the
                # clock) meanwhile
                await self.coordinator.claim_bots(table.id)
            now = time.time()
            deadline = deadline_for(self.settings, table, seats, state, now)
            await self.store.run(
                lambda c: self.repo.start(
                    c, table.id, setup, [s.record() for s in added], now, deadline
                )
            )
            table.seats = seats
            table.state = state
            table.status = "playing"
            table.updated_at = now
            table.deadline = deadline

    # ------------------------------------------------------------------ play
    def authenticate(self, table: Table, token: object) -> int:
        """The seat ``token`` opens at ``table``; ``unauthorized`` otherwise."""
        seat = table.seat_of(token) if isinstance(token, str) and token else None
        if seat is None:
            raise MasterError("unauthorized", "this token opens no seat at this table")
        return seat

    async def act(self, table: Table, seat: int | None, seq: object, action: Any) -> Update | None:
        """Apply ``action`` (an action, or its record form) for ``seat`` if it is that
        seat's legal decision at ``seq``. An ``end_game`` is that seat's vote to end the
        game by agreement instead (:meth:`vote_end`): ``None``, unless it ended the game.

        The work runs as a task of its own that finishes even if the caller is
        cancelled (a closing connection, a stopping bot), so the table in memory
        never falls behind an action the store has committed.
        """
        if _is_end_game(action):
            return await self.vote_end(table, seat, True)
        if _kind(action) in ("undo", "redo"):  # never applied as sent: see server/undo.py
            return await self.undo(table, seat, action)
        task = asyncio.ensure_future(self._act(table, seat, seq, action))
        self._acting.add(task)
        task.add_done_callback(self._acted)
        return await asyncio.shield(task)

    def _acted(self, task: asyncio.Task[Any]) -> None:
        self._acting.discard(task)
        if not task.cancelled():
            task.exception()  # seen: its caller may have gone

    async def _act(
        self, table: Table, seat: int | None, seq: object, action: Any, agreed: bool = False
    ) -> Update:
        try:
            update = await self._commit(table, seat, seq, action, agreed)
        except MasterError as exc:
            if exc.code == "stale":
                self.coordinator.catch_up(table.id)  # another instance won: catch up at once
            raise
        if table.status == "finished":  # this action ended the game
            self._tell_table(table)
        self.driver.kick(table)
        return update

    async def _commit(
        self, table: Table, seat: int | None, seq: object, action: Any, agreed: bool = False
    ) -> Update:
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
            decision = state.pending()
            if decision is None:
                raise MasterError("game_over", "the game is over")
            if seat not in decision.seats and not agreed:  # (an end every person agreed to)
                raise MasterError("not_your_turn", not_yours(table, decision))
            try:
                if isinstance(action, dict):
                    action = read_fields(state.action_from_dict, action, "action")
                after = state.clone()
                events = after.apply(action, seat)
            except (BadMessage, UnknownField) as exc:
                raise MasterError("bad_request", str(exc)) from None
            except TakeoverError as exc:
                raise MasterError("illegal", str(exc)) from None
            record = after.action_to_dict(action)
            result = None
            ranks = after.ranks()
            if ranks is not None:
                result = {
                    "players": [table.seats[n].name for n in range(table.num_seats)],
                    "scores": after.scores(),
                    "ranks": ranks,
                }
            now = time.time()
            number = table.seq + 1
            deadline = deadline_for(self.settings, table, table.seats, after, now)
            try:
                await self.store.run(
                    lambda c: self.repo.append_action(
                        c, table.id, number, seat, record, now, result, deadline
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
            table.deadline = deadline
            if result is not None:
                table.status = "finished"
                table.finished_at = now
            update = Update(number, seat, action, events)
            table.recent.append(update)
            for listener in self.listeners:
                listener.on_update(table, update)
            self.coordinator.acted(table, update)
        return update

    async def vote_end(self, table: Table, seat: int | None, agree: bool) -> Update | None:
        """A seat proposes or agrees to (``agree``) ending the game by agreement (1817's
        rule 8.5), or refuses, which drops the proposal. The game ends, with the engine's
        own ``end_game`` in the record (so that 18xx.games replays it), once every person
        at the table agreed; bots always agree, so one person alone at a table of bots
        ends it at once. Each vote is also a chat line from its seat: the table's log."""
        if seat is None or seat not in table.seats:
            raise MasterError("spectator", "spectators cannot vote: join a seat to play")
        state = table.state
        if state is None:
            raise MasterError("not_started", "the game has not started yet")
        if state.is_terminal():
            raise MasterError("game_over", "the game is over")
        end = _end_action(state, seat)
        if end is None:
            raise MasterError("bad_request", f"{table.game} has no end by agreement")
        name = table.seats[seat].name
        if not agree:
            if not table.end_votes:
                raise MasterError("bad_request", "no end of the game is proposed")
            table.end_votes.clear()
            self._tell_table(table)
            await self.chat(table, seat, name, "refuses to end the game: play goes on")
            return None
        if seat in table.end_votes:
            raise MasterError("bad_request", "you agreed already: waiting for the others")
        words = "agrees to end the game" if table.end_votes else "proposes to end the game now"
        table.end_votes.add(seat)
        people = {n for n, s in table.seats.items() if s.kind == "human"}
        waiting = sorted(people - table.end_votes)
        if waiting:
            who = ", ".join(table.seats[n].name for n in waiting)
            await self.chat(table, seat, name, f"{words} (waiting for {who} to agree)")
            self._tell_table(table)
            return None
        await self.chat(table, seat, name, f"{words}: everyone agreed, the game ends")
        table.end_votes.clear()
        task = asyncio.ensure_future(self._act(table, seat, table.seq, end, agreed=True))
        self._acting.add(task)
        task.add_done_callback(self._acted)
        return await asyncio.shield(task)

    async def undo(self, table: Table, seat: int | None, action: Any = None) -> Update | None:
        """``seat`` asks to take back its last action (:mod:`takeover.server.undo`); an
        ``undo`` action a client sends is this request (its ``action_id`` is not read),
        a ``redo`` is refused."""
        from takeover.server import undo

        if _kind(action) == "redo":
            raise MasterError("bad_request", "redo is not offered: take the action again")
        return await undo.ask(self, table, seat)

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
        self.coordinator.chatted(table, line)
        return line

    def hear_chat(self, table: Table, line: ChatLine) -> None:
        """A chat line said at another instance."""
        table.no_chat = False
        for listener in self.listeners:
            listener.on_chat(table, line)

    async def recent_chat(self, table: Table) -> list[ChatLine]:
        if table.no_chat:
            return []
        limit = self.settings.chat_history
        return await self.store.run(lambda c: self.repo.recent_chat(c, table.id, limit))

    async def history(
        self, table: Table, before: int, limit: int
    ) -> tuple[GameState, list[Update]]:
        """The actions numbered ``max(1, before - limit)`` to ``before - 1`` with their events,
        and a state to show them with: from the table's recent actions when they reach back
        so far, else replayed from the store (in a thread)."""
        if table.state is None:
            raise MasterError("not_started", "the game has not started yet")
        if not isinstance(before, int) or not 1 <= before <= table.seq + 1:
            raise MasterError(
                "bad_request", f'"before" must be 1 to {table.seq + 1}, not {before!r}'
            )
        limit = max(1, min(limit, HISTORY_MOST))
        first = max(1, before - limit)
        recent = list(table.recent)
        if not recent or recent[0].seq <= first:
            return table.state, [u for u in recent if first <= u.seq < before]
        record = await self.store.run(lambda c: self.repo.table(c, table.id, actions=True))
        if record is None or record.setup is None:
            raise MasterError("not_found", f"no table {table.id!r}")

        def replay() -> tuple[GameState, list[Update]]:
            state = start_state(get_game(record.game), record.setup or {})
            wanted = [u for u in play_on(state, record.actions[: before - 1], 0) if u.seq >= first]
            return state, wanted

        return await asyncio.to_thread(replay)

    # ------------------------------------------------------------------ presence
    def connect(self, table: Table, seat: int | None) -> None:
        """Count a connection here (the summary adds the other instances' reports)."""
        if table.arrive(seat):
            self._tell_table(table)

    def disconnect(self, table: Table, seat: int | None) -> None:
        if table.depart(seat):
            self._tell_table(table)

    def heard_presence(self, table: Table) -> None:
        """The other instances' presence at ``table`` changed: tell the listeners if it shows."""
        if table.recount():
            for listener in self.listeners:
                listener.on_table(table)

    def _tell_table(self, table: Table) -> None:
        for listener in self.listeners:
            listener.on_table(table)
        self.coordinator.table_changed(table)

    # ------------------------------------------------------------------ housekeeping
    async def cleanup(self, now: float | None = None) -> list[str]:
        """Delete idle open tables and abandoned games; forget finished ones nobody watches.

        Finished games stay in the store for the archive and replays. On a shared
        store the coordinator also deletes idle tables nobody holds, and the master
        stops holding tables nobody here uses (they are reloaded on demand).
        """
        now = time.time() if now is None else now
        s = self.settings
        doomed, forgotten = [], []
        for table in self.tables.values():
            if sum(table.connected.values()):
                continue
            idle = now - table.updated_at
            if table.status == "open":
                ttl = s.open_ttl_seconds
                if table.move_seconds is not None:
                    ttl = s.correspondence_open_ttl_seconds
                if not table.has_people():
                    ttl = s.empty_ttl_seconds
            else:
                ttl = s.game_ttl_seconds + (table.move_seconds or 0.0)
            if table.status != "finished" and idle > ttl:
                doomed.append(table)
            elif table.status == "finished" and idle > s.open_ttl_seconds:
                forgotten.append(table)
        deleted = [t.id for t in doomed]
        if deleted:
            await self.store.run(lambda c: self.repo.delete_tables(c, deleted))
        for table in doomed + forgotten:
            self._drop(table)
        deleted += await self.coordinator.sweep(now, deleted)
        for table in list(self.tables.values()):
            if (
                not table.here
                and not self.coordinator.holds(table.id)
                and not table.lock.locked()
                and (table.bot_task is None or table.bot_task.done())
            ):
                self.tables.pop(table.id, None)
                self.listings.forget(table)
        return deleted


def _kind(action: Any) -> object:
    """A client's move's type (a record form or an action)."""
    return action.get("type") if isinstance(action, dict) else getattr(action, "type", None)


def _is_end_game(action: Any) -> bool:
    """Whether a client's move (a record form or an action) ends the game (1817)."""
    return _kind(action) == "end_game"


def _end_action(state: GameState, seat: int) -> Any:
    """The engine's ``end_game`` for ``seat`` (1817's players by seat are its
    ``original_order``), or ``None`` for a game whose rules have no end by agreement
    (Acquire ends only when a player declares it, rule 8)."""
    order = getattr(state, "original_order", None)
    if not isinstance(order, list | tuple) or not 0 <= seat < len(order):
        return None
    record = {"type": "end_game", "entity": order[seat], "entity_type": "player"}
    try:
        return state.action_from_dict(record)
    except TakeoverError:
        return None


def not_yours(table: Table, decision: Decision) -> str:
    """Whose decision it is, in words, for a seat that tried to take it."""
    who = " or ".join(
        f"{table.seats[n].name} (seat {n})" for n in decision.seats if n in table.seats
    )
    return f"it is not your decision: {who or 'nobody'} must {decision.kind.replace('_', ' ')}"


def distinct(names: list[str]) -> list[str]:
    """The players' names for the game's record, a name already taken numbered by its seat
    as the lobby shows it (records from elsewhere, 18xx.games', tell players apart by name).

    >>> distinct(["Ann", "Random bot", "Random bot", "Random bot 3"])
    ['Ann', 'Random bot', 'Random bot 4', 'Random bot 3']
    """
    out: list[str] = []
    for seat, name in enumerate(names):
        candidate, number = name, seat + 1
        while candidate in out or (candidate != name and candidate in names):
            candidate, number = f"{name} {number}", number + 1
        out.append(candidate)
    return out
