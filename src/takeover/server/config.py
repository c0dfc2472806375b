"""Server settings: where the store lives, and every limit in one place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    database: str = "sqlite:///takeover.db"
    """A SQLAlchemy URL: ``sqlite:///path`` or ``postgresql://user@host/db``."""
    message_bytes: int = 8192
    """Largest WebSocket message or HTTP body a client may send."""
    rate_per_second: float = 50.0
    """Sustained messages per second per WebSocket connection ..."""
    rate_burst: int = 100
    """... and how many may arrive at once."""
    rate_strikes: int = 50
    http_rate_per_second: float = 10.0
    """Lobby requests (create, join, start, leave) per second per client address."""
    """Refused messages after which an abusive connection is closed."""
    name_length: int = 24
    chat_length: int = 300
    chat_history: int = 50
    """Chat lines sent to a client after ``hello``."""
    bot_workers: int = 2
    bot_think_seconds: float = 5.0
    """A bot that has not decided by then plays its first legal action."""
    bot_delay_seconds: float = 0.0
    """Pause before each bot move so that people can follow the game."""
    open_ttl_seconds: float = 30 * 60
    """Tables never started are deleted after this long without activity."""
    game_ttl_seconds: float = 7 * 24 * 3600
    """Unfinished games are deleted after this long without an action."""
    cleanup_every_seconds: float = 60.0
    send_queue: int = 256
    """Messages queued for one slow client before it is disconnected."""
    broker: str | None = None
    """A Redis URL (``redis://host:6379/0``): run as one of several instances sharing the
    store (see docs/cluster.md). ``None``: a single instance, news stays in process."""
    instance: str = "local"
    """This instance's name in leases and logs (unique among the instances)."""
    lease_seconds: float = 10.0
    """How long a bot lease lasts without renewal (another instance takes over after it)."""
