"""``takeover serve``: the lobby, live games and the browser client on one port."""

from __future__ import annotations

import argparse
import logging
from typing import Any


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
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from takeover.server import Settings, create_app
    except ImportError as exc:
        print(f"takeover serve needs the server extra: pip install 'takeover[server]' ({exc})")
        return 2
    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    settings = Settings(
        database=args.database,
        bot_delay_seconds=max(0.0, args.bot_delay),
        http_rate_per_second=max(0.1, args.http_rate),
    )
    app = create_app(settings)
    host = f"[{args.host}]" if ":" in args.host else args.host
    from sqlalchemy.engine import make_url

    shown = make_url(args.database).render_as_string(hide_password=True)
    print(f"takeover: open http://{host}:{args.port}/ in a browser (database {shown})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=4 * settings.message_bytes,
        ws_per_message_deflate=False,  # views are a few kB: compressing costs more than it saves
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_graceful_shutdown=3,
    )
    return 0
