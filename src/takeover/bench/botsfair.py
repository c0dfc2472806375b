"""Bots share the CPU fairly: one table's bot replies while another address floods the bots.

Method: starts ``takeover serve`` on a fresh SQLite file (``--url`` measures a running
server instead, started with the options below), with its default bot workers (2;
``--workers`` picks another number). A *measured table* is created from this process's
own address: one seat played by this process, which answers at once (a random legal
action, never a trade offer nor the end), and ``--victim-bots`` bots of ``--victim-spec``
(default two ``mcts:time=1``). A **reply** runs from sending that seat's action to the
``state`` in which it decides again, counted where bots moved in between. After
``--warmup`` replies (the bot workers start with the first), ``--replies`` replies are
timed *unloaded*. Then one other address creates and starts ``--tables`` tables (default
40), each with ``--bots`` bots of ``--spec`` (default five ``mcts:time=5``, the most think
time the server allows by default) and its creator's seat set to be played by the same bot
on timeout (``fast`` timer, made 1 s here; the creator never connects, so a second into
each of its turns the bot plays for it), and after ``--settle`` seconds ``--replies``
replies are timed *loaded*. The other address is given by ``X-Forwarded-For``, which the
server trusts from the loopback address as it would from its reverse proxy. The figures:
each phase's median and slowest reply and its seconds per bot move (the replies' time
over the bot moves in them, which varies less than a reply: a reply holds one to five bot
moves), and their ratios, loaded over unloaded. The server's cap on live tables with bots
per address (``bot_tables_per_address``) is lifted for the benchmark, since it alone would
refuse most of the flood: what is measured is the scheduler behind it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from takeover.bench.arguments import positive_int, seconds_or_zero
from takeover.bench.report import print_figures
from takeover.bench.server import post, serving

FLOOD_ADDRESS = "203.0.113.7"
"""The flooding client's address (a documentation address), sent as ``X-Forwarded-For``."""

TIMER_SECONDS = 1
"""The ``fast`` timer of the benchmark's server: the flooding tables' absent creators are
played by their bots after a second."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tables", type=positive_int, default=40, help="tables of the other address (default 40)"
    )
    p.add_argument("--bots", type=positive_int, default=5, help="bots at each of them (default 5)")
    p.add_argument(
        "--spec", default="mcts:time=5", help="their bots, and the timeout bot (mcts:time=5)"
    )
    p.add_argument(
        "--victim-bots",
        type=positive_int,
        default=2,
        help="bots at the measured table (default 2)",
    )
    p.add_argument(
        "--victim-spec", default="mcts:time=1", help="the measured table's bots (mcts:time=1)"
    )
    p.add_argument(
        "--replies", type=positive_int, default=6, help="replies timed per phase (default 6)"
    )
    p.add_argument(
        "--warmup", type=int, default=2, help="replies before timing, unloaded (default 2)"
    )
    p.add_argument(
        "--settle",
        type=seconds_or_zero,
        default=3.0,
        help="seconds between starting the other tables and timing (default 3)",
    )
    p.add_argument(
        "--workers", type=positive_int, help="the spawned server's bot_workers (default: its own)"
    )
    p.add_argument(
        "--url",
        help="measure a running server (http://HOST:PORT) instead, started with --bot-delay 0 "
        "--http-rate 10000 " + " ".join(server_options(None)),
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def server_options(workers: int | None) -> list[str]:
    """What the benchmark's server is started with (beyond the lifted limits of every
    server benchmark): the flooding address may open its tables, their timer is short."""
    options = [
        "--limit=bot_tables_per_address=100000",
        f"--limit=timer_fast_seconds={TIMER_SECONDS}",
    ]
    if workers is not None:
        options.append(f"--limit=bot_workers={workers}")
    return options


@dataclass
class Replies:
    """The measured table's replies, phase by phase."""

    wanted: int = 0
    times: list[float] = field(default_factory=list)
    bot_moves: list[int] = field(default_factory=list)
    full: asyncio.Event = field(default_factory=asyncio.Event)
    errors: list[str] = field(default_factory=list)

    def expect(self, count: int) -> None:
        self.wanted, self.times, self.bot_moves = count, [], []
        self.full.clear()

    def add(self, seconds: float, moves: int) -> None:
        if len(self.times) < self.wanted:
            self.times.append(seconds)
            self.bot_moves.append(moves)
            if len(self.times) == self.wanted:
                self.full.set()


def _calm(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action that neither offers a trade nor ends the game."""
    calm = [
        a
        for a in legal
        if a["type"] not in ("propose_trade", "declare_end") and not a.get("end_game")
    ]
    return rng.choice(calm or legal)


async def _measured_table(http: Any, ws_base: str, args: argparse.Namespace, out: Replies) -> None:
    """Play the measured seat for ever (a finished game is replaced by a new table)."""
    from msgspec.json import decode, encode
    from websockets.asyncio.client import connect

    rng = random.Random(1)
    seats = 1 + args.victim_bots
    bots = {str(n): args.victim_spec for n in range(1, seats)}
    while True:
        made = await post(
            http, "/api/tables", {"seats": seats, "name": "me", "seat": 0, "bots": bots}
        )
        table_id, token = made["table"]["id"], made["token"]
        async with connect(f"{ws_base}/ws/tables/{table_id}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            while decode(await ws.recv())["type"] != "welcome":
                pass
            await post(http, f"/api/tables/{table_id}/start", {"token": token})
            sent_at, after = None, 0
            async for raw in ws:
                message = decode(raw)
                if message["type"] == "error":
                    out.errors.append(f"{message['code']}: {message['message']}")
                    continue
                if message["type"] != "state":
                    continue
                if message["status"] == "finished":
                    break
                if not message["legal"]:
                    continue
                seq = message["seq"]
                if sent_at is not None and seq > after:
                    out.add(time.perf_counter() - sent_at, seq - after)
                action = _calm(message["legal"], rng)
                sent_at, after = time.perf_counter(), seq + 1
                await ws.send(encode({"type": "action", "seq": seq, "action": action}).decode())


async def _flood(base: str, args: argparse.Namespace) -> float:
    """Create and start the other address's tables; the seconds it took."""
    import httpx2

    seats = 1 + args.bots
    body = {
        "seats": seats,
        "name": "away",
        "seat": 0,
        "bots": {str(n): args.spec for n in range(1, seats)},
        "timer": "fast",
        "on_timeout": args.spec,
    }
    headers = {"X-Forwarded-For": FLOOD_ADDRESS}
    t0 = time.perf_counter()
    async with httpx2.AsyncClient(base_url=base, timeout=30, headers=headers) as http:
        for _ in range(args.tables):
            made = await post(http, "/api/tables", body)
            await post(http, f"/api/tables/{made['table']['id']}/start", {"token": made["token"]})
    return time.perf_counter() - t0


def _phase(replies: Replies) -> dict[str, Any]:
    times = replies.times
    return {
        "replies": len(times),
        "median_s": round(statistics.median(times), 3),
        "slowest_s": round(max(times), 3),
        "bot_moves_per_reply": round(statistics.mean(replies.bot_moves), 2),
        "seconds_per_bot_move": round(sum(times) / sum(replies.bot_moves), 3),
    }


async def _measure(base: str, args: argparse.Namespace) -> dict[str, Any]:
    import httpx2

    from takeover.server.config import Settings

    replies = Replies()
    ws_base = base.replace("http", "ws", 1)
    async with httpx2.AsyncClient(base_url=base, timeout=30) as http:
        player = asyncio.create_task(_measured_table(http, ws_base, args, replies))

        async def collect(count: int) -> None:
            replies.expect(count)
            waiting = asyncio.create_task(replies.full.wait())
            await asyncio.wait({player, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if player.done():
                waiting.cancel()
                player.result()  # its error, if any
                raise RuntimeError("the measured table stopped")

        try:
            if args.warmup > 0:
                await collect(args.warmup)
            await collect(args.replies)
            unloaded = _phase(replies)
            flood_seconds = await _flood(base, args)
            await asyncio.sleep(args.settle)
            await collect(args.replies)
            loaded = _phase(replies)
        finally:
            player.cancel()
            await asyncio.gather(player, return_exceptions=True)
    return {
        "cpus": os.cpu_count(),
        "workers": args.workers or (None if args.url else Settings().bot_workers),
        "tables": args.tables,
        "bots": args.bots,
        "spec": args.spec,
        "victim_bots": args.victim_bots,
        "victim_spec": args.victim_spec,
        "flood_set_up_s": round(flood_seconds, 2),
        "unloaded": unloaded,
        "loaded": loaded,
        "ratio_median": round(loaded["median_s"] / unloaded["median_s"], 2),
        "ratio_slowest": round(loaded["slowest_s"] / unloaded["slowest_s"], 2),
        "ratio_per_bot_move": round(
            loaded["seconds_per_bot_move"] / unloaded["seconds_per_bot_move"], 2
        ),
        "errors": replies.errors[:3],
    }


def run(args: argparse.Namespace) -> int:
    with serving(args.url, None, server_options(args.workers)) as (base, _):
        figures = asyncio.run(_measure(base, args))
    print_figures(figures, __doc__, args.json)
    return 0
