"""The Starlette application: HTTP routes for the lobby and archive, the WebSocket route.

Routes only translate: they read and validate a request, call the master (or the
store, for the archive), and turn :class:`MasterError` into a JSON error with the
right status. No route ever answers with a stack trace.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from takeover.server.bots import BotRunner, bot_levels
from takeover.server.config import Settings
from takeover.server.health import routes as health_routes
from takeover.server.master import MAX_SEATS, MIN_SEATS, Master, MasterError
from takeover.server.schemas import CreateTable, JoinTable, Leave, StartTable, explain
from takeover.server.storage import Store, TableRecord
from takeover.server.table import iso
from takeover.server.transport import Bucket, Hub

log = logging.getLogger("takeover.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

STATUS = {
    "bad_request": 400,
    "unauthorized": 403,
    "spectator": 403,
    "not_found": 404,
    "conflict": 409,
    "stale": 409,
    "not_started": 409,
    "game_over": 409,
    "not_your_turn": 409,
    "illegal": 409,
    "too_large": 413,
    "rate_limited": 429,
    "internal": 500,
}


def error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=status or STATUS[code]
    )


class Server:
    """The pieces of one running server, shared by the routes."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.database)
        self.bots = BotRunner(settings.bot_workers, settings.bot_think_seconds)
        if settings.broker:  # one of several instances: news through the broker
            from takeover.server.cluster import ClusterMaster

            self.master: Master = ClusterMaster(self.store, self.bots, settings)
        else:
            self.master = Master(self.store, self.bots, settings)
        self.hub = Hub(self.master, settings)
        self.buckets: dict[str, Bucket] = {}
        self.records: OrderedDict[str, TableRecord] = OrderedDict()
        self._cleaner: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life cycle
    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        self.store.open()
        self.master.load()
        self.master.resume()
        self._cleaner = asyncio.create_task(self._clean_regularly())
        try:
            yield
        finally:
            self._cleaner.cancel()
            with contextlib.suppress(BaseException):
                await self._cleaner
            await self.master.close()
            self.bots.close()
            self.store.close()

    async def _clean_regularly(self) -> None:
        while True:
            await asyncio.sleep(self.settings.cleanup_every_seconds)
            try:
                removed = await self.master.cleanup()
                if removed:
                    log.info("removed %d idle tables", len(removed))
            except Exception:
                log.exception("cleanup failed")

    # ------------------------------------------------------------------ helpers
    async def body(self, request: Request, model: type[BaseModel]) -> Any:
        """The request's JSON body as ``model``: size-limited, rate-limited, validated."""
        host = request.client.host if request.client else "?"
        bucket = self.buckets.get(host)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            rate = self.settings.http_rate_per_second
            bucket = self.buckets[host] = Bucket(rate, max(1, int(3 * rate)))
        if not bucket.take():
            raise MasterError("rate_limited", "too many requests: slow down")
        limit = self.settings.message_bytes
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise MasterError("too_large", f"request bodies are limited to {limit} bytes")
            chunks.append(chunk)
        raw = b"".join(chunks)
        try:
            data = json.loads(raw) if raw.strip() else {}
        except ValueError:
            raise MasterError("bad_request", "the body must be a JSON object") from None
        if not isinstance(data, dict):
            raise MasterError("bad_request", "the body must be a JSON object")
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise MasterError("bad_request", explain(exc)) from None

    async def finished_record(self, table_id: str) -> TableRecord:
        record = self.records.get(table_id)
        if record is None:
            repo = self.store.repo
            record = await self.store.run(lambda c: repo.table(c, table_id, actions=True))
            if record is None:
                raise MasterError("not_found", f"no game {table_id!r}")
            if record.status != "finished":
                raise MasterError(
                    "conflict", "this game is not finished: its record would reveal the tile bag"
                )
            self.records[table_id] = record
            if len(self.records) > 64:
                self.records.popitem(last=False)
        return record


def _record_summary(record: TableRecord) -> dict[str, Any]:
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
            }
            for n in range(record.num_seats)
        ],
        "spectators": 0,
    }


def _game_entry(record: TableRecord) -> dict[str, Any]:
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


def create_app(settings: Settings | None = None) -> Starlette:
    server = Server(settings or Settings())
    master = server.master

    async def options(request: Request) -> Response:
        from takeover.acquire import PRESETS
        from takeover.acquire.rules import option_choices

        presets = {}
        for name, preset in PRESETS.items():
            fields = dataclasses.asdict(preset)
            fields.pop("preset", None)
            presets[name] = fields
        return JSONResponse(
            {
                "seats": {"min": MIN_SEATS, "max": MAX_SEATS},
                "presets": presets,
                "choices": option_choices(),
                "bots": bot_levels(),
                "limits": {
                    "name_length": server.settings.name_length,
                    "chat_length": server.settings.chat_length,
                    "message_bytes": server.settings.message_bytes,
                },
            }
        )

    async def list_tables(request: Request) -> Response:
        return JSONResponse(
            {"tables": [t.summary() for t in master.list_tables() if t.status != "finished"]}
        )

    async def create_table(request: Request) -> Response:
        body: CreateTable = await server.body(request, CreateTable)
        bots: dict[int, str] = {}
        for key, spec in body.bots.items():
            try:
                bots[int(key)] = spec
            except ValueError:
                raise MasterError("bad_request", f"bot seat {key!r} is not a number") from None
        if body.seat is not None and body.name is None:
            raise MasterError("bad_request", 'give a "name" to take a seat')
        table, seat, token = await master.create(
            body.seats, body.ruleset, bots, body.name, body.seat
        )
        out: dict[str, Any] = {"table": table.summary()}
        if token is not None:
            out.update(seat=seat, token=token)
        return JSONResponse(out, status_code=201)

    async def get_table(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        table = master.tables.get(table_id)
        if table is not None:
            return JSONResponse(table.summary())
        repo = server.store.repo
        record = await server.store.run(lambda c: repo.table(c, table_id))
        if record is None:
            raise MasterError("not_found", f"no table {table_id!r}")
        return JSONResponse(_record_summary(record))

    async def join(request: Request) -> Response:
        body: JoinTable = await server.body(request, JoinTable)
        table, seat, token = await master.join(
            request.path_params["table_id"], body.name, body.seat
        )
        return JSONResponse({"table": table.summary(), "seat": seat, "token": token})

    async def leave(request: Request) -> Response:
        body: Leave = await server.body(request, Leave)
        table = await master.leave(request.path_params["table_id"], body.token)
        return JSONResponse({"table": table.summary()})

    async def start(request: Request) -> Response:
        body: StartTable = await server.body(request, StartTable)
        table = await master.start(request.path_params["table_id"], body.token, body.fill)
        return JSONResponse({"table": table.summary()})

    async def games(request: Request) -> Response:
        try:
            limit = min(200, max(1, int(request.query_params.get("limit", 50))))
            offset = max(0, int(request.query_params.get("offset", 0)))
        except ValueError:
            raise MasterError("bad_request", "limit and offset must be integers") from None
        repo = server.store.repo
        records, total = await server.store.run(lambda c: repo.finished(c, limit, offset))
        return JSONResponse({"games": [_game_entry(r) for r in records], "total": total})

    async def record(request: Request) -> Response:
        rec = await server.finished_record(request.path_params["table_id"])
        actions = [{"player": seat, **action} for seat, action in rec.actions]
        return JSONResponse({**(rec.setup or {}), "actions": actions})

    async def step(request: Request) -> Response:
        rec = await server.finished_record(request.path_params["table_id"])
        try:
            n = int(request.path_params["n"])
        except ValueError:
            raise MasterError("bad_request", "the step must be an integer") from None
        total = len(rec.actions)
        if not 0 <= n <= total:
            raise MasterError("bad_request", f"step must be 0 to {total}, not {n}")
        out = await asyncio.to_thread(_step, master, rec, n)
        return JSONResponse(out)

    async def websocket(ws: WebSocket) -> None:
        fetch = getattr(master, "fetch", None)
        if fetch is not None:  # a cluster instance loads the table if it does not hold it
            with contextlib.suppress(MasterError):
                await fetch(ws.path_params["table_id"])
        await server.hub.serve(ws, ws.path_params["table_id"])

    async def on_master_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, MasterError)
        return error(exc.code, exc.message)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 404:
            return error("not_found", f"no such page: {request.url.path}", 404)
        if exc.status_code == 405:
            return error("bad_request", f"{request.method} is not allowed here", 405)
        return error("bad_request", str(exc.detail), exc.status_code)

    async def on_crash(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path, exc_info=exc)
        return error("internal", "the server failed on this request", 500)

    routes = [
        *health_routes(server),
        Route("/api/options", options),
        Route("/api/tables", list_tables),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", get_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start, methods=["POST"]),
        Route("/api/games", games),
        Route("/api/games/{table_id}/record", record),
        Route("/api/games/{table_id}/steps/{n}", step),
        WebSocketRoute("/ws/tables/{table_id}", websocket),
    ]
    if WEB_DIR.is_dir():
        routes.append(Mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web"))
    app = Starlette(
        routes=routes,
        lifespan=server.lifespan,
        exception_handlers={
            MasterError: on_master_error,
            HTTPException: on_http_error,
            Exception: on_crash,
        },
    )
    app.state.server = server
    return app


def _step(master: Master, rec: TableRecord, n: int) -> dict[str, Any]:
    """The public position after ``n`` actions of a finished game, with every hand."""
    definition = master.definition
    state = definition.from_record({**(rec.setup or {}), "actions": []})
    events: list[Any] = []
    for i, (seat, data) in enumerate(rec.actions[:n]):
        action = state.action_from_dict(data)
        events = state.apply(action, seat)
        if i == n - 1:
            last = (seat, action)
    out: dict[str, Any] = {
        "step": n,
        "total": len(rec.actions),
        "view": state.view(None),
        "hands": [
            [t["tile"] for t in state.view(p).get("hand", [])] for p in range(state.num_players)
        ],
    }
    if n:
        seat, action = last
        out["action"] = {"player": seat, **state.action_to_dict(action)}
        out["text"] = state.text(action)
        out["events"] = [e for e in (state.event_view(ev, None) for ev in events) if e]
    return out
