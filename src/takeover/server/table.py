"""A table as the master holds it: seats, the live game, who is connected.

Plain data plus the lobby summary, the one way to build a table from its stored
record (:meth:`Table.from_record`) and the one loop that plays stored actions
onto a state keeping their events (:func:`play_on`); the master owns every change.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from takeover.core.protocol import Action, Event, GameDefinition, GameState
from takeover.core.registry import get as get_game
from takeover.server.auth import hash_token
from takeover.server.storage.repository import SeatRecord, TableRecord
from takeover.server.undo import UndoRequest

ServedState = GameState
"""A table's game: any registered game, through the game protocol alone."""
ServedAction = Action

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
    absent: bool = False
    """A person whose time ran out and who has not come back (see :mod:`.clock`)."""

    def record(self) -> SeatRecord:
        return SeatRecord(self.seat, self.kind, self.name, self.bot, self.token_hash, self.absent)

    @classmethod
    def from_record(cls, record: SeatRecord) -> Seat:
        return cls(
            record.seat, record.kind, record.name, record.bot, record.token_hash, record.absent
        )


@dataclass
class Update:
    """One accepted action: what every connection at the table is told about."""

    seq: int
    seat: int
    action: ServedAction
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
    state: ServedState | None = None
    seq: int = 0
    finished_at: float | None = None
    creator: str | None = None
    """The client address that created the table (its open tables are limited)."""
    bot_only: bool = False
    """A table of bots only, started without a token (how many may play is limited)."""
    timer: str = "off"
    """The turn timer (:data:`takeover.server.clock.TIMERS`)."""
    on_timeout: str | None = None
    """The bot spec that plays for a seat whose time ran out; ``None``: wait for it."""
    deadline: float | None = None
    """When the people who must decide now run out of time (``None``: nobody is timed)."""
    move_seconds: float | None = None
    """A correspondence table's time a decision (``None``: a live table)."""
    rated: bool = True
    """Whether the finished game updates ratings (:mod:`takeover.server.ratings`)."""
    hints: bool = False
    """Made with hints on (:meth:`hints_allowed`)."""
    clock: asyncio.TimerHandle | None = None
    """The armed turn timer (at the instance that drives the table)."""
    here: Counter[int | None] = field(default_factory=Counter)
    """Connections to this instance, per seat (``None``: spectators)."""
    elsewhere: Counter[int | None] = field(default_factory=Counter)
    """Connections to the other instances (their live reports; empty on a single server)."""
    connected: Counter[int | None] = field(default_factory=Counter)
    """Both together: what the summary shows (:meth:`recount`)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    recent: deque[Update] = field(default_factory=lambda: deque(maxlen=RECENT))
    """The last actions with their events, for the game log of a page that reloads."""
    no_chat: bool = False
    end_votes: set[int] = field(default_factory=set)
    """The seats that agreed to end the game (a proposal stands while it is not empty);
    kept in memory by the instance that holds the table."""
    """Known to have no chat yet (a table this instance created, before its first line):
    a ``hello`` then needs no query for the chat history."""
    undo_request: UndoRequest | None = None
    """A seat's request to take actions back, while the others vote (:mod:`.undo`)."""
    bot_task: asyncio.Task[None] | None = None

    @property
    def definition(self) -> GameDefinition:
        """The table's game (``KeyError`` for a game this server does not know)."""
        return get_game(self.game)

    @classmethod
    def from_record(cls, record: TableRecord, rebuild: bool = True) -> Table:
        """The table ``record`` describes; with ``rebuild``, its game too, rebuilt by
        replaying the record (the last :data:`RECENT` actions keep their events for the
        game log). Raises the game's error for a record it cannot replay."""
        table = cls(
            id=record.id,
            status=record.status,
            num_seats=record.num_seats,
            ruleset=record.ruleset,
            created_at=record.created_at,
            updated_at=record.updated_at,
            game=record.game,
            seats={s.seat: Seat.from_record(s) for s in record.seats},
            seq=record.seq,
            finished_at=record.finished_at,
            creator=record.creator,
            bot_only=record.bot_only,
            timer=record.timer,
            on_timeout=record.on_timeout,
            deadline=record.deadline,
            move_seconds=record.move_seconds,
            rated=record.rated,
            hints=record.hints,
        )
        if not rebuild or record.status == "open" or record.setup is None:
            return table
        state = start_state(table.definition, record.setup)
        head = max(0, len(record.actions) - RECENT)
        for _ in play_on(state, record.actions[:head], 0):
            pass
        table.recent.extend(play_on(state, record.actions[head:], head))
        table.state = state
        table.seq = len(record.actions)
        return table

    def catch_up(self, record: TableRecord) -> Iterator[Update | None]:
        """Bring this table to ``record``, the store's (with the actions after :attr:`seq`):
        yields ``None`` once the game has started (the first position), then each action
        another writer committed, applied in order; every yield leaves the table as it
        was right after that step, so that listeners can be told step by step."""
        seats = {s.seat: Seat.from_record(s) for s in record.seats}
        if seats != self.seats:
            self.seats = seats
        self.deadline = record.deadline
        if self.state is None and record.setup is not None:  # started elsewhere
            self.state = start_state(self.definition, record.setup)
            self.seq, self.status = 0, "playing"
            yield None
        if record.actions and self.state is not None:
            state = self.state = self.state.clone()
            for update in play_on(state, record.actions, self.seq):
                self.seq = update.seq
                self.recent.append(update)
                if state.is_terminal():
                    self.status = "finished"
                yield update
        self.status = record.status
        self.updated_at = max(self.updated_at, record.updated_at)
        if record.finished_at is not None:
            self.finished_at = record.finished_at

    def arrive(self, seat: int | None) -> bool:
        """Count a connection here; whether the summary's presence changed for it (a seat's
        first connection, or a spectator)."""
        self.here[seat] += 1
        self.recount()
        return seat is None or self.here[seat] == 1

    def depart(self, seat: int | None) -> bool:
        """A connection here closed; whether the summary's presence changed for it."""
        if self.here[seat] <= 0:
            return False
        self.here[seat] -= 1
        gone = self.here[seat] == 0
        if gone:
            del self.here[seat]
        self.recount()
        return seat is None or gone

    def recount(self) -> bool:
        """``connected`` = here + elsewhere; whether that changed."""
        merged = +(self.here + self.elsewhere)
        changed = merged != +self.connected
        self.connected = merged
        return changed

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
                    "connected": seat is not None and (seat.kind == "bot" or self.connected[n] > 0),
                    "absent": seat is not None and seat.absent,
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
            "bot_only": self.bot_only,
            "timer": self.timer,
            "on_timeout": self.on_timeout or "wait",
            "move_hours": move_hours(self.move_seconds),
            "end_vote": sorted(self.end_votes) or None,
            "rated": self.rated,
            "hints": self.hints_allowed(),
            "undo": (
                self.undo_request.summary()
                if self.undo_request is not None and self.undo_request.seq == self.seq
                else None
            ),
        }

    def hints_allowed(self) -> bool:
        """Whether a seat may ask for a hint (:func:`hints_allowed`)."""
        return hints_allowed(sum(1 for s in self.seats.values() if s.kind == "human"), self.hints)

    def has_people(self) -> bool:
        """Whether a person sits at the table."""
        return any(s.kind == "human" for s in self.seats.values())

    def bot_for(self, seat: int) -> str | None:
        """The bot spec that decides for ``seat``: its own bot's, or the table's
        ``on_timeout`` bot's while the person is absent; ``None``: a person decides."""
        taken = self.seats.get(seat)
        if taken is None:
            return None
        if taken.kind == "bot":
            return taken.bot or "random"
        return self.on_timeout if taken.absent else None

    def absent_seats(self) -> frozenset[int]:
        return frozenset(n for n, s in self.seats.items() if s.absent)

    def seat_of(self, token: str) -> int | None:
        digest = hash_token(token)
        for seat in self.seats.values():
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None


def hints_allowed(people: int, hints: bool) -> bool:
    """Hints are for games against bots only (one person at most), or at a table made with
    hints on, which every person joined knowing (the lobby shows it)."""
    return people <= 1 or hints


def start_state(definition: GameDefinition, setup: dict[str, Any]) -> GameState:
    """The game a stored setup (a record without its actions) starts from."""
    return definition.from_record({**setup, "actions": []})


def play_on(
    state: ServedState, actions: Iterable[tuple[int, dict[str, Any]]], seq: int
) -> Iterator[Update]:
    """Apply stored ``(seat, action record)`` pairs to ``state`` (at ``seq``) one by one,
    yielding each as an :class:`Update` with its events: the one replay loop of the server
    (a restart's game log, actions another instance committed, the archive's steps)."""
    for number, (seat, data) in enumerate(actions, start=seq + 1):
        action = state.action_from_dict(data)
        yield Update(number, seat, action, state.apply(action, seat))


def move_hours(seconds: float | None) -> float | None:
    """A correspondence table's time a decision in hours, as the lobby shows it.

    >>> move_hours(86400.0), move_hours(5400.0), move_hours(None)
    (24, 1.5, None)
    """
    if seconds is None:
        return None
    hours = round(seconds / 3600, 2)
    return int(hours) if hours.is_integer() else hours


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))
