"""Liveness and readiness: ``/healthz`` (the process answers) and ``/readyz`` (it can serve).

A load balancer sends players only to ready instances: the store answers, the
coordinator's own checks pass (the broker, with several instances), and the
instance is not shutting down.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from takeover.server.services import services


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok", "instance": services(request).settings.instance})


async def readyz(request: Request) -> Response:
    found = services(request)
    checks: dict[str, Any] = {}
    try:
        await asyncio.wait_for(found.store.run(found.store.repo.ping), 2.0)
        checks["database"] = "ok"
    except Exception as exc:
        checks["database"] = f"failing: {type(exc).__name__}"
    checks.update(await found.master.coordinator.checks())
    if found.master.closing:
        checks["shutdown"] = "draining"
    ready = all(v == "ok" for v in checks.values())
    return JSONResponse(
        {
            "status": "ready" if ready else "not ready",
            "instance": found.settings.instance,
            "checks": checks,
        },
        status_code=200 if ready else 503,
    )
