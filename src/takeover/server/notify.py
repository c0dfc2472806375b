"""A message when it is your turn: the master's listener that queues them.

When an action (or the start) puts a decision to a person who did not take the one before,
their turn begins: at a correspondence table always, at a live table when they have left the
page (no connection to the seat), the turn's message is queued in the outbox
(:mod:`.dispatch`), by e-mail (or the day's digest) and webhook as the person chose
(:class:`~.storage.notices.Prefs`). The queueing runs as a task of its own, after the
action's commit; nothing here can delay or refuse a move. Every instance that hears of a
turn queues it, and the outbox keeps one (``table:seq:seat``).

Who sits in a seat is an opaque recipient id (an account's): :attr:`Notifier.holders`
answers it from the store for a table's seats (a guest's seat has none, and no message
reaches it). A person without preferences gets the default ones: e-mail at each turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from takeover.server.clock import CORRESPONDENCE, waiting_on
from takeover.server.config import Settings
from takeover.server.dispatch import Dispatcher
from takeover.server.storage import Store, notices
from takeover.server.storage.notices import Notice, Prefs
from takeover.server.storage.repository import ChatLine
from takeover.server.table import Table, Update, iso

log = logging.getLogger("takeover.server.notify")


def no_holders(_conn: Connection, _table_id: str) -> dict[int, str]:
    """Before accounts: nobody is known by a seat, so no message is queued."""
    return {}


def next_digest(now: float, hour: int) -> float:
    """The next ``hour`` o'clock (UTC) after ``now``: when the day's digest goes out.

    >>> from calendar import timegm
    >>> iso(next_digest(timegm((2026, 11, 27, 21, 0, 0)), 8))
    '2026-11-28T08:00:00Z'
    >>> iso(next_digest(timegm((2026, 11, 27, 7, 59, 0)), 8))
    '2026-11-27T08:00:00Z'
    """
    day = int(now // 86400) * 86400
    at = day + hour * 3600
    return float(at if at > now else at + 86400)


class Notifier:
    """The master's listener that queues a message when a person's turn begins."""

    def __init__(self, settings: Settings, store: Store, dispatch: Dispatcher) -> None:
        self.settings = settings
        self.store = store
        self.dispatch = dispatch
        self.holders: Callable[[Connection, str], dict[int, str]] = no_holders
        """The seats of a table that people are known by: seat -> recipient (an account
        id), read in the store (the accounts' ``seat_holders``)."""
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ the master's news
    def on_update(self, table: Table, update: Update | None) -> None:
        seq = update.seq if update is not None else 0
        actor = update.seat if update is not None else None
        decision = table.state.pending() if table.state is not None else None
        if decision is None or table.status != "playing":
            return
        correspondence = table.timer == CORRESPONDENCE
        turns = [
            seat
            for seat in waiting_on(table.seats, table.state)
            if seat != actor  # else their turn goes on: one message a turn
            and (correspondence or table.connected[seat] == 0)  # else the open page says it
        ]
        if not turns:
            return
        about = self._payload(table, decision.kind)
        task = asyncio.get_running_loop().create_task(self._queue(table.id, seq, turns, about))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def on_table(self, table: Table) -> None:
        pass

    def on_chat(self, table: Table, line: ChatLine) -> None:
        pass

    def on_removed(self, table: Table) -> None:
        pass

    def on_clock(self, table: Table, event: dict[str, Any] | None) -> None:
        pass

    # ------------------------------------------------------------------ queueing
    def _payload(self, table: Table, kind: str) -> dict[str, Any]:
        title = table.definition.title
        url = f"{self.settings.public_url}/#/table/{table.id}"
        text = f"It is your turn at {title} table {table.id}: {kind.replace('_', ' ')}."
        if table.deadline is not None and table.timer == CORRESPONDENCE:
            text += f"\nYou have until {iso(table.deadline)} (UTC)."
        return {
            "subject": f"Your turn at {title} table {table.id}",
            "text": f"{text}\nOpen the game: {url}\n",
            "url": url,
            "table": table.id,
        }

    async def _queue(
        self, table_id: str, seq: int, turns: list[int], about: dict[str, Any]
    ) -> None:
        now = time.time()
        digest_at = next_digest(now, self.settings.digest_hour)

        def write(conn: Connection) -> int:
            holders = self.holders(conn, table_id)
            people = {seat: holders[seat] for seat in turns if seat in holders}
            if not people:
                return 0
            chosen = notices.prefs(conn, set(people.values()))
            mails = bool(self.settings.mail.host or self.settings.mail_dir)
            queued = [
                notice
                for seat, recipient in people.items()
                for notice in _notices(
                    chosen.get(recipient) or Prefs(recipient),
                    f"{table_id}:{seq}:{seat}",
                    about,
                    now,
                    digest_at,
                    mails,
                )
            ]
            return notices.enqueue(conn, queued, now)

        try:
            if await self.store.run(write):
                self.dispatch.wake()
        except Exception:  # a message lost is better than a game stopped
            log.exception("could not queue the turn messages of table %s", table_id)

    async def drain(self) -> None:
        """Wait for the messages being queued (tests; a stopping server)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def _notices(
    prefs: Prefs, turn: str, about: dict[str, Any], now: float, digest_at: float, mails: bool
) -> list[Notice]:
    """The messages one person's preferences ask for about one turn (``mails``: whether the
    server sends e-mail at all; the address is looked up when it goes out:
    :attr:`.dispatch.Dispatcher.addresses`)."""
    out = []
    if prefs.email_on and mails:
        channel, due = ("digest", digest_at) if prefs.digest else ("email", now)
        out.append(Notice(prefs.recipient, channel, turn, about, due))
    if prefs.webhook:
        out.append(Notice(prefs.recipient, "webhook", turn, about, now))
    return out
