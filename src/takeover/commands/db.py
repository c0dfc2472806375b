"""``takeover db``: the server's database schema (Alembic migrations shipped with the package)."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("db", help="manage the server's database schema (migrations)")
    which = p.add_subparsers(dest="db_command", metavar="ACTION")
    which.required = True
    for name, helptext in (
        ("upgrade", "migrate the database to the newest schema (creating it if empty)"),
        ("current", "print the schema revision the database is at, and the newest"),
    ):
        q = which.add_parser(name, help=helptext)
        q.add_argument(
            "--database",
            default="sqlite:///takeover.db",
            help="SQLAlchemy URL (default sqlite:///takeover.db, as takeover serve)",
        )
        q.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from sqlalchemy.engine import make_url

        from takeover.server.migrations import current, head, upgrade
    except ImportError as exc:
        print(f"takeover db needs the server extra: pip install 'takeover[server]' ({exc})")
        return 2
    shown = make_url(args.database).render_as_string(hide_password=True)
    try:
        if args.db_command == "upgrade":
            before = current(args.database)
            after = upgrade(args.database)
            print(f"{shown}: schema {before or 'empty'} -> {after}")
        else:
            print(f"{shown}: schema {current(args.database) or 'empty'} (newest {head()})")
    except Exception as exc:  # a clear line, not a traceback: bad URL, server away, ...
        print(f"takeover db: {shown}: {type(exc).__name__}: {exc}")
        return 1
    return 0
