"""Online play: the lobby, live games over WebSockets, and the finished-games archive.

Layers, each using only those below it: ``app`` (HTTP routes and the WebSocket
endpoint) <- ``transport`` (connections, limits, per-seat messages) <- ``master``
(the authoritative, versioned game master) <- ``storage`` (SQLAlchemy models and
the repository) and ``bots`` (server-side bots in a worker pool). The server speaks
only the game protocol; no rules code lives here.
"""

from takeover.server.config import Settings

__all__ = ["Settings", "create_app"]


def create_app(settings: Settings | None = None):  # type: ignore[no-untyped-def]
    """The ASGI application (imported lazily so that the rules never need Starlette)."""
    from takeover.server.app import create_app as build

    return build(settings)
