"""The WebSocket hub: connections, limits, and per-seat delivery of the master's news.

Each connection has its seat (fixed by the token in ``hello``, never by anything
later), a token bucket for its rate limit, and a bounded send queue drained by its
own writer task, so one slow client never delays the others. A message for a
seat is built once per update and shared by that seat's connections.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from takeover.server import undo
from takeover.server.config import Settings
from takeover.server.hints import hint
from takeover.server.limits import Addresses, Bucket, chat_key, check_chat, client_address
from takeover.server.listings import NOTHING, Listed
from takeover.server.master import Master, MasterError
from takeover.server.messages import (
    chat_message,
    clock_message,
    error_message,
    history_message,
    legal_message,
    state_message,
    table_message,
)
from takeover.server.patches import Patch, diff
from takeover.server.schemas import (
    ActionMessage,
    Back,
    BadMessage,
    ChatMessage,
    EndVote,
    Hello,
    HintMessage,
    History,
    Ping,
    Undo,
    UndoVote,
    decode_message,
    loose_ref,
)
from takeover.server.storage.repository import ChatLine
from takeover.server.table import Table, Update

log = logging.getLogger("takeover.server")

CLOSE_POLICY = 1008


class Connection:
    def __init__(self, ws: WebSocket, settings: Settings) -> None:
        self.ws = ws
        self.table: Table | None = None
        self.seat: int | None = None
        self.name = "spectator"
        self.address = client_address(ws)
        self.bucket = Bucket(settings.rate_per_second, settings.rate_burst)
        self.strikes = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(settings.send_queue)
        self.closing = False
        self.pending_ok = False
        """Whether the client takes ``legal_pending`` states (said in its ``hello``)."""
        self.patches = False
        """Whether the client takes ``view_patch`` (said in its ``hello``) ..."""
        self.view_seq: int | None = None
        """... and the position of the last view it was sent (whole or patched)."""

    def send(self, text: str) -> None:
        """Queue ``text``; a client too slow to keep up is disconnected."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def send_json(self, message: dict[str, Any]) -> None:
        self.send(_dumps(message))

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            while True:  # make room for the end marker
                try:
                    self.queue.put_nowait(None)
                    break
                except asyncio.QueueFull:
                    self.queue.get_nowait()

    async def write_loop(self, code: list[int]) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                await self.ws.close(code[0])
                return
            await self.ws.send_text(text)


class Hub:
    """Every live connection, grouped by table; the master's listener."""

    def __init__(self, master: Master, settings: Settings) -> None:
        self.master = master
        self.settings = settings
        self.rooms: dict[str, set[Connection]] = {}
        self.addresses = Addresses(settings.connections_per_address)
        self.chat_buckets: dict[str, Bucket] = {}
        """Each seat's chat rate (a spectator's: per address), over all its connections."""
        self.hint_buckets: dict[str, Bucket] = {}
        """Each seat's hint rate, over all its connections."""
        self._deferred: dict[
            tuple[str, int, int], list[tuple[Connection, Update | None, bool]]
        ] = {}
        """The ``state`` messages waiting for a slow listing, by table, position and seat."""
        self._views: dict[str, tuple[int, dict[int | None, dict[str, Any]]]] = {}
        """Each table's views at its position (by seat; ``None``: shared or a spectator's),
        kept while a connection there takes patches: the next update sends what changed."""
        master.listeners.append(self)
        master.listings.listeners.append(self)

    # ------------------------------------------------------------------ the master's news
    def on_update(self, table: Table, update: Update | None) -> None:
        if self._deferred:
            self._forget_deferred(table.id, table.seq)
        cache: dict[tuple[int | None, bool], str] = {}
        views: dict[int | None, dict[str, Any]] = {}
        encoded: dict[int, msgspec.Raw] = {}
        patches: dict[int | None, Patch] = {}
        room = self.rooms.get(table.id, ())
        kept = self._views.pop(table.id, None)
        before = kept[1] if kept is not None and kept[0] == table.seq - 1 else None
        for conn in room:
            if not conn.pending_ok and self._defer(table, conn, update):
                continue
            patch = before is not None and conn.patches and conn.view_seq == table.seq - 1
            text = cache.get((conn.seat, patch))
            if text is None:
                listed = self._listed(table, conn.seat)
                message = state_message(table, conn.seat, update, views=views, listed=listed)
                view = message.pop("view")
                key = None if views.get(None) is view else conn.seat
                if patch and before is not None and key in before:
                    ops = patches.get(key)
                    if ops is None:
                        ops = patches[key] = diff(before[key], view)
                    message["view_patch"] = ops
                else:
                    # a view several seats share (``SHARED_VIEW``) is encoded once for all
                    raw = encoded.get(id(view))
                    if raw is None:
                        raw = encoded[id(view)] = msgspec.Raw(_encoder.encode(view))
                    message["view"] = raw
                text = cache[(conn.seat, patch)] = _dumps(message)
            conn.send(text)
            conn.view_seq = table.seq
        if any(conn.patches for conn in room):
            self._views[table.id] = (table.seq, views)  # what the next update patches

    def _listed(self, table: Table, seat: int | None) -> Listed | None:
        """``seat``'s legal actions now; ``None`` while they are being listed."""
        return NOTHING if seat is None else self.master.listings.now(table, seat)

    def _defer(
        self, table: Table, conn: Connection, update: Update | None, recent: bool = False
    ) -> bool:
        """Whether ``conn``'s ``state`` waits for its seat's slow listing (a client that
        does not take ``legal_pending``): it is sent with the listing (:meth:`on_listing`)."""
        if conn.seat is None or self.master.listings.now(table, conn.seat) is not None:
            return False
        waiting = self._deferred.setdefault((table.id, table.seq, conn.seat), [])
        waiting.append((conn, update, recent))
        return True

    def on_listing(self, table: Table, seq: int, seat: int, listed: Listed) -> None:
        """A slow listing is ready: the seat's connections get it (a ``legal`` message, or
        the ``state`` that waited for it)."""
        text = _dumps(legal_message(seq, listed))
        waiting = self._deferred.pop((table.id, seq, seat), [])
        for conn in self.rooms.get(table.id, ()):
            if conn.seat == seat and conn.pending_ok:
                conn.send(text)
        for conn, update, recent in waiting:
            past = table.recent if recent else ()
            conn.send(_dumps(state_message(table, seat, update, past, listed=listed)))
            conn.view_seq = seq

    def _forget_deferred(self, table_id: str, seq: int | None = None) -> None:
        """Drop the states waiting at ``table_id`` before ``seq`` (the table moved on: they
        get the newer one), or all of them (``None``: the table closed)."""
        for key in [k for k in self._deferred if k[0] == table_id]:
            if seq is None or key[1] < seq:
                del self._deferred[key]

    def on_table(self, table: Table) -> None:
        self._broadcast(table, _dumps(table_message(table)))

    def on_chat(self, table: Table, line: ChatLine) -> None:
        self._broadcast(table, _dumps(chat_message(line)))

    def on_clock(self, table: Table, event: dict[str, Any] | None) -> None:
        self._broadcast(table, _dumps(clock_message(table, event)))

    def on_removed(self, table: Table) -> None:
        self._forget_deferred(table.id)
        self._views.pop(table.id, None)
        for conn in self.rooms.pop(table.id, set()):
            conn.send_json(error_message("not_found", "this table was closed for inactivity"))
            conn.close()

    def _broadcast(self, table: Table, text: str) -> None:
        for conn in self.rooms.get(table.id, ()):
            conn.send(text)

    # ------------------------------------------------------------------ one connection
    async def serve(self, ws: WebSocket, table_id: str) -> None:
        address = client_address(ws)
        if not self.addresses.enter(address):
            await ws.accept()
            cap = self.settings.connections_per_address
            refusal = error_message(
                "rate_limited", f"too many connections from your address (at most {cap})"
            )
            await ws.send_text(_dumps(refusal))
            await ws.close(CLOSE_POLICY)
            return
        try:
            await self._serve(ws, table_id)
        finally:
            self.addresses.leave(address)

    async def _serve(self, ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        conn = Connection(ws, self.settings)
        code = [1000]
        writer = asyncio.create_task(conn.write_loop(code))
        try:
            await self._read_loop(conn, table_id, code)
        except WebSocketDisconnect:
            pass
        finally:
            if conn.table is not None:
                self.rooms.get(conn.table.id, set()).discard(conn)
                self.master.disconnect(conn.table, conn.seat)
            conn.close()
            try:  # let the writer flush what is queued (the last error, the close)
                await asyncio.wait({writer}, timeout=1.0)
            finally:
                writer.cancel()

    async def _read_loop(self, conn: Connection, table_id: str, code: list[int]) -> None:
        limit = self.settings.message_bytes
        wait = self.settings.hello_timeout_seconds
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + wait
        while not conn.closing:
            if conn.table is None:  # a socket that never says hello is not kept open
                try:
                    message = await asyncio.wait_for(conn.ws.receive(), hello_by - loop.time())
                except TimeoutError:
                    late = f'say "hello" within {wait:g} s of connecting'
                    conn.send_json(error_message("bad_request", late))
                    code[0] = CLOSE_POLICY
                    conn.close()
                    return
            else:
                message = await conn.ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text: str | None = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                size = len(raw)
            else:
                size = len(text) if len(text) * 4 <= limit else len(text.encode())
            if size > limit:
                self._refuse(conn, "too_large", f"messages are limited to {limit} bytes", code)
                continue
            if not conn.bucket.take():
                self._refuse(conn, "rate_limited", "too many messages: slow down", code)
                continue
            if text is None:
                conn.send_json(error_message("bad_request", "send JSON text frames, not binary"))
                continue
            await self._handle(conn, table_id, text, code)

    def _refuse(self, conn: Connection, kind: str, message: str, code: list[int]) -> None:
        conn.strikes += 1
        conn.send_json(error_message(kind, message))
        if conn.strikes >= self.settings.rate_strikes:
            conn.send_json(error_message(kind, "too many refused messages: disconnected"))
            code[0] = CLOSE_POLICY
            conn.close()

    async def _handle(self, conn: Connection, table_id: str, text: str, code: list[int]) -> None:
        ref: str | int | None = None
        try:
            try:
                msg = decode_message(text)
            except BadMessage as exc:
                ref = loose_ref(text)
                raise MasterError("bad_request", str(exc)) from None
            ref = msg.ref
            if isinstance(msg, Hello):
                await self._hello(conn, table_id, msg, code)
                return
            if conn.table is None:
                raise MasterError("bad_request", 'say "hello" first (with a token, or spectate)')
            if isinstance(msg, Ping):  # (a tab left open pings: that is not the person)
                conn.send_json({"type": "pong", **({"ref": ref} if ref is not None else {})})
                return
            if isinstance(msg, History):  # (a page that loads asks: not the person either)
                state, updates = await self.master.history(conn.table, msg.before, msg.limit)
                conn.send(_dumps(history_message(state, updates, conn.seat, msg.before, ref)))
                return
            if isinstance(msg, Back) and conn.seat is None:
                raise MasterError("spectator", "a spectator has no seat to take back")
            await self.master.clock.back(conn.table, conn.seat)  # a person who speaks is here
            if isinstance(msg, ActionMessage):
                await self.master.act(conn.table, conn.seat, msg.seq, msg.action)
            elif isinstance(msg, EndVote):
                await self.master.vote_end(conn.table, conn.seat, msg.agree)
            elif isinstance(msg, HintMessage):
                answer = await hint(self.master, conn.table, conn.seat, msg.seq, self.hint_buckets)
                conn.send_json({**answer, "ref": ref} if ref is not None else answer)
            elif isinstance(msg, Undo):
                await self.master.undo(conn.table, conn.seat)
            elif isinstance(msg, UndoVote):
                await undo.vote(self.master, conn.table, conn.seat, msg.agree)
            elif isinstance(msg, ChatMessage):
                key = chat_key(conn.table.id, conn.seat, conn.address)
                check_chat(self.settings, conn.seat, self.chat_buckets, key)
                await self.master.chat(conn.table, conn.seat, conn.name, msg.text)
        except MasterError as exc:
            conn.send_json(error_message(exc.code, exc.message, ref))
        except Exception:
            log.exception("error handling a message at table %s", table_id)
            conn.send_json(error_message("internal", "the server failed on this message", ref))

    async def _hello(self, conn: Connection, table_id: str, msg: Hello, code: list[int]) -> None:
        if conn.table is not None:
            raise MasterError("bad_request", "hello was said already on this connection")
        try:
            table = self.master.table(table_id)
            if msg.token is not None:
                seat: int | None = self.master.authenticate(table, msg.token)
            elif msg.spectate:
                seat = None
            else:
                raise MasterError("unauthorized", 'hello needs a "token", or "spectate": true')
        except MasterError as exc:
            conn.send_json(error_message(exc.code, exc.message, msg.ref))
            code[0] = CLOSE_POLICY
            conn.close()
            return
        chat = await self.master.recent_chat(table)
        if self.master.tables.get(table.id) is not table:
            raise MasterError("not_found", "this table was closed")
        conn.table, conn.seat = table, seat
        conn.name = table.seats[seat].name if seat is not None else "spectator"
        self.rooms.setdefault(table.id, set()).add(conn)
        conn.send_json(
            {
                "type": "welcome",
                "table": table.summary(),
                "seat": seat,
                "name": conn.name if seat is not None else None,
            }
        )
        for line in chat:
            conn.send_json(chat_message(line))
        conn.pending_ok, conn.patches = msg.legal_pending, msg.patches
        if table.state is not None and (
            conn.pending_ok or not self._defer(table, conn, None, True)
        ):
            listed = self._listed(table, seat)
            conn.send(_dumps(state_message(table, seat, None, table.recent, listed=listed)))
            conn.view_seq = table.seq
        self.master.connect(table, seat)
        await self.master.clock.back(table, seat)  # a person who opens their seat is back


_encoder = msgspec.json.Encoder()


def _dumps(message: dict[str, Any]) -> str:
    """Compact JSON text; msgspec encodes the large per-seat views several times faster."""
    return _encoder.encode(message).decode()
