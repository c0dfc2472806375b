"""Taking actions back at a table (docs/server-protocol.md, "Undo").

A seat asks to take back its own last action and everything after it. Where no other seat
has acted since (or no other person sits at the table: bots accept), the game's own undo
is applied at once; otherwise the request stands until every other person agrees (one
refusal drops it). Bots wait while a request stands; any action taken meanwhile lets it
lapse. The engine records the undo (Acquire's record format, 18xx.games' for 1817) and
replays it exactly; the game's ``UNDO`` extension says what a seat's undo takes back.
Like the votes to end a game, a standing request lives in the memory of the instance
holding the table.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from takeover.core.extensions import UNDO
from takeover.server.errors import MasterError

if TYPE_CHECKING:
    from takeover.server.master import Master
    from takeover.server.table import Table, Update


@dataclass
class UndoRequest:
    """A seat's standing request to take back its actions after ``action_id``."""

    seat: int
    action_id: int
    seq: int
    """The table's ``seq`` when asked: an action taken since lets the request lapse."""
    agreed: set[int] = field(default_factory=set)

    def summary(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action_id": self.action_id,
            "seq": self.seq,
            "agreed": sorted(self.agreed),
        }


def standing(table: Table) -> UndoRequest | None:
    """The table's request, if it still stands (no action was taken since it was made)."""
    request = table.undo_request
    return request if request is not None and request.seq == table.seq else None


async def ask(master: Master, table: Table, seat: int | None) -> Update | None:
    """``seat`` asks to take back its last action (and what followed): applied at once
    when no other seat acted since or no other person is at the table; otherwise a
    request for the others to vote on (``None``)."""
    state = _playing(table, seat)
    assert seat is not None
    undo = state.extension(UNDO)
    if undo is None:
        raise MasterError("bad_request", f"{table.game} has no undo")
    target = undo.last_own(seat)
    if target is None:
        raise MasterError("bad_request", "you have no action to take back")
    action_id, others = target
    if standing(table) is not None:
        raise MasterError("bad_request", "an undo is already asked: vote on it first")
    name = table.seats[seat].name
    people = {n for n, s in table.seats.items() if s.kind == "human"} - {seat}
    if not others or not people:
        words = (
            "takes back their last action"
            if not others
            else "takes back their last action and what followed (bots accept)"
        )
        done = await _apply(master, table, seat, None)
        await master.chat(table, seat, name, words)
        return done
    table.undo_request = UndoRequest(seat, action_id, table.seq, {seat})
    who = ", ".join(table.seats[n].name for n in sorted(people))
    await master.chat(
        table,
        seat,
        name,
        f"asks to take back their last action and what followed (waiting for {who})",
    )
    master._tell_table(table)
    return None


STALE_RETRIES = 3
"""An undo taken at once is tried again this many times when a bot acted between the
request and the table's lock (the undo then takes the bot's action back too)."""


async def vote(master: Master, table: Table, seat: int | None, agree: bool) -> Update | None:
    """Another person agrees to (``agree``) or refuses the standing request."""
    _playing(table, seat)
    assert seat is not None
    request = standing(table)
    if request is None:
        table.undo_request = None
        raise MasterError("bad_request", "no undo is asked now (or the game moved on since)")
    name = table.seats[seat].name
    if not agree:
        table.undo_request = None
        master._tell_table(table)
        await master.chat(table, seat, name, "refuses the undo: play goes on")
        master.driver.kick(table)
        return None
    if seat in request.agreed:
        raise MasterError("bad_request", "you agreed already: waiting for the others")
    request.agreed.add(seat)
    people = {n for n, s in table.seats.items() if s.kind == "human"}
    waiting = sorted(people - request.agreed)
    if waiting:
        who = ", ".join(table.seats[n].name for n in waiting)
        await master.chat(table, seat, name, f"agrees to the undo (waiting for {who})")
        master._tell_table(table)
        return None
    await master.chat(table, seat, name, "agrees to the undo: everyone agreed")
    table.undo_request = None
    master._tell_table(table)
    return await _apply(master, table, request.seat, request.action_id)


def _playing(table: Table, seat: int | None) -> Any:
    if seat is None or seat not in table.seats:
        raise MasterError("spectator", "spectators cannot take actions back: join a seat to play")
    state = table.state
    if state is None:
        raise MasterError("not_started", "the game has not started yet")
    if state.is_terminal():
        raise MasterError("game_over", "the game is over")
    return state


async def _apply(master: Master, table: Table, seat: int, action_id: int | None) -> Update:
    """Commit the game's undo for ``seat`` like any action (the bots then decide again).
    ``action_id`` ``None``: back to before ``seat``'s last action as the game stands when
    the undo is taken (a bot may have acted since it was asked; bots accept)."""

    async def act() -> Update:
        for attempt in range(STALE_RETRIES + 1):
            state = table.state
            undo = state.extension(UNDO) if state is not None else None
            assert undo is not None
            target = action_id
            if target is None:
                found = undo.last_own(seat)
                if found is None:
                    raise MasterError("bad_request", "you have no action to take back")
                target = found[0]
            try:
                return await master._act(
                    table, seat, table.seq, undo.undo(seat, target), agreed=True
                )
            except MasterError as exc:  # a bot acted meanwhile: take that back too
                if exc.code != "stale" or action_id is not None or attempt == STALE_RETRIES:
                    raise
        raise AssertionError("unreachable")

    task = asyncio.ensure_future(act())
    master._acting.add(task)
    task.add_done_callback(master._acted)
    return await asyncio.shield(task)
