"""The bot driver: one task per table moves its bots while a bot must decide.

A bot's move goes through :meth:`Master.act` like a person's, so it is checked,
committed and announced the same way. A bot that chooses an illegal action plays
a harmless legal one instead; a move that lost a race (``stale``) is thought
again on the new position. A seat whose person is absent is played by the table's
``on_timeout`` bot (:meth:`Table.bot_for`). The bots wait while an undo is asked
(:mod:`.undo`), and decide again on the position it leaves. Where several instances share the store,
only the one the coordinator lets drive a table moves its bots (and runs its clock).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from takeover.server.bots import fallback
from takeover.server.errors import MasterError
from takeover.server.table import ServedAction, Table

if TYPE_CHECKING:
    from takeover.server.listings import Listings
    from takeover.server.master import Master

log = logging.getLogger("takeover.server")


class BotDriver:
    def __init__(self, master: Master) -> None:
        self.master = master

    def kick(self, table: Table) -> None:
        """Arm the table's clock; start its driver if a bot must decide and none is running."""
        self.master.clock.arm(table)
        if self.master.closing or table.status != "playing" or table.state is None:
            return
        if bot_seat(table, self.master.listings) is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._drive(table))

    async def stop(self, tables: list[Table]) -> None:
        tasks = [t.bot_task for t in tables if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _drive(self, table: Table) -> None:
        master = self.master
        if not await master.coordinator.claim_bots(table.id):
            return  # another instance drives them
        settings = master.settings
        while master.tables.get(table.id) is table and table.status == "playing":
            state, seq = table.state, table.seq
            assert state is not None
            seat = bot_seat(table, master.listings)
            if seat is None:
                return
            if settings.bot_delay_seconds:
                await asyncio.sleep(settings.bot_delay_seconds)
            legal = (await master.listings.get(table, seat)).actions(state)
            spec = table.bot_for(seat)
            if spec is None or table.seq != seq:
                continue  # the person came back, or someone moved, meanwhile
            if not legal:
                return  # (the slow listing found nothing after all: the decision waits)
            action = await master.bots.choose(
                (table.id, seat), spec, state, seat, hash((table.id, seq)), table.creator, legal
            )
            if master.closing or not master.coordinator.drives(table.id):
                return  # handed over meanwhile
            if table.bot_for(seat) is None:
                continue  # the person came back while the bot thought
            try:
                await self._act(table, seat, seq, action)
            except MasterError as exc:
                if exc.code == "stale":
                    await master.sync(table.id)  # before looking at the state again
                    continue
                log.error("bot at table %s seat %d: %s", table.id, seat, exc.message)
                return

    async def _act(self, table: Table, seat: int, seq: int, action: ServedAction) -> None:
        try:
            await self.master.act(table, seat, seq, action)
        except MasterError as exc:
            if exc.code != "illegal" or table.state is None:
                raise
            log.error("bot chose an illegal action at table %s: %s", table.id, exc.message)
            state = table.state
            legal = (await self.master.listings.get(table, seat)).actions(state)
            await self.master.act(table, seat, seq, fallback(state, legal))


def bot_seat(table: Table, listings: Listings) -> int | None:
    """A seat the game waits for whose decision is a bot's (its own, or the ``on_timeout``
    bot of an absent person) and for which the game lists actions (or is listing them,
    away from the event loop), if any: the protocol's ``pending()`` names the seats. (A
    decision for which the game lists no action waits: a bot chooses only among listed
    ones.)"""
    state = table.state
    decision = state.pending() if state is not None else None
    if state is None or decision is None:
        return None
    if table.undo_request is not None and table.undo_request.seq == table.seq:
        return None  # the bots wait while the people vote on taking actions back
    for n in decision.seats:
        if table.bot_for(n) is not None:
            listed = listings.now(table, n)
            if listed is None or listed.forms:
                return n
    return None
