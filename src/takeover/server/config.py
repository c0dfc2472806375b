"""Server settings: where the store lives, and every limit in one place.

Each limit is a field here with its default; ``takeover serve --limit NAME=VALUE`` sets
any of them (:func:`read_limit`), and docs/server-protocol.md ("Limits") lists them all.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

TlsMode = Literal["starttls", "tls", "none"]


@dataclass(frozen=True)
class MailSettings:
    """Where the server's e-mail goes out (``takeover serve --smtp-*``; no host: no e-mail).

    Not limits: names, a port and a secret, each an option of ``takeover serve`` of its own
    (the password from the environment, never the command line, where ``ps`` shows it).
    """

    host: str | None = None
    """The SMTP server; ``None``: the server sends no e-mail."""
    port: int = 587
    tls: TlsMode = "starttls"
    """``starttls`` (upgrade a plain connection, required: the usual submission port 587),
    ``tls`` (TLS from the first byte: port 465) or ``none`` (a relay on the same host)."""
    sender: str = "takeover@localhost"
    """The ``From`` address."""
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    """With ``username``: sign in to the SMTP server (never logged, never in ``repr``)."""
    ca_file: str | None = None
    """Certificates to trust for the SMTP server's TLS besides the system's (a private
    relay's own CA)."""


@dataclass(frozen=True)
class Settings:
    database: str = "sqlite:///takeover.db"
    """A SQLAlchemy URL: ``sqlite:///path`` or ``postgresql://user@host/db``."""

    # ------------------------------------------------------------------ messages
    message_bytes: int = 8192
    """Largest WebSocket message or HTTP body a client may send."""
    rate_per_second: float = 50.0
    """Sustained messages per second per WebSocket connection ..."""
    rate_burst: int = 100
    """... and how many may arrive at once."""
    rate_strikes: int = 50
    """Refused messages after which an abusive connection is closed."""
    http_rate_per_second: float = 10.0
    """Lobby requests (create, join, start, leave) per second per client address."""
    hello_timeout_seconds: float = 10.0
    """A WebSocket that has not said ``hello`` by then is closed."""
    connections_per_address: int = 32
    """Open WebSockets one client address may hold (at this instance)."""
    request_head_seconds: float = 10.0
    """An HTTP request's head (its request line and headers) must arrive within this long
    of its first byte, or of the connection opening ..."""
    request_body_seconds: float = 30.0
    """... and its body within this long of the head (``takeover serve``'s protocol,
    :mod:`takeover.server.deadlines`)."""

    import_bytes: int = 2_000_000
    """Largest game record a client may upload to watch it (an 18xx.games export of a
    long 1817 game is about 150 kB)."""
    imports_kept: int = 1000
    """Uploaded records the store keeps (the oldest go first)."""
    imports_per_minute: float = 6.0
    """Records one client address may upload a minute (each is replayed once: CPU time),
    three at once."""

    # ------------------------------------------------------------------ replays
    replay_rate_per_second: float = 20.0
    """Replay requests (``GET /api/games/{id}/steps/{n}`` and ``.../record``) per second
    per client address (a burst of three seconds' worth)."""
    replay_workers: int = 2
    """Worker processes for the work that grows with a record: reading uploads, replay
    steps, records (docs/server-protocol.md); 0: threads of the server process."""
    replay_seconds: float = 10.0
    """The most one such job may take; past it the request is answered ``timeout``."""
    replay_queue: int = 64
    """Such jobs that may wait for a worker; one more is answered ``busy``."""

    # ------------------------------------------------------------------ legal listings
    listing_workers: int = 2
    """Worker processes listing the legal actions at positions whose listing may take long
    (a game's ``SLOW_LISTING``: 1817's route decisions); 0: on the event loop."""
    listing_seconds: float = 10.0
    """The most one such listing may take; past it the seat is offered the game's quick
    listing (``legal_error``)."""
    listing_burn_seconds: float = 0.0
    """A hook for tests and benchmarks: every listing of a game that offers ``SLOW_LISTING``
    counts as slow and first spends this much CPU time. 0 in service."""

    # ------------------------------------------------------------------ names and chat
    name_length: int = 24
    chat_length: int = 300
    chat_rate_per_second: float = 0.5
    """Sustained chat lines per second per connection ..."""
    chat_burst: int = 5
    """... and how many may be said at once."""
    spectator_chat: bool = False
    """Whether spectators (connections without a seat) may chat."""
    chat_history: int = 50
    """Chat lines sent to a client after ``hello``."""

    # ------------------------------------------------------------------ lobby
    open_tables_per_address: int = 3
    """Tables one client address may have open (created, not started) at once."""
    lobby_page: int = 20
    """Tables per page of ``GET /api/tables`` when the client names no ``limit`` ..."""
    lobby_page_max: int = 100
    """... and the most it may ask for."""

    # ------------------------------------------------------------------ bots
    bot_workers: int = 2
    """Worker processes thinking for the searching bots: the server's bot CPU budget."""
    bot_think_seconds: float = 5.0
    """A bot that has not decided by then plays its first legal action (its worker is
    stopped and replaced); also the most ``time`` a bot spec may ask for."""
    bot_max_iterations: int = 5_000
    """The most ``iterations`` a bot spec may ask for ..."""
    bot_max_depth: int = 30
    """... the deepest ``depth`` ..."""
    bot_max_width: int = 12
    """... and the widest ``width``."""
    bot_worker_share: float = 0.5
    """The share of the bot workers that one address's tables may hold at once (at
    least one worker; 1: all of them): the others are kept for everyone else, even
    while they are idle. With the default 2 workers, one."""
    bot_tables_per_address: int = 3
    """Tables with bots (a bot seat, or a turn timer whose ``on_timeout`` is a bot, which
    plays for an absent person) that one client address may have live at once: open,
    or playing (one whose bots only wait for a person, without such a timer, stops
    counting after ``bot_table_idle_seconds`` without an action)."""
    bot_table_idle_seconds: float = 600.0
    """See ``bot_tables_per_address``."""
    bot_tables: int = 0
    """Tables of bots only (``"bot_only": true``) that may play at once; 0: none."""
    bot_delay_seconds: float = 0.0
    """Pause before each bot move so that people can follow the game."""

    # ------------------------------------------------------------------ analysis and hints
    analysis_games: int = 1
    """Finished games one instance analyses at once (0: none). Each decision is appraised
    in the bot workers, every analysis in one group of their fair queue, so analyses hold
    at most ``bot_worker_share`` of them and never delay a table's bots for long."""
    analysis_queue: int = 200
    """Finished games waiting for their analysis at one instance; past it, a game is left
    unanalysed until its analysis is asked for again."""
    analysis_seconds: float = 0.0
    """Search a decision (wall-clock seconds); 0: each game's default (Acquire 0.25 s,
    1817 0.15 s). At most half of ``bot_think_seconds``."""
    analysis_stale_seconds: float = 120.0
    """An analysis whose instance has not written for this long is taken over."""
    hint_seconds: float = 1.0
    """The analysis bot's search for a hint (at most half ``bot_think_seconds``) ..."""
    hints_per_minute: float = 4.0
    """... and the hints one seat may ask for a minute (two at once)."""

    # ------------------------------------------------------------------ turn timers
    timer_relaxed_seconds: float = 600.0
    """Time for one decision with the table's turn timer at ``relaxed`` ..."""
    timer_normal_seconds: float = 120.0
    """... at ``normal`` ..."""
    timer_fast_seconds: float = 30.0
    """... and at ``fast``."""
    timer_restart_grace_seconds: float = 30.0
    """After a restart, a deadline that passed (or is near) gets this long, so that people
    can reconnect before their time runs out."""

    correspondence_min_hours: float = 1.0
    """The least time a decision a correspondence table may give ..."""
    correspondence_max_hours: float = 14 * 24.0
    """... and the most (two weeks)."""

    # ------------------------------------------------------------------ housekeeping
    open_ttl_seconds: float = 30 * 60
    """Tables never started are deleted after this long without activity ..."""
    correspondence_open_ttl_seconds: float = 14 * 24 * 3600
    """... correspondence tables, which wait days for their players, after this long ..."""
    empty_ttl_seconds: float = 5 * 60
    """... and those where no person sits, after this long."""
    game_ttl_seconds: float = 7 * 24 * 3600
    """Unfinished games are deleted after this long without an action (a correspondence
    game's after this long past its time a decision)."""
    cleanup_every_seconds: float = 60.0
    send_queue: int = 256
    """Messages queued for one slow client before it is disconnected."""

    # ------------------------------------------------------------------ accounts
    session_days: float = 30.0
    """How long a sign-in lasts (the session cookie's lifetime)."""
    sign_in_window_seconds: float = 900.0
    """The window the sign-in limits count failures in ..."""
    sign_in_failures_per_address: int = 30
    """... failed sign-ins from one client address in it ..."""
    sign_in_failures_per_account: int = 10
    """... and failed sign-ins with one e-mail address (whether it has an account or not)."""
    account_mails_per_hour: int = 5
    """E-mails (sign-up links, password resets) asked for in an hour by one client address,
    and sent to one e-mail address."""
    signup_link_hours: float = 48.0
    """How long a sign-up link works ..."""
    reset_link_minutes: float = 60.0
    """... and a password reset link (each works once)."""
    password_length: int = 256
    """The longest password (the shortest is 8 characters)."""
    password_hashes_at_once: int = 2
    """Password hashes computed at once (each holds ``password_hash_kib`` of memory for a
    fraction of a second); more requests wait their turn."""
    password_hash_kib: int = 19456
    """Argon2id's memory cost per hash, in KiB (19 MiB and 2 passes: OWASP's recommended
    parameters) ..."""
    password_hash_passes: int = 2
    """... and its time cost (passes over that memory)."""
    seats_per_claim: int = 100
    """Seats a browser may hand to an account in one request (a guest's seats at sign-in)."""
    my_games_page_max: int = 50
    """The most games one page of ``GET /api/me/games`` (or a leaderboard's) holds."""

    # ------------------------------------------------------------------ several instances
    broker: str | None = None
    """A Redis URL (``redis://host:6379/0``): run as one of several instances sharing the
    store (see docs/cluster.md). ``None``: a single instance, news stays in process."""
    instance: str = "local"
    """This instance's name in leases and logs (unique among the instances)."""
    lease_seconds: float = 10.0
    """How long a bot lease lasts without renewal (another instance takes over after it)."""

    # ------------------------------------------------------------------ e-mail
    mail: MailSettings = MailSettings()
    """The SMTP server (no host: no e-mail)."""
    public_url: str = "http://127.0.0.1:8000"
    """Where people reach this server, for the links in e-mails (``--public-url``)."""
    mail_timeout_seconds: float = 20.0
    """The most one e-mail's delivery to the SMTP server may take (connect, TLS, sending)."""
    mail_dir: str | None = None
    """Without an SMTP server: write each account e-mail (sign-up link, password reset) into
    this directory as a file instead (self-hosting, tests); neither: no sign-ups."""

    # ------------------------------------------------------------------ your turn: messages
    outbox_every_seconds: float = 5.0
    """How often the outbox looks for messages due (at once when one is queued)."""
    outbox_batch: int = 20
    """Messages one instance takes from the outbox at a time."""
    outbox_attempts: int = 10
    """Attempts at a message before it is given up ..."""
    outbox_retry_seconds: float = 30.0
    """... the wait after the first failure, doubling after each ..."""
    outbox_retry_max_seconds: float = 3600.0
    """... up to this long (10 attempts: about 8 hours)."""
    outbox_keep_seconds: float = 7 * 24 * 3600
    """Messages sent or given up are forgotten after this long."""
    digest_hour: int = 8
    """The hour of the day (UTC) when the daily digest goes out."""
    webhook_timeout_seconds: float = 5.0
    """The most one webhook delivery may take (connecting, TLS, the answer's head)."""
    webhook_private_targets: bool = False
    """Allow webhooks to private, loopback and link-local addresses and plain ``http``:
    for a server on a private network, and tests. Off: only ``https`` to public addresses."""

    def bot_workers_per_address(self) -> int:
        """The most bot workers one address's tables hold at once (0: no limit), from
        ``bot_worker_share``.

        >>> Settings().bot_workers_per_address(), Settings(bot_workers=8).bot_workers_per_address()
        (1, 4)
        >>> Settings(bot_worker_share=1.0).bot_workers_per_address()
        0
        """
        workers = max(1, self.bot_workers)
        most = max(1, int(workers * self.bot_worker_share))
        return 0 if most >= workers else most

    def bot_bounds(self) -> dict[str, tuple[float | None, float | None]]:
        """The bounds every bot spec is checked against (:meth:`BotSpec.check`)."""
        return {
            "time": (None, self.bot_think_seconds),
            "iterations": (None, self.bot_max_iterations),
            "depth": (None, self.bot_max_depth),
            "width": (None, self.bot_max_width),
        }


NOT_LIMITS = ("database", "broker", "instance", "mail", "public_url", "mail_dir")
"""Settings that are not limits (``takeover serve`` has options of their own)."""


def limits() -> dict[str, Any]:
    """Every limit with its default, by name."""
    return {f.name: f.default for f in dataclasses.fields(Settings) if f.name not in NOT_LIMITS}


def read_limit(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as a limit and its typed value; ``ValueError`` naming what is wrong.

    >>> read_limit("bot_tables=2"), read_limit("spectator_chat=yes")
    (('bot_tables', 2), ('spectator_chat', True))
    >>> read_limit("chat_burst=-1")
    Traceback (most recent call last):
    ...
    ValueError: chat_burst must not be negative, got -1
    """
    name, eq, raw = text.partition("=")
    name, raw = name.strip().replace("-", "_"), raw.strip()
    known = limits()
    if not eq or name not in known:
        raise ValueError(f"unknown limit {name!r} (limits: {', '.join(sorted(known))})")
    default = known[name]
    if isinstance(default, bool):
        if raw.lower() in ("1", "true", "yes", "on"):
            return name, True
        if raw.lower() in ("0", "false", "no", "off"):
            return name, False
        raise ValueError(f"{name} must be yes or no, got {raw!r}")
    try:
        value: float = int(raw) if isinstance(default, int) else float(raw)
    except ValueError:
        kind = "an integer" if isinstance(default, int) else "a number"
        raise ValueError(f"{name} must be {kind}, got {raw!r}") from None
    if not value >= 0 or value == float("inf"):
        raise ValueError(f"{name} must not be negative, got {raw}")
    return name, value
