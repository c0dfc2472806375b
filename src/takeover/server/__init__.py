"""Online play: the lobby, live games over WebSockets, and the finished-games archive.

Layers, each using only those below it: ``app`` (the routes: ``lobby``,
``archive``, ``health`` and the WebSocket endpoint, reaching the running pieces
through ``services``; behind ``defences``, and ``deadlines`` under uvicorn)
<- ``transport`` (connections, limits, per-seat messages) <- ``master`` (the
authoritative, versioned game master; ``seating`` checks the lobby's input,
``driver`` moves the bots) with its ``coordinator`` (``Solo``, or ``cluster`` over
Redis: ``broker`` news, ``leases`` for bots) <- ``storage`` (the SQLAlchemy models
and every query, in the repository) and ``bots`` (server-side bots in a worker
pool). ``schemas`` decodes what clients send (msgspec). The server speaks only the
game protocol; no rules code lives here.
"""

from takeover.server.config import Settings

__all__ = ["Settings", "create_app"]


def create_app(settings: Settings | None = None):  # type: ignore[no-untyped-def]
    """The ASGI application (imported lazily so that the rules never need Starlette)."""
    from takeover.server.app import create_app as build

    return build(settings)
