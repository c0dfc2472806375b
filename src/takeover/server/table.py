"""A table as the master holds it: seats, the live game, who is connected.

Plain data plus the lobby summary; the master owns every change to it.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from takeover.core.protocol import Event
from takeover.server.auth import hash_token
from takeover.server.storage.repository import SeatRecord

RECENT = 50
"""How many past actions a connection is sent after ``hello``."""


@dataclass
class Seat:
    seat: int
    kind: str
    """``human`` or ``bot``."""
    name: str
    bot: str | None = None
    token_hash: str | None = None

    def record(self) -> SeatRecord:
        return SeatRecord(self.seat, self.kind, self.name, self.bot, self.token_hash)


@dataclass
class Update:
    """One accepted action: what every connection at the table is told about."""

    seq: int
    seat: int
    action: Any
    events: list[Event]


@dataclass
class Table:
    id: str
    status: str
    num_seats: int
    ruleset: Any
    created_at: float
    updated_at: float
    game: str = "acquire"
    seats: dict[int, Seat] = field(default_factory=dict)
    state: Any = None
    seq: int = 0
    finished_at: float | None = None
    connected: Counter[int | None] = field(default_factory=Counter)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    recent: deque[Update] = field(default_factory=lambda: deque(maxlen=RECENT))
    """The last actions with their events, for the game log of a page that reloads."""
    no_chat: bool = False
    """Known to have no chat yet (a table this instance created, before its first line):
    a ``hello`` then needs no query for the chat history."""
    bot_task: asyncio.Task[None] | None = None

    def summary(self) -> dict[str, Any]:
        """The lobby's entry for this table (no secrets)."""
        seats = []
        for n in range(self.num_seats):
            seat = self.seats.get(n)
            seats.append(
                {
                    "seat": n,
                    "kind": seat.kind if seat else "empty",
                    "name": seat.name if seat else None,
                    "bot": seat.bot if seat else None,
                    "connected": bool(seat) and (seat.kind == "bot" or self.connected[n] > 0),
                }
            )
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "created_at": iso(self.created_at),
            "ruleset": self.ruleset,
            "seq": self.seq,
            "seats": seats,
            "spectators": self.connected[None],
        }

    def seat_of(self, token: str) -> int | None:
        digest = hash_token(token)
        for seat in self.seats.values():
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))
