"""Turn timers and absent players: a person who leaves does not stall the table for ever.

A table's creator picks a timer (:data:`TIMERS`: ``off``, ``relaxed``, ``normal``,
``fast``; the seconds are settings) and what happens when it runs out (``on_timeout``:
wait, or a bot of a chosen level). Whenever the game waits for people who are present
(the seats of the protocol's ``pending()``, never a rule of a game), they have until
the table's **deadline**, which is set with the action (or the start) that put the
decision to them and stored with it. When the deadline passes, those seats become
**absent**: with a bot policy that bot decides for them, move after move, until the
person comes back (any message from the seat but a ping, or ``{"type": "back"}``);
with ``wait`` the table waits, saying whose time ran out. Deadlines and absent seats
are stored, so a restarted server resumes them (a deadline that passed while it was
down gets a grace period, for people to reconnect); with several instances, the one
holding the table's lease runs its clock.

A **correspondence** table (``timer`` :data:`CORRESPONDENCE`) is played over days: each
decision may take the table's own ``move_seconds`` (hours to days, chosen at creation),
with the same absent-player rules at its end.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from takeover.server.config import Settings
from takeover.server.errors import MasterError
from takeover.server.storage.repository import StaleWrite
from takeover.server.table import Seat, Table, iso

if TYPE_CHECKING:
    from takeover.server.bots import BotRunner
    from takeover.server.master import Master

log = logging.getLogger("takeover.server")

TIMERS = ("off", "relaxed", "normal", "fast")
"""The turn timers a table may have, slowest first (``off``: no timer)."""
CORRESPONDENCE = "correspondence"
"""The timer of a table played over days: its own time a decision (``move_seconds``)."""
WAIT = "wait"
"""The ``on_timeout`` policy that waits for the absent person."""


def timer_seconds(
    settings: Settings, timer: str, move_seconds: float | None = None
) -> float | None:
    """Seconds for one decision with ``timer`` (``None``: no timer); a correspondence
    table's are its own (``move_seconds``)."""
    if timer == CORRESPONDENCE:
        return move_seconds
    return {
        "relaxed": settings.timer_relaxed_seconds,
        "normal": settings.timer_normal_seconds,
        "fast": settings.timer_fast_seconds,
    }.get(timer)


def timers(settings: Settings) -> dict[str, float | None]:
    """Each turn timer with its seconds per decision (``off``: ``None``), for the lobby."""
    return {name: timer_seconds(settings, name) for name in TIMERS}


def check_move_hours(settings: Settings, timer: str, move_hours: object) -> float | None:
    """A correspondence table's seconds a decision from ``move_hours`` (within the
    settings' bounds), ``None`` for a live one (which must give none), or ``bad_request``."""
    low, high = settings.correspondence_min_hours, settings.correspondence_max_hours
    if timer != CORRESPONDENCE:
        if move_hours is not None:
            raise MasterError(
                "bad_request",
                f'move_hours is for a correspondence table (timer "{CORRESPONDENCE}")',
            )
        return None
    if (
        isinstance(move_hours, bool)
        or not isinstance(move_hours, int | float)
        or not low <= move_hours <= high
    ):
        raise MasterError(
            "bad_request",
            f"a correspondence table needs move_hours, the time a decision may take: "
            f"{low:g} to {high:g} hours, not {move_hours!r}",
        )
    return float(move_hours) * 3600


def check_timer(
    timer: object, on_timeout: object, bots: BotRunner, game: str = "acquire"
) -> tuple[str, str | None]:
    """A table's timer and its ``on_timeout`` bot spec for ``game`` (``None``: wait), or
    ``bad_request``."""
    if timer not in (*TIMERS, CORRESPONDENCE):
        raise MasterError(
            "bad_request",
            f"timer must be one of {', '.join((*TIMERS, CORRESPONDENCE))}, not {timer!r}",
        )
    if on_timeout == WAIT:
        return str(timer), None
    from takeover.server.bots import BadBot

    try:
        return str(timer), bots.check(on_timeout, game)
    except BadBot as exc:
        raise MasterError(
            "bad_request", f'on_timeout must be "wait" or a bot spec from /api/options: {exc}'
        ) from None


def waiting_on(seats: Mapping[int, Seat], state: Any) -> list[int]:
    """The present people the game waits for now (the seats ``pending()`` names that are
    neither bots nor absent)."""
    decision = state.pending() if state is not None else None
    if decision is None:
        return []
    return [
        n
        for n in decision.seats
        if (seat := seats.get(n)) is not None and seat.kind == "human" and not seat.absent
    ]


def deadline_for(
    settings: Settings, table: Table, seats: Mapping[int, Seat], state: Any, now: float
) -> float | None:
    """The deadline of the decision ``state`` waits for at ``table`` (its timer), put to
    ``seats`` at ``now``."""
    seconds = timer_seconds(settings, table.timer, table.move_seconds)
    if seconds is None or not waiting_on(seats, state):
        return None
    return now + seconds


def clock_view(table: Table, now: float | None = None) -> dict[str, Any] | None:
    """The clock as clients see it: whose time runs, until when and how much is left
    (the seconds left, for a client whose own clock differs); ``None`` when none runs."""
    if table.deadline is None or table.status != "playing":
        return None
    now = time.time() if now is None else now
    return {
        "timer": table.timer,
        "seats": waiting_on(table.seats, table.state),
        "deadline": iso_ms(table.deadline),
        "left": round(max(0.0, table.deadline - now), 1),
    }


def iso_ms(ts: float) -> str:
    return f"{iso(ts)[:-1]}.{int(ts * 1000) % 1000:03d}Z"  # type: ignore[index]


class Clock:
    """The master's turn timers: one armed per table that this instance drives."""

    def __init__(self, master: Master) -> None:
        self.master = master
        self.settings = master.settings
        self.started = time.time()
        self._expiring: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ arming
    def arm(self, table: Table) -> None:
        """(Re)arm ``table``'s timer for its deadline, if this instance drives the table."""
        self.disarm(table)
        master = self.master
        if (
            table.deadline is None
            or table.status != "playing"
            or master.closing
            or not master.coordinator.drives(table.id)
        ):
            return
        # A deadline set before this server started, which passed meanwhile (or is about
        # to), waits a little: people had no server to act on, and must reconnect.
        seconds = timer_seconds(self.settings, table.timer, table.move_seconds) or 0.0
        if table.deadline - seconds < self.started:
            grace = self.started + self.settings.timer_restart_grace_seconds
            table.deadline = max(table.deadline, grace)
        loop = asyncio.get_running_loop()
        delay = max(0.0, table.deadline - time.time())
        table.clock = loop.call_later(delay, self._ring, table, table.deadline)

    def disarm(self, table: Table) -> None:
        if table.clock is not None:
            table.clock.cancel()
            table.clock = None

    async def stop(self, tables: list[Table]) -> None:
        """Disarm every timer; let a timeout being stored finish."""
        for table in tables:
            self.disarm(table)
        await asyncio.gather(*self._expiring, return_exceptions=True)

    def due(self, now: float) -> int:
        """Expire every deadline passed by ``now`` at the tables this instance drives, as
        their armed timers would: a backstop run with the housekeeping, for timers of
        hours or days (the event loop's clock stops while the machine sleeps), and the
        way tests advance time. How many it expired."""
        rung = 0
        for table in list(self.master.tables.values()):
            deadline = table.deadline
            if (
                deadline is not None
                and deadline <= now
                and table.status == "playing"
                and self.master.coordinator.drives(table.id)
            ):
                self.disarm(table)
                self._ring(table, deadline)
                rung += 1
        return rung

    def _ring(self, table: Table, deadline: float) -> None:
        table.clock = None
        task = asyncio.get_running_loop().create_task(self._expire(table, deadline))
        self._expiring.add(task)
        task.add_done_callback(self._expiring.discard)

    # ------------------------------------------------------------------ time runs out
    async def _expire(self, table: Table, deadline: float) -> None:
        """The deadline passed: the seats it timed become absent (stored first)."""
        master = self.master
        async with table.lock:
            if (
                table.deadline != deadline
                or master.tables.get(table.id) is not table
                or not master.coordinator.drives(table.id)
            ):
                return
            seq, late = table.seq, waiting_on(table.seats, table.state)
            try:
                await master.store.run(
                    lambda c: master.repo.set_clock(
                        c, table.id, seq, None, dict.fromkeys(late, True)
                    )
                )
            except StaleWrite:  # an action came through another instance meanwhile
                master.coordinator.catch_up(table.id)
                return
            for n in late:
                table.seats[n].absent = True
            table.deadline = None
        for n in late:
            log.info("table %s: seat %d ran out of time", table.id, n)
            self._tell(table, {"type": "timed_out", "seat": n, "bot": table.on_timeout})
        self._tell_table(table)
        master.driver.kick(table)  # the on_timeout bot, if any, decides for them

    # ------------------------------------------------------------------ coming back
    async def back(self, table: Table, seat: int | None) -> None:
        """The person at ``seat`` said something: if they were absent, they are back (and
        if the game waits for them, their time starts again)."""
        if seat is None or not (taken := table.seats.get(seat)) or not taken.absent:
            return
        master = self.master
        async with table.lock:
            if not taken.absent or master.tables.get(table.id) is not table:
                return
            seq, now = table.seq, time.time()
            seats = {**table.seats, seat: dataclasses.replace(taken, absent=False)}
            deadline = table.deadline
            if deadline is None and table.status == "playing":
                deadline = deadline_for(self.settings, table, seats, table.state, now)
            if table.status == "playing":
                write = master.repo.set_clock
                try:
                    await master.store.run(
                        lambda c: write(c, table.id, seq, deadline, {seat: False})
                    )
                except StaleWrite:
                    master.coordinator.catch_up(table.id)
                    return
                table.deadline = deadline
            taken.absent = False
        log.info("table %s: seat %d is back", table.id, seat)
        self._tell(table, {"type": "back", "seat": seat})
        self._tell_table(table)
        master.driver.kick(table)

    # ------------------------------------------------------------------ news
    def heard(self, table: Table, absent: frozenset[int], deadline: float | None) -> None:
        """After a sync with the store: tell the listeners what changed elsewhere (who ran
        out of time, who came back, a new deadline)."""
        now_absent = table.absent_seats()
        for n in sorted(now_absent - absent):
            self._tell(table, {"type": "timed_out", "seat": n, "bot": table.on_timeout})
        for n in sorted(absent - now_absent):
            self._tell(table, {"type": "back", "seat": n})
        if now_absent == absent and deadline != table.deadline:
            self._tell(table, None)

    def _tell(self, table: Table, event: dict[str, Any] | None) -> None:
        for listener in self.master.listeners:
            listener.on_clock(table, event)

    def _tell_table(self, table: Table) -> None:
        """The seats changed (absent, back): everyone here and the other instances hear it."""
        for listener in self.master.listeners:
            listener.on_table(table)
        self.master.coordinator.table_changed(table)
