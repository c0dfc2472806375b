"""``takeover serve``: the lobby, live games and the browser client on one port."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import socket
from pathlib import Path
from typing import Any

TLS_MODES = ("starttls", "tls", "none")
"""--smtp-tls's choices (config.TlsMode's, without importing the server extra)."""

STARTUP_FAILURE = 3
"""The exit status when the server cannot start (as uvicorn's)."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the game server (lobby, live play, browser client)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--database",
        default="sqlite:///takeover.db",
        help="SQLAlchemy URL: sqlite:///FILE (default sqlite:///takeover.db in the working "
        "directory) or postgresql://USER@HOST/DB",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        help="seconds a bot waits before each move, so people can follow (default 0.5)",
    )
    p.add_argument(
        "--http-rate",
        type=float,
        default=10.0,
        help="lobby requests per second per client address (default 10)",
    )
    p.add_argument(
        "--broker",
        help="Redis URL (redis://HOST:6379/0): run as one of several instances sharing "
        "--database (PostgreSQL); see docs/cluster.md",
    )
    p.add_argument(
        "--instance", help="this instance's name in bot leases and logs (default HOST:PORT)"
    )
    p.add_argument(
        "--lease-seconds",
        type=float,
        default=10.0,
        help="with --broker: how long a dead instance's bots wait before another takes "
        "them over (default 10)",
    )
    p.add_argument(
        "--log-json",
        action="store_true",
        help="log JSON lines (with the instance name); the default with --broker",
    )
    p.add_argument(
        "--open",
        action="append",
        default=[],
        type=Path,
        metavar="FILE",
        help="import a game record from elsewhere (an 18xx.games export of a 1817 game) and "
        "say where to watch it in the replay viewer (repeatable)",
    )
    p.add_argument(
        "--public-url",
        default=None,
        help="the site's address as people reach it, for the links in e-mails (sign-up, password "
        "reset, your turn); default http://HOST:PORT",
    )
    mail = p.add_argument_group(
        "e-mail",
        "the SMTP server for the server's e-mail (none without --smtp-host); the password "
        "comes from the environment variable TAKEOVER_SMTP_PASSWORD",
    )
    mail.add_argument("--smtp-host", help="the SMTP server's name or address")
    mail.add_argument("--smtp-port", type=int, default=587, help="its port (default 587)")
    mail.add_argument(
        "--smtp-tls",
        choices=TLS_MODES,
        default="starttls",
        help="starttls (required upgrade, port 587; the default), tls (port 465) or none "
        "(a relay on this host)",
    )
    mail.add_argument("--smtp-user", help="sign in to the SMTP server as this user")
    mail.add_argument(
        "--smtp-ca-file", help="certificates to trust for the SMTP server besides the system's"
    )
    mail.add_argument(
        "--mail-from", default="takeover@localhost", help="the sender of the server's e-mail"
    )
    mail.add_argument(
        "--mail-dir",
        type=Path,
        help="write each e-mail (sign-up links, password resets) into this directory as a "
        "file, for a server with no SMTP server (without either, nobody can sign up)",
    )
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set one of the server's limits, e.g. --limit bot_tables=2 (repeatable; every "
        'limit and its default: docs/server-protocol.md, "Limits")',
    )
    p.set_defaults(func=run)


def listen_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` for uvicorn; ``OSError`` when the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family=family)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def why_not(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (
            f"takeover serve: port {port} on {host} is taken (is another server running "
            "there?): stop it, or choose another port with --port"
        )
    if exc.errno == errno.EACCES:
        return f"takeover serve: not allowed to listen on port {port} of {host} ({exc.strerror})"
    return f"takeover serve: cannot listen on {host}:{port}: {exc.strerror or exc}"


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from takeover.server import Settings, create_app
        from takeover.server.config import MailSettings
    except ImportError as exc:
        print(f"takeover serve needs the server extra: pip install 'takeover[server]' ({exc})")
        return 2
    from takeover.server import logs
    from takeover.server.config import read_limit
    from takeover.server.deadlines import protocol

    try:
        chosen = dict(read_limit(text) for text in args.limit)
    except ValueError as exc:
        print(f"takeover serve: --limit: {exc}")
        return 2
    instance = args.instance or f"{socket.gethostname()}:{args.port}"
    logs.setup(args.log_level, instance, json_lines=args.log_json or bool(args.broker))
    given: dict[str, Any] = {
        "bot_delay_seconds": max(0.0, args.bot_delay),
        "http_rate_per_second": max(0.1, args.http_rate),
        "lease_seconds": max(0.5, args.lease_seconds),
        **chosen,  # (--limit says the last word)
    }
    host = f"[{args.host}]" if ":" in args.host else args.host
    mail = MailSettings(
        host=args.smtp_host or None,
        port=args.smtp_port,
        tls=args.smtp_tls,
        sender=args.mail_from,
        username=args.smtp_user or None,
        password=os.environ.get("TAKEOVER_SMTP_PASSWORD") or None,
        ca_file=args.smtp_ca_file or None,
    )
    settings = Settings(
        database=args.database,
        broker=args.broker or None,
        instance=instance,
        mail=mail,
        public_url=(args.public_url or f"http://{host}:{args.port}").rstrip("/"),
        mail_dir=str(args.mail_dir) if args.mail_dir else None,
        **given,
    )
    try:  # before saying where to go: a second server on a busy port says so and stops
        sock = listen_socket(args.host, args.port)
    except OSError as exc:
        print(why_not(exc, args.host, args.port), flush=True)
        return STARTUP_FAILURE
    if args.open:
        from takeover.server.imports import import_file

        for path in args.open:
            try:
                rec = import_file(path, settings)
            except ValueError as exc:
                print(f"takeover serve: --open: {exc}", flush=True)
                sock.close()
                return 2
            print(
                f"takeover: {path} ({rec.title}, {rec.actions} actions) replays at "
                f"http://{host}:{args.port}/#/replay/{rec.id}",
                flush=True,
            )
    app = create_app(settings)
    from sqlalchemy.engine import make_url

    shown = make_url(args.database).render_as_string(hide_password=True)
    print(f"takeover: open http://{host}:{args.port}/ in a browser (database {shown})", flush=True)
    # Everything loaded so far lives as long as the process: keep it out of the cyclic
    # collector's way, and collect the young generation less often (each action
    # allocates a few thousand short-lived objects: views and messages).
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        http=protocol(settings.request_head_seconds, settings.request_body_seconds),
        ws_max_size=4 * settings.message_bytes,
        ws_per_message_deflate=False,  # views are a few kB: compressing costs more than it saves
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_graceful_shutdown=3,
        log_config=None,  # keep the handlers set up above (JSON lines with --broker)
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0 if server.started else STARTUP_FAILURE
