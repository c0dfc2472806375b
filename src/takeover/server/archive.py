"""The finished-games archive: the list, a game's record, and its positions step by step.

Only finished games are served: a record reveals the tile bag. The records read
last are kept in memory, since a replay viewer asks for one step after another. A
position and a record are computed by a replay worker (:mod:`.replays`: a job whose
cost grows with the game never runs on the event loop), and both routes are limited to
``replay_rate_per_second`` per client address.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.core.extensions import HANDS, OPEN_VIEW
from takeover.core.protocol import Action, Event, GameState
from takeover.core.registry import get as get_game
from takeover.server.limits import address_bucket, client_address
from takeover.server.master import MasterError
from takeover.server.services import services
from takeover.server.storage import TableRecord
from takeover.server.table import Update, iso, play_on, start_state

if TYPE_CHECKING:
    from takeover.server.replays import Deadline

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
    """The complete record of a finished game in the game's own format (Acquire's,
    docs/record-format.md; 18xx.games' for 1817), or of an imported one as it came."""
    from takeover.server import imports

    check_replay_rate(request)
    found, table_id = services(request), request.path_params["table_id"]
    imported = await imports.find(found, table_id)
    if imported is not None:
        return await imports.record(request, imported)
    rec = await finished_record(request, table_id)
    body = await found.replays.run(
        client_address(request),
        table_id,
        "takeover.server.archive:encoded_record",
        rec,
        what="replaying this game",
    )
    return Response(body, media_type="application/json")


async def step(request: Request) -> Response:
    """The public position after the first ``n`` actions, with every hand (of a finished
    game, or an imported one)."""
    from takeover.server import imports

    check_replay_rate(request)
    try:
        n = int(request.path_params["n"])
    except ValueError:
        raise MasterError("bad_request", "the step must be an integer") from None
    found, table_id = services(request), request.path_params["table_id"]
    if table_id not in found.records:
        imported = await imports.find(found, table_id)
        if imported is not None:
            return await imports.step(request, imported, n)
    rec = await finished_record(request, table_id)
    total = len(rec.actions)
    if not 0 <= n <= total:
        raise MasterError("bad_request", f"step must be 0 to {total}, not {n}")
    made = await found.replays.run(
        client_address(request),
        table_id,
        "takeover.server.archive:position_at",
        rec,
        n,
        what="replaying this game",
    )
    return JSONResponse(made)


def check_replay_rate(request: Request) -> None:
    """Refuse a replay step or record past the address's ``replay_rate_per_second``."""
    found = services(request)
    rate = found.settings.replay_rate_per_second
    bucket = address_bucket(
        found.replay_buckets, client_address(request), rate, max(1, int(3 * rate))
    )
    if not bucket.take():
        raise MasterError(
            "rate_limited",
            f"too many replay requests: {rate:g} a second at most (a burst of "
            f"{max(1, int(3 * rate))})",
        )


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


def game_record(rec: TableRecord) -> dict[str, Any]:
    """The game's own record of a stored game (the game's ``to_record``: Acquire's
    format, 18xx.games' for 1817), which its definition (and ``takeover replay``) replays."""
    state = start_state(get_game(rec.game), rec.setup or {})
    for _ in play_on(state, rec.actions, 0):
        pass
    return state.to_record()


def encoded_record(_deadline: Deadline, rec: TableRecord) -> bytes:
    """:func:`game_record` as JSON (a replay worker's job)."""
    return msgspec.json.encode(game_record(rec))


def position_at(_deadline: Deadline, rec: TableRecord, n: int) -> dict[str, Any]:
    """:func:`position` (a replay worker's job)."""
    return position(rec, n)


def position(rec: TableRecord, n: int) -> dict[str, Any]:
    """The public position after ``n`` actions of a finished game, with every hand (where
    the game has hidden hands: its ``HANDS`` extension)."""
    state = start_state(get_game(rec.game), rec.setup or {})
    last: Update | None = None
    for last in play_on(state, rec.actions[:n], 0):  # noqa: B007 (the last one is described)
        pass
    made = None if last is None else (last.seat, last.action, last.events)
    return describe(state, n, len(rec.actions), made)


def describe(
    state: GameState, n: int, total: int, last: tuple[int | None, Action, list[Event]] | None
) -> dict[str, Any]:
    """A replay step: the view after ``n`` of ``total`` actions with nothing hidden (the
    game's ``OPEN_VIEW`` where it hides more than hands: a finished game is shown whole at
    every step), the hands, and the action that led there (``(seat, action, events)``;
    none for ``n = 0``) in words."""
    whole = state.extension(OPEN_VIEW)
    out: dict[str, Any] = {
        "game": state.game,
        "step": n,
        "total": total,
        "view": state.view(None) if whole is None else whole.view(),
    }
    hands = state.extension(HANDS)
    if hands is not None:
        out["hands"] = [hands.hand(p) for p in range(state.num_players)]
    if last is not None:
        seat, action, events = last
        out["action"] = {"player": seat, **state.action_to_dict(action)}
        out["text"] = state.action_text(action)
        out["events"] = [
            e
            for e in (
                state.event_view(ev, None) if whole is None else whole.event_view(ev)
                for ev in events
            )
            if e
        ]
    return out


def _entry(record: TableRecord) -> dict[str, Any]:
    result = record.result or {}
    return {
        "id": record.id,
        "game": record.game,
        "finished_at": iso(record.finished_at),
        "ruleset": record.ruleset,
        "players": result.get("players"),
        "scores": result.get("scores"),
        "ranks": result.get("ranks"),
        "actions": record.seq,
        "timer": record.timer,
        "on_timeout": record.on_timeout,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot} for s in record.seats
        ],
    }
