"""Limits on what one client may ask of the server: rates, connections, chat, lobby pages.

Small mechanisms, each called from one place: the token :class:`Bucket` (messages,
lobby requests, chat lines), the per-address connection count (:class:`Addresses`),
who may chat (:func:`check_chat`), the tables an address may have (open ones,
:func:`check_open_tables`; ones with bots, :func:`check_bot_tables_of`), and the
lobby's pages (:func:`lobby_page`). The numbers are
:class:`~takeover.server.config.Settings`; docs/server-protocol.md ("Limits") lists
them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from takeover.server.config import Settings
from takeover.server.errors import MasterError

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

    from takeover.server.storage import Store
    from takeover.server.table import Seat, Table


class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` at once."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


MAX_CLIENTS = 10_000
"""How many client addresses a table of rate buckets remembers before it starts afresh."""


def address_bucket(buckets: dict[str, Bucket], address: str, rate: float, burst: int) -> Bucket:
    """``address``'s bucket in ``buckets``, made on its first request (the table is
    emptied once it holds :data:`MAX_CLIENTS` addresses, so it stays bounded)."""
    bucket = buckets.get(address)
    if bucket is None:
        if len(buckets) > MAX_CLIENTS:
            buckets.clear()
        bucket = buckets[address] = Bucket(rate, burst)
    return bucket


def client_address(conn: HTTPConnection) -> str:
    """The client's address (behind a proxy, the one uvicorn's proxy headers give)."""
    return conn.client.host if conn.client else "?"


class Addresses:
    """Open connections per client address, each address at most ``cap``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        """Count a new connection from ``address``; ``False`` (not counted) over the cap."""
        if self.open[address] >= self.cap:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


def chat_key(table_id: str, seat: int | None, address: str) -> str:
    """Whose chat rate a line counts against: the seat's, over every connection that holds
    it (a seat opened in many tabs says no more than one); a spectator's address's."""
    return f"{table_id}/{seat}" if seat is not None else f"{table_id}@{address}"


def check_chat(settings: Settings, seat: int | None, buckets: dict[str, Bucket], key: str) -> None:
    """Refuse a chat line from a spectator (unless the server lets them talk) or one over
    the chat rate of ``key`` (:func:`chat_key`); the line's length is checked with its text."""
    if seat is None and not settings.spectator_chat:
        raise MasterError("spectator", "spectators cannot chat here: take a seat to talk")
    bucket = address_bucket(buckets, key, settings.chat_rate_per_second, settings.chat_burst)
    if not bucket.take():
        raise MasterError(
            "rate_limited",
            f"too many chat lines: wait a moment (at most {settings.chat_burst} at once, "
            f"then {settings.chat_rate_per_second:g} a second)",
        )


# ---------------------------------------------------------------------- lobby
async def check_open_tables(store: Store, creator: str, cap: int) -> None:
    """Refuse a new table to an address that has ``cap`` open tables (in the store, so
    every instance counts them all)."""
    count = await store.run(lambda c: store.repo.open_tables_of(c, creator))
    if count >= cap:
        raise MasterError(
            "rate_limited",
            f"your address has {count} open tables already (at most {cap}): "
            "start or leave one of them first",
        )


def has_bots(table: Table, seats: Iterable[Seat] | None = None) -> bool:
    """Whether ``table`` (with ``seats``, default its own) counts toward
    ``bot_tables_per_address``: a bot seat, or a turn timer whose ``on_timeout`` bot
    plays for an absent person."""
    timeout_bot = table.on_timeout is not None and table.timer != "off"
    seated = table.seats.values() if seats is None else seats
    return timeout_bot or any(seat.kind == "bot" for seat in seated)


async def check_bot_tables_of(
    store: Store, settings: Settings, creator: str, leaving_out: str | None = None
) -> None:
    """Refuse one more table with bots to an address that has ``bot_tables_per_address``
    live (in the store, so every instance counts them all); ``leaving_out``: the table
    being started, if it counts already."""
    cap = settings.bot_tables_per_address
    since = time.time() - settings.bot_table_idle_seconds
    count = await store.run(lambda c: store.repo.bot_tables_of(c, creator, since, leaving_out))
    if count >= cap:
        tables = "table" if cap == 1 else "tables"
        raise MasterError(
            "rate_limited",
            f"your address has {count} tables with bots in play already (at most {cap} "
            f"{tables}): finish one of them first (a game whose bots wait for you stops "
            f"counting after {settings.bot_table_idle_seconds / 60:g} minutes without a move)",
        )


async def check_bot_tables(store: Store, allowed: int) -> None:
    """Refuse to start a table of bots only while ``allowed`` of them are playing."""
    count = await store.run(store.repo.bot_only_playing)
    if count >= allowed:
        tables = "table" if allowed == 1 else "tables"
        raise MasterError(
            "conflict",
            f"the server runs at most {allowed} {tables} of bots only at once, and "
            f"{count} are playing: try again later",
        )


def joinable(table: Table) -> bool:
    """An open table with an empty seat."""
    return table.status == "open" and len(table.seats) < table.num_seats


def lobby_order(tables: Sequence[Table]) -> list[Table]:
    """Joinable tables first, then the other open ones, then games; newest first in each."""
    rank = {"open": 1, "playing": 2}
    return sorted(
        tables, key=lambda t: (0 if joinable(t) else rank.get(t.status, 3), -t.created_at)
    )


def page_bounds(query: Mapping[str, str], settings: Settings) -> tuple[int, int]:
    """``(limit, offset)`` of a lobby page from the query string (``bad_request`` if not
    integers); ``limit`` is 1 to ``lobby_page_max`` (default ``lobby_page``)."""
    try:
        limit = int(query.get("limit", settings.lobby_page))
        offset = int(query.get("offset", 0))
    except ValueError:
        raise MasterError("bad_request", "limit and offset must be integers") from None
    return min(settings.lobby_page_max, max(1, limit)), max(0, offset)


def lobby_page(tables: Sequence[Table], limit: int, offset: int) -> dict[str, Any]:
    """One page of the lobby: its tables' summaries, the total, and how many are joinable."""
    ordered = lobby_order(tables)
    return {
        "tables": [t.summary() for t in ordered[offset : offset + limit]],
        "total": len(ordered),
        "joinable": sum(1 for t in ordered if joinable(t)),
        "limit": limit,
        "offset": offset,
    }
