"""Liveness and readiness: ``/healthz`` (the process answers) and ``/readyz`` (it can serve).

A load balancer sends players only to ready instances: the store answers, the
broker answers (when there is one), and the instance is not shutting down.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import text
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


def routes(server: Any) -> list[Route]:
    """The two routes for ``server`` (an :class:`takeover.server.app.Server`)."""
    instance = server.settings.instance

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok", "instance": instance})

    async def readyz(request: Request) -> Response:
        checks: dict[str, Any] = {}
        try:
            await asyncio.wait_for(
                server.store.run(lambda c: c.execute(text("SELECT 1")).scalar_one()), 2.0
            )
            checks["database"] = "ok"
        except Exception as exc:
            checks["database"] = f"failing: {type(exc).__name__}"
        broker = getattr(server.master, "broker", None)
        if broker is not None:
            ok = await broker.ping() and broker.subscribed.is_set()
            checks["broker"] = "ok" if ok else "failing"
        if getattr(server.master, "draining", False):
            checks["shutdown"] = "draining"
        ready = all(v == "ok" for v in checks.values())
        return JSONResponse(
            {"status": "ready" if ready else "not ready", "instance": instance, "checks": checks},
            status_code=200 if ready else 503,
        )

    return [Route("/healthz", healthz), Route("/readyz", readyz)]
