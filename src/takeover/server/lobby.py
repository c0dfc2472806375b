"""The lobby's HTTP routes: what a table may be created with, the tables, seats, the start.

Each handler reads and checks its request (bodies are size- and rate-limited and
decoded by :mod:`.schemas`), calls the master, and answers JSON.
"""

from __future__ import annotations

from typing import Any, TypeVar

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response

from takeover.core.protocol import GameDefinition
from takeover.core.registry import get as get_game
from takeover.core.registry import names as game_names
from takeover.server.bots import bot_levels
from takeover.server.clock import timers
from takeover.server.limits import address_bucket, client_address, lobby_page, page_bounds
from takeover.server.master import MasterError
from takeover.server.schemas import (
    DEFAULT_GAME,
    BadMessage,
    CreateTable,
    JoinTable,
    Leave,
    StartTable,
)
from takeover.server.schemas import decode_body as decode
from takeover.server.services import services
from takeover.server.storage import TableRecord
from takeover.server.table import hints_allowed, iso, move_hours

T = TypeVar("T")


async def read_body(request: Request, shape: type[T]) -> T:
    """The request's JSON body as ``shape``: rate-limited, size-limited, checked."""
    raw = await read_raw(request, services(request).settings.message_bytes)
    try:
        return decode(raw, shape)
    except BadMessage as exc:
        raise MasterError("bad_request", str(exc)) from None


async def read_raw(request: Request, limit: int) -> bytes:
    """The request's body, rate-limited (per client address) and at most ``limit`` bytes."""
    found = services(request)
    host = client_address(request)
    rate = found.settings.http_rate_per_second
    bucket = address_bucket(found.buckets, host, rate, max(1, int(3 * rate)))
    if not bucket.take():
        raise MasterError("rate_limited", "too many requests: slow down")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise MasterError("too_large", f"request bodies are limited to {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # (gone, or too slow: takeover.server.deadlines)
        raise MasterError("bad_request", "the request body did not arrive") from None
    return b"".join(chunks)


async def options(request: Request) -> Response:
    """What a table may be created with: each game (its seats, presets, options and bots,
    from its definition and the bot registry), the turn timers, the limits. The top-level
    ``seats``, ``presets``, ``choices`` and ``bots`` describe Acquire, for older clients."""
    settings = services(request).settings
    ordered = sorted(game_names(), key=lambda name: (name != DEFAULT_GAME, name))
    games = [game_options(get_game(name)) for name in ordered]
    acquire = next(g for g in games if g["name"] == "acquire")
    return JSONResponse(
        {
            "games": games,
            "seats": {"min": acquire["seats"]["min"], "max": acquire["seats"]["max"]},
            "presets": acquire["presets"],
            "choices": {o["name"]: o["values"] for o in acquire["options"] if "values" in o},
            "bots": acquire["bots"],
            "imports": [
                {"game": d.name, "title": d.title, "source": d.imports.source}
                for d in map(get_game, game_names())
                if d.imports is not None
            ],
            "timers": timers(settings),
            "correspondence": {
                "min_hours": settings.correspondence_min_hours,
                "max_hours": settings.correspondence_max_hours,
            },
            "limits": {
                "name_length": settings.name_length,
                "chat_length": settings.chat_length,
                "message_bytes": settings.message_bytes,
                "spectator_chat": settings.spectator_chat,
                "import_bytes": settings.import_bytes,
            },
        }
    )


def game_options(definition: GameDefinition) -> dict[str, Any]:
    """One game's entry in ``/api/options`` (docs/server-protocol.md), read off its
    ruleset schema: each preset's option values, seats and offered options."""
    schema = definition.schema
    options = []
    for option in schema.options:
        # the schema's own JSON, in the create form's words (docs/server-protocol.md)
        entry = option.to_json()
        entry["label"] = option.name.replace("_", " ")
        if "description" in entry:
            entry["help"] = entry.pop("description")
        choices = entry.pop("choices", None)
        if option.kind == "choice":
            entry["values"] = choices or []
        options.append(entry)
    every = [o.name for o in schema.options]
    return {
        "name": definition.name,
        "title": definition.title,
        "seats": {
            "min": schema.min_players,
            "max": schema.max_players,
            "default": max(schema.min_players, min(schema.max_players, 4)),
        },
        "presets": {p.name: schema.defaults(p) for p in schema.presets},
        "default_preset": schema.presets[0].name,
        "preset_details": {
            p.name: {
                "seats": {"min": p.min_players, "max": p.max_players},
                "options": list(p.offers) if p.offers is not None else every,
                "description": p.description,
            }
            for p in schema.presets
        },
        "options": options,
        "bots": bot_levels(definition.name),
    }


PACES = ("live", "correspondence")
"""The lobby's lists: tables played at one sitting, and those played over days."""


async def list_tables(request: Request) -> Response:
    """One page of the open and playing tables, joinable ones first (``limit``, ``offset``;
    ``pace``: only live or only correspondence tables)."""
    found = services(request)
    limit, offset = page_bounds(request.query_params, found.settings)
    pace = request.query_params.get("pace")
    if pace is not None and pace not in PACES:
        raise MasterError("bad_request", f"pace must be live or correspondence, not {pace!r}")
    tables = [
        t
        for t in found.master.list_tables()
        if t.status != "finished"
        and (pace is None or (t.move_seconds is not None) == (pace == "correspondence"))
    ]
    return JSONResponse(lobby_page(tables, limit, offset))


async def create_table(request: Request) -> Response:
    body = await read_body(request, CreateTable)
    bots: dict[int, str] = {}
    for key, spec in body.bots.items():
        try:
            bots[int(key)] = spec
        except ValueError:
            raise MasterError("bad_request", f"bot seat {key!r} is not a number") from None
    if body.seat is not None and body.name is None:
        raise MasterError("bad_request", 'give a "name" to take a seat')
    master = services(request).master
    table, seat, token = await master.create(
        body.seats,
        body.ruleset,
        bots,
        body.name,
        body.seat,
        creator=client_address(request),
        bot_only=body.bot_only,
        timer=body.timer,
        on_timeout=body.on_timeout,
        game=body.game,
        move_hours=body.move_hours,
        rated=body.rated,
        hints=body.hints,
    )
    out: dict[str, Any] = {"table": table.summary()}
    if token is not None:
        out.update(seat=seat, token=token)
    return JSONResponse(out, status_code=201)


async def get_table(request: Request) -> Response:
    """One table: held ones as the master has them, others (finished too) from the store."""
    found, table_id = services(request), request.path_params["table_id"]
    table = found.master.tables.get(table_id)
    if table is not None:
        return JSONResponse(table.summary())
    repo = found.store.repo
    record = await found.store.run(lambda c: repo.table(c, table_id))
    if record is None:
        from takeover.server import imports

        imported = await imports.find(found, table_id)
        if imported is None:
            raise MasterError("not_found", f"no table {table_id!r}")
        return JSONResponse(imports.summary(imported))
    return JSONResponse(record_summary(record))


async def join(request: Request) -> Response:
    body = await read_body(request, JoinTable)
    master = services(request).master
    table, seat, token = await master.join(request.path_params["table_id"], body.name, body.seat)
    return JSONResponse({"table": table.summary(), "seat": seat, "token": token})


async def leave(request: Request) -> Response:
    body = await read_body(request, Leave)
    table = await services(request).master.leave(request.path_params["table_id"], body.token)
    return JSONResponse({"table": table.summary()})


async def start(request: Request) -> Response:
    body = await read_body(request, StartTable)
    master = services(request).master
    table = await master.start(request.path_params["table_id"], body.token, body.fill)
    return JSONResponse({"table": table.summary()})


def record_summary(record: TableRecord) -> dict[str, Any]:
    """A stored table's lobby entry (as :meth:`Table.summary`, nobody connected)."""
    seats = {s.seat: s for s in record.seats}
    return {
        "id": record.id,
        "game": record.game,
        "status": record.status,
        "created_at": iso(record.created_at),
        "ruleset": record.ruleset,
        "seq": record.seq,
        "seats": [
            {
                "seat": n,
                "kind": seats[n].kind if n in seats else "empty",
                "name": seats[n].name if n in seats else None,
                "bot": seats[n].bot if n in seats else None,
                "connected": False,
                "absent": n in seats and seats[n].absent,
            }
            for n in range(record.num_seats)
        ],
        "spectators": 0,
        "bot_only": record.bot_only,
        "timer": record.timer,
        "on_timeout": record.on_timeout or "wait",
        "move_hours": move_hours(record.move_seconds),
        "rated": record.rated,
        "hints": hints_allowed(sum(1 for s in record.seats if s.kind == "human"), record.hints),
    }
