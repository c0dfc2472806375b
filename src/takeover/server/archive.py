"""The finished-games archive: the list, a game's record, and its positions step by step.

Only finished games are served: a record reveals the tile bag. The records read
last are kept in memory, since a replay viewer asks for one step after another.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.core.protocol import Event, GameDefinition
from takeover.server.master import MasterError
from takeover.server.services import services
from takeover.server.storage import TableRecord
from takeover.server.table import ServedState, Update, iso, play_on

KEPT = 64
"""Finished records kept in memory."""


async def games(request: Request) -> Response:
    """Finished games, newest first (``limit``, ``offset``)."""
    try:
        limit = min(200, max(1, int(request.query_params.get("limit", 50))))
        offset = max(0, int(request.query_params.get("offset", 0)))
    except ValueError:
        raise MasterError("bad_request", "limit and offset must be integers") from None
    store = services(request).store
    records, total = await store.run(lambda c: store.repo.finished(c, limit, offset))
    return JSONResponse({"games": [_entry(r) for r in records], "total": total})


async def record(request: Request) -> Response:
    """The complete record of a finished game (docs/record-format.md)."""
    rec = await finished_record(request, request.path_params["table_id"])
    actions = [{"player": seat, **action} for seat, action in rec.actions]
    return JSONResponse({**(rec.setup or {}), "actions": actions})


async def step(request: Request) -> Response:
    """The public position after the first ``n`` actions, with every hand."""
    rec = await finished_record(request, request.path_params["table_id"])
    try:
        n = int(request.path_params["n"])
    except ValueError:
        raise MasterError("bad_request", "the step must be an integer") from None
    total = len(rec.actions)
    if not 0 <= n <= total:
        raise MasterError("bad_request", f"step must be 0 to {total}, not {n}")
    definition = services(request).master.definition
    return JSONResponse(await asyncio.to_thread(position, definition, rec, n))


async def finished_record(request: Request, table_id: str) -> TableRecord:
    """The stored record of finished game ``table_id`` (kept for the next steps)."""
    found = services(request)
    rec = found.records.get(table_id)
    if rec is None:
        repo = found.store.repo
        rec = await found.store.run(lambda c: repo.table(c, table_id, actions=True))
        if rec is None:
            raise MasterError("not_found", f"no game {table_id!r}")
        if rec.status != "finished":
            raise MasterError(
                "conflict", "this game is not finished: its record would reveal the tile bag"
            )
        found.records[table_id] = rec
        if len(found.records) > KEPT:
            found.records.popitem(last=False)
    return rec


def position(definition: GameDefinition, rec: TableRecord, n: int) -> dict[str, Any]:
    """The public position after ``n`` actions of a finished game, with every hand."""
    # protocol: from_record() gives a GameState; the server needs Acquire's methods
    state: ServedState = definition.from_record({**(rec.setup or {}), "actions": []})  # type: ignore[assignment]
    last: Update | None = None
    for last in play_on(state, rec.actions[:n], 0):  # noqa: B007 (the last one is described)
        pass
    out: dict[str, Any] = {
        "step": n,
        "total": len(rec.actions),
        "view": state.view(None),
        "hands": [
            [t["tile"] for t in state.view(p).get("hand", [])] for p in range(state.num_players)
        ],
    }
    if last is not None:
        record = state.action_to_dict(last.action)  # protocol: action_to_dict
        out["action"] = {"player": last.seat, **record}
        out["text"] = state.text(last.action)  # protocol: text(action)
        out["events"] = _events(state, last.events)
    return out


def _events(state: ServedState, events: list[Event]) -> list[dict[str, Any]]:
    return [e for e in (state.event_view(ev, None) for ev in events) if e]


def _entry(record: TableRecord) -> dict[str, Any]:
    result = record.result or {}
    return {
        "id": record.id,
        "finished_at": iso(record.finished_at),
        "ruleset": record.ruleset,
        "players": result.get("players"),
        "scores": result.get("scores"),
        "ranks": result.get("ranks"),
        "actions": record.seq,
    }
