"""Hints: the seat to move asks the analysis bot what it would play.

Only in games against bots (one person at most at the table), or at a table made with
hints on (:func:`~takeover.server.table.hints_allowed`). The bot thinks in the bot
workers, in the table's place in their fair queue, from an observation of the asking seat
alone (what the seat cannot see is re-dealt, as for any bot), so a hint says nothing the
seat could not know; its answer goes to that connection only. Each seat may ask
``hints_per_minute`` a minute (two at once), and the bot thinks ``hint_seconds``.
"""

from __future__ import annotations

import random
from typing import Any

from takeover.analysis.board import analysis_spec
from takeover.server.errors import MasterError
from takeover.server.limits import Bucket, address_bucket
from takeover.server.master import Master
from takeover.server.table import Table


async def hint(
    master: Master, table: Table, seat: int | None, seq: int, buckets: dict[str, Bucket]
) -> dict[str, Any]:
    """The ``hint`` message for ``seat``, which must decide now at ``seq``; ``MasterError``
    naming why not."""
    settings = master.settings
    if seat is None:
        raise MasterError("spectator", "spectators cannot ask for hints: take a seat to play")
    if not table.hints_allowed():
        raise MasterError(
            "bad_request",
            "hints are for games against bots only: this table has two or more people and "
            "was not made with hints on",
        )
    state = table.state
    if state is None:
        raise MasterError("not_started", "the game has not started yet")
    decision = state.pending()
    if decision is None:
        raise MasterError("game_over", "the game is over")
    if seq != table.seq:
        raise MasterError("stale", f"stale: the game is at seq {table.seq}, not {seq}")
    if seat not in decision.seats:
        raise MasterError("not_your_turn", "a hint is for the seat that decides now")
    rate = settings.hints_per_minute / 60
    if not address_bucket(buckets, f"{table.id}/{seat}", rate, 2).take():
        raise MasterError(
            "rate_limited",
            f"too many hints: at most {settings.hints_per_minute:g} a minute (two at once)",
        )
    seconds = min(settings.hint_seconds, settings.bot_think_seconds / 2)
    spec = analysis_spec(table.game, seconds, clock="wall")
    action = await master.bots.suggest(
        (table.id, seat, "hint"), spec, state, seat, random.randrange(2**31), table.creator
    )
    return {
        "type": "hint",
        "seq": seq,
        "action": state.action_to_dict(action),
        "text": state.action_text(action),
    }
