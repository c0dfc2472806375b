"""Table set-up cost: the server CPU it takes to open a table and start its game.

Method: starts ``takeover serve`` on a fresh SQLite file (``--url`` with ``--pid``
measures a running server instead), then sets up ``--tables`` tables one after
another as the server benchmark's clients do: create a 4-seat table (the creator
sits down), three joins, four WebSocket connections each saying ``hello`` and
reading its ``welcome``, the start, every seat's first ``state``, and the four
connections closed. One table is set up first, unmeasured. The figure is the
server process's user + system CPU (``/proc/PID/stat``) over the measured tables,
per table: what replacing a finished game costs the server, on top of its actions.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.bench.report import print_figures
from takeover.bench.server import _cpu_seconds, open_table, post, serving


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tables", type=positive_int, default=100, help="tables to set up (default 100)"
    )
    p.add_argument("--url", help="a running server (http://HOST:PORT) instead of a new one")
    p.add_argument("--pid", type=int, help="with --url: the server's process id, for its CPU")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


async def _set_up(http: Any, ws_base: str) -> None:
    from msgspec.json import decode, encode
    from websockets.asyncio.client import connect

    table_id, tokens = await open_table(http, 4)
    conns = []
    try:
        for token in tokens:
            ws = await connect(f"{ws_base}/ws/tables/{table_id}")
            conns.append(ws)
            await ws.send(encode({"type": "hello", "token": token}).decode())
            while decode(await ws.recv())["type"] != "welcome":
                pass
        await post(http, f"/api/tables/{table_id}/start", {"token": tokens[0]})
        for ws in conns:
            while decode(await ws.recv())["type"] != "state":
                pass
    finally:
        for ws in conns:
            await ws.close()


async def _measure(base: str, tables: int, pid: int | None) -> dict[str, Any]:
    import httpx2

    ws_base = base.replace("http", "ws", 1)
    async with httpx2.AsyncClient(base_url=base, timeout=30) as http:
        await _set_up(http, ws_base)
        cpu0, t0 = _cpu_seconds(pid), time.perf_counter()
        for _ in range(tables):
            await _set_up(http, ws_base)
        cpu1, elapsed = _cpu_seconds(pid), time.perf_counter() - t0
    cpu = None if cpu0 is None or cpu1 is None else cpu1 - cpu0
    return {
        "tables": tables,
        "server_cpu_ms_per_table": None if cpu is None else round(1000 * cpu / tables, 2),
        "wall_ms_per_table": round(1000 * elapsed / tables, 2),
    }


def run(args: argparse.Namespace) -> int:
    with serving(args.url) as (base, pid):
        figures = asyncio.run(_measure(base, args.tables, args.pid or pid))
    print_figures(figures, __doc__, args.json)
    return 0
