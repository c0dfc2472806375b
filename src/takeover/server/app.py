"""The Starlette application: its routes, its error handlers, the WebSocket endpoint.

Routes are small named handlers (:mod:`.lobby`, :mod:`.archive`, :mod:`.health`,
:func:`play`) that reach the running server's pieces through
``request.app.state.services`` (:mod:`.services`). They only translate: read and
check a request, call the master (or the store, for the archive), and turn
:class:`MasterError` into a JSON error with the right status. No route ever
answers with a stack trace.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp
from starlette.websockets import WebSocket

from takeover.server import (
    accounts,
    analyses,
    archive,
    health,
    imports,
    links,
    lobby,
    preferences,
    ratings,
    unsubscribe,
)
from takeover.server.config import Settings
from takeover.server.defences import Defences
from takeover.server.master import MasterError
from takeover.server.services import Services, services

log = logging.getLogger("takeover.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

STATUS = {
    "bad_request": 400,
    "signed_out": 401,
    "sign_in_failed": 401,
    "unauthorized": 403,
    "forbidden": 403,
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
    "busy": 503,
    "no_mail": 503,
    "timeout": 503,
}


async def play(ws: WebSocket) -> None:
    """A live connection to one table (:class:`takeover.server.transport.Hub`)."""
    found, table_id = services(ws), ws.path_params["table_id"]
    with contextlib.suppress(MasterError):  # on a shared store, load the table here
        await found.master.fetch(table_id)
    await found.hub.serve(ws, table_id)


def error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=status or STATUS[code]
    )


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


ROUTES: list[BaseRoute] = [
    Route("/healthz", health.healthz),
    Route("/readyz", health.readyz),
    Route("/api/options", lobby.options),
    Route("/api/tables", lobby.list_tables),
    Route("/api/tables", lobby.create_table, methods=["POST"]),
    Route("/api/tables/{table_id}", lobby.get_table),
    Route("/api/tables/{table_id}/join", lobby.join, methods=["POST"]),
    Route("/api/tables/{table_id}/leave", lobby.leave, methods=["POST"]),
    Route("/api/tables/{table_id}/start", lobby.start, methods=["POST"]),
    Route("/api/imports", imports.upload, methods=["POST"]),
    Route("/api/games", archive.games),
    Route("/api/games/{table_id}/record", archive.record),
    Route("/api/games/{table_id}/steps/{n}", archive.step),
    Route(links.PATH, unsubscribe.ask),
    Route(links.PATH, unsubscribe.confirm, methods=["POST"]),
    Route("/api/accounts", accounts.sign_up, methods=["POST"]),
    Route("/api/accounts/confirm", accounts.confirm, methods=["POST"]),
    Route("/api/session", accounts.sign_in, methods=["POST"]),
    Route("/api/session", accounts.sign_out, methods=["DELETE"]),
    Route("/api/me", accounts.get_me),
    Route("/api/me/password", accounts.change_password, methods=["POST"]),
    Route("/api/me/seats", accounts.claim, methods=["POST"]),
    Route("/api/me/games", accounts.my_games),
    Route("/api/me/notifications", preferences.get_notices),
    Route("/api/me/notifications", preferences.put_notices, methods=["PUT"]),
    Route("/api/password-reset", accounts.ask_reset, methods=["POST"]),
    Route("/api/password-reset/confirm", accounts.reset, methods=["POST"]),
    Route("/api/leaderboard", ratings.pools),
    Route("/api/leaderboard/{pool}", ratings.leaderboard),
    Route("/api/people/{account_id}", ratings.profile),
    Route("/api/games/{table_id}/analysis", analyses.analysis),
    WebSocketRoute("/ws/tables/{table_id}", play),
]


class App(Starlette):
    """The app behind its :class:`~takeover.server.defences.Defences`, outermost, so that
    every response carries the security headers, a crash's 500 included."""

    def build_middleware_stack(self) -> ASGIApp:
        return Defences(super().build_middleware_stack())


def create_app(settings: Settings | None = None) -> Starlette:
    found = Services(settings or Settings())
    routes = list(ROUTES)
    if WEB_DIR.is_dir():
        routes.append(Mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web"))
    app = App(
        routes=routes,
        lifespan=found.lifespan,
        exception_handlers={
            MasterError: on_master_error,
            HTTPException: on_http_error,
            Exception: on_crash,
        },
    )
    app.state.services = found
    return app
