"""Server throughput and latency: tables of WebSocket clients that answer at once.

Method: starts ``takeover serve`` as its own process on a fresh SQLite file
(``--url`` measures a running server instead). For each concurrency level it
keeps N tables busy: each table has every seat taken by a WebSocket client on
loopback (this process, one asyncio loop); the deciding seat answers each
``state`` at once with a legal action from its own message (declaring the end
whenever it may, else uniformly at random); a finished game is replaced by a new
table. Actions per second counts the actions acknowledged across all tables
during the measured window. ``--game`` names the games to measure in turn against the
same server (``acquire,1817``: the same run). Where several seats may take a decision
(1817's home station of a corporation without a president) each of them answers; the
server takes the first and refuses the others as ``stale``, counted as ``races_lost``.
A game that comes to rest at a decision its engine lists no action for is put away like
a finished one (counted as ``games_at_rest``) and replaced by a new table.
Latency runs from sending an action to the moment
the last seat of that table has received the resulting ``state`` (p50, p99).
The clients share the machine with the server, so on a small machine the figures
include the clients' own CPU use (they decode with msgspec to keep it small).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from takeover.bench.arguments import positive_ints, seconds, seconds_or_zero


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tables",
        type=positive_ints,
        default=[1, 20, 100],
        help="concurrency levels (default 1,20,100)",
    )
    p.add_argument("--seconds", type=seconds, default=10.0, help="measured seconds per level")
    p.add_argument(
        "--warmup", type=seconds_or_zero, default=2.0, help="unmeasured seconds per level"
    )
    p.add_argument("--seats", type=int, default=4)
    p.add_argument(
        "--game",
        type=games,
        default=["acquire"],
        help="the games to measure, one after the other on the same server (default "
        "acquire; e.g. acquire,1817)",
    )
    p.add_argument(
        "--ruleset", help="a preset of the game (default: its first; 1817: a title, 1817NA)"
    )
    p.add_argument("--url", help="measure a running server (http://HOST:PORT) instead")
    p.add_argument("--database", help="store URL for the spawned server (default: a temp SQLite)")
    p.add_argument(
        "--split",
        action="store_true",
        help="instead: the game engine's share of a server action (copy, apply, view, legal "
        "forms, encoding) along random games of each --game, without a server",
    )
    p.add_argument(
        "--stall",
        type=seconds,
        metavar="SECONDS",
        help="beside the measured tables, one 1817 table whose every position costs SECONDS "
        "of CPU to list (the server's test hook listing_burn_seconds), played at once",
    )
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a limit of the spawned server (takeover serve --limit), e.g. listing_workers=0",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def games(text: str) -> list[str]:
    """A comma-separated list of registered games."""
    from takeover.core.registry import names

    chosen = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [g for g in chosen if g not in names()]
    if not chosen or unknown:
        raise argparse.ArgumentTypeError(
            f"unknown game(s) {', '.join(unknown) or text!r} (games: {', '.join(names())})"
        )
    return chosen


@dataclass
class Level:
    tables: int
    game: str = "acquire"
    ruleset: str | None = None
    actions: int = 0
    games: int = 0
    races: int = 0
    """Actions refused as ``stale``: another seat took a decision several may take first
    (1817's home station of a corporation without a president), as the protocol intends."""
    at_rest: int = 0
    """Games put away at a decision their game lists no action for."""
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    measuring: bool = False
    stop: bool = False
    elapsed: float = 0.0
    server_cpu: float | None = None
    client_cpu: float = 0.0


async def post(http: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` to the lobby; its JSON reply, or an error naming the server's refusal."""
    reply = await http.post(path, json=body)
    if reply.status_code < 400:
        return reply.json()  # type: ignore[no-any-return]
    try:
        refusal = reply.json()["error"]
        why = f"{refusal['code']}: {refusal['message']}"
    except (ValueError, KeyError, TypeError):
        why = reply.text[:200]
    if reply.status_code == 429:
        why += (
            " (a server measured with --url must allow it: takeover serve --http-rate 10000 "
            "--limit open_tables_per_address=100000 --limit connections_per_address=100000)"
        )
    raise RuntimeError(f"POST {path}: HTTP {reply.status_code}, {why}")


async def open_table(
    http: Any, seats: int, game: str = "acquire", ruleset: str | None = None
) -> tuple[str, list[str]]:
    """Create a table of ``game`` with ``seats`` seats and fill them; its id and the tokens."""
    body: dict[str, Any] = {"game": game, "seats": seats, "name": "s0", "seat": 0}
    if ruleset is not None:
        body["ruleset"] = ruleset
    made = await post(http, "/api/tables", body)
    table_id = made["table"]["id"]
    tokens = [made["token"]]
    for n in range(1, seats):
        joined = await post(http, f"/api/tables/{table_id}/join", {"name": f"s{n}"})
        tokens.append(joined["token"])
    return table_id, tokens


async def _table(
    http: Any, ws_base: str | Sequence[str], level: Level, seats: int, rng: random.Random
) -> None:
    """One table until its game ends; seat ``n`` plays at ``ws_base[n % len]`` if a list."""
    from msgspec.json import decode, encode
    from websockets.asyncio.client import connect

    table_id, tokens = await open_table(http, seats, level.game, level.ruleset)
    sent: dict[int, float] = {}
    seen: dict[int, int] = {}
    unlisted: dict[int, int] = {}
    """Per seq: the deciding seats told of no legal action (all of them: the game rests)."""
    done = asyncio.Event()
    resting: list[bool] = []
    latest = [0]
    """The latest position's ``seq`` (a slow listing for an older one is dropped)."""

    async def seat(token: str, n: int) -> None:
        base = ws_base if isinstance(ws_base, str) else ws_base[n % len(ws_base)]
        async with connect(f"{base}/ws/tables/{table_id}", max_size=2**22) as ws:
            hello = {"type": "hello", "token": token, "legal_pending": True, "patches": True}
            await ws.send(json.dumps(hello))
            ready_count.append(1)
            if len(ready_count) == seats:
                ready.set()
            async for raw in ws:
                message = decode(raw)
                kind = message["type"]
                if kind == "error":
                    if message["code"] == "stale":
                        level.races += 1  # a decision several seats may take: first wins
                    else:
                        level.errors.append(f"{message['code']}: {message['message']}")
                    continue
                if kind in ("legal", "legal_error"):  # a slow listing, for the position
                    if message["seq"] == latest[0] and message["legal"]:
                        await act(ws, message["seq"], message["legal"])
                    continue
                if kind != "state":
                    continue
                seq = message["seq"]
                latest[0] = seq
                seen[seq] = seen.get(seq, 0) + 1
                if seen[seq] == seats and seq in sent:
                    began = sent.pop(seq)
                    del seen[seq]
                    if level.measuring:
                        level.actions += 1
                        level.latencies.append(time.perf_counter() - began)
                if message["status"] == "finished":
                    done.set()
                    return
                if level.stop:
                    done.set()
                    return
                legal = message["legal"]
                decision = message.get("decision")
                if message.get("legal_pending"):
                    continue  # a ``legal`` message brings them
                if not legal and decision is not None and n in decision["seats"]:
                    unlisted[seq] = unlisted.get(seq, 0) + 1
                    if unlisted[seq] == len(decision["seats"]):
                        resting.append(True)
                        done.set()
                        return
                if legal:
                    await act(ws, seq, legal)

    async def act(ws: Any, seq: int, legal: list[dict[str, Any]]) -> None:
        action = (
            next((a for a in legal if a["type"] == "declare_end" or a.get("end_game")), None)
            or legal[rng.randrange(len(legal))]
        )
        sent[seq + 1] = time.perf_counter()
        await ws.send(encode({"type": "action", "seq": seq, "action": action}).decode())

    ready = asyncio.Event()
    ready_count: list[int] = []
    tasks = [asyncio.create_task(seat(t, n)) for n, t in enumerate(tokens)]
    await ready.wait()
    await asyncio.sleep(0.05)  # let every hello land before the first state
    await post(http, f"/api/tables/{table_id}/start", {"token": tokens[0]})
    await done.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    if level.measuring:
        if resting:
            level.at_rest += 1
        else:
            level.games += 1


async def _slot(
    http: Any, ws_base: str | Sequence[str], level: Level, seats: int, seed: int
) -> None:
    rng = random.Random(seed)
    while not level.stop:
        try:
            await _table(http, ws_base, level, seats, rng)
        except Exception as exc:  # reported, and the slot goes on with a new table
            level.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.1)


def _cpu_seconds(pid: int | None) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux), or ``None`` if unknown."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


async def _measure(
    base: str,
    tables: int,
    seats: int,
    warmup: float,
    seconds: float,
    pid: int | None = None,
    game: str = "acquire",
    ruleset: str | None = None,
    stall: Level | None = None,
) -> Level:
    """Keep ``tables`` tables of ``game`` busy; with ``stall``, one more table of its game
    (counted there, not in the measured level's figures)."""
    import httpx2

    level = Level(tables, game, ruleset)
    ws_base = base.replace("http", "ws", 1)
    limits = httpx2.Limits(max_connections=64)
    async with httpx2.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        slots = [
            asyncio.create_task(_slot(http, ws_base, level, seats, seed)) for seed in range(tables)
        ]
        if stall is not None:
            slots.append(asyncio.create_task(_slot(http, ws_base, stall, seats, tables)))
        await asyncio.sleep(warmup)
        level.measuring = True
        if stall is not None:
            stall.measuring = True
        t0, server0, client0 = time.perf_counter(), _cpu_seconds(pid), time.process_time()
        await asyncio.sleep(seconds)
        level.measuring = False
        if stall is not None:
            stall.measuring, stall.stop = False, True
        level.elapsed = time.perf_counter() - t0
        server1 = _cpu_seconds(pid)
        if server0 is not None and server1 is not None:
            level.server_cpu = server1 - server0
        level.client_cpu = time.process_time() - client0
        level.stop = True
        await asyncio.wait(slots, timeout=10)
        for slot in slots:
            slot.cancel()
    return level


UNLIMITED = (
    "--limit=open_tables_per_address=100000",
    "--limit=connections_per_address=100000",
)
"""The benchmark's clients are all at one address: its server lifts the per-address limits
(a server measured with --url must allow the same)."""


def _spawn(database: str, extra: Sequence[str] = ()) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(port)]
    cmd += ["--database", database, "--bot-delay", "0", "--log-level", "warning"]
    cmd += ["--http-rate", "10000", *UNLIMITED]  # every table and socket is from this address
    cmd += extra
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    import httpx2

    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        with contextlib.suppress(httpx2.HTTPError):
            if httpx2.get(f"{base}/api/options", timeout=1).status_code == 200:
                return proc, base
        if proc.poll() is not None:
            raise SystemExit(f"takeover serve failed: {proc.stderr.read().decode()}")  # type: ignore[union-attr]
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("takeover serve did not start")


@contextlib.contextmanager
def serving(
    url: str | None, database: str | None = None, extra: Sequence[str] = ()
) -> Iterator[tuple[str, int | None]]:
    """``(base URL, server pid)``: ``url`` as given (pid unknown), or a ``takeover serve``
    of our own on ``database`` (default: a temporary SQLite file) with the options
    ``extra``, stopped afterwards."""
    if url is not None:
        yield url, None
        return
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = _spawn(database or f"sqlite:///{os.path.join(tmp, 'bench.db')}", extra)
        try:
            yield base, proc.pid
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def split(game: str, ruleset: str | None, seats: int, most: int = 3000) -> dict[str, Any]:
    """Milliseconds per action of the engine work a server action does for ``game``: the
    copy the master applies to, ``apply``, the view (once, for a game that shows everyone
    the same; else per seat), its JSON encoding and the decider's legal forms; along random
    games from seeds 0, 1, ... until ``most`` actions."""
    from msgspec.json import Encoder

    from takeover.core.extensions import SHARED_VIEW
    from takeover.core.registry import get

    definition, encoder = get(game), Encoder()
    spent = dict.fromkeys(("copy", "apply", "views", "encode", "legal_forms"), 0.0)
    actions = seed = 0
    clock = time.process_time  # CPU time: little disturbed by other load
    while actions < most:
        state = definition.new_game([f"P{n}" for n in range(seats)], ruleset, seed=seed)
        rng = random.Random(seed)
        seed += 1
        while (decision := state.pending()) is not None and actions < most:
            seat = decision.seats[0]
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            t0 = clock()
            after = state.clone()
            t1 = clock()
            after.apply(action, seat)
            t2 = clock()
            shared = after.extension(SHARED_VIEW)
            views = [shared.view()] if shared else [after.view(n) for n in range(seats)]
            t3 = clock()
            for view in views:
                encoder.encode(view)
            t4 = clock()
            if (upcoming := after.pending()) is not None:
                after.legal_forms(upcoming.seats[0])
            t5 = clock()
            for key, took in zip(spent, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4), strict=True):
                spent[key] += took
            state, actions = after, actions + 1
    out: dict[str, Any] = {"game": game, "actions": actions, "games": seed}
    out.update({f"{k}_ms": round(1000 * v / actions, 3) for k, v in spent.items()})
    out["total_ms"] = round(1000 * sum(spent.values()) / actions, 3)
    return out


def run(args: argparse.Namespace) -> int:
    if args.split:
        rows = [split(game, args.ruleset, args.seats) for game in args.game]
        if args.json:
            print(json.dumps({"split": rows}, indent=2))
        else:
            for row in rows:
                print(" ".join(f"{k}={v}" for k, v in row.items()))
        return 0
    levels = args.tables
    results = []
    extra = [f"--limit={limit}" for limit in args.limit]
    if args.stall is not None:
        extra.append(f"--limit=listing_burn_seconds={args.stall}")
    with serving(args.url, args.database, extra) as (base, pid):
        for game, tables in ((g, t) for g in args.game for t in levels):
            stall = Level(1, "1817") if args.stall is not None else None
            level = asyncio.run(
                _measure(
                    base,
                    tables,
                    args.seats,
                    args.warmup,
                    args.seconds,
                    pid,
                    game,
                    args.ruleset,
                    stall,
                )
            )
            elapsed = level.elapsed
            per_action = (
                round(1000 * level.server_cpu / level.actions, 3)
                if level.server_cpu is not None and level.actions
                else None
            )
            results.append(
                {
                    "game": game,
                    "tables": tables,
                    "seats": args.seats,
                    "seconds": round(elapsed, 2),
                    "actions": level.actions,
                    "actions_per_second": round(level.actions / elapsed, 1),
                    "games_finished": level.games,
                    "games_at_rest": level.at_rest,
                    "races_lost": level.races,
                    "latency_p50_ms": round(1000 * _pct(level.latencies, 0.50), 2),
                    "latency_p99_ms": round(1000 * _pct(level.latencies, 0.99), 2),
                    "server_cpu_ms_per_action": per_action,
                    "server_cpu_share": (
                        round(level.server_cpu / elapsed, 2)
                        if level.server_cpu is not None
                        else None
                    ),
                    "client_cpu_share": round(level.client_cpu / elapsed, 2),
                    "errors": len(level.errors),
                    "first_errors": level.errors[:3],
                    **(
                        {}
                        if stall is None
                        else {
                            "stall_seconds": args.stall,
                            "stall_actions": stall.actions,
                            "stall_errors": stall.errors[:3],
                        }
                    ),
                }
            )
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "levels": results}, indent=2))
    else:
        print(f"server benchmark ({os.cpu_count()} CPUs, clients in this process)")
        heads = (
            "game",
            "tables",
            "actions/s",
            "p50 ms",
            "p99 ms",
            "games",
            "at rest",
            "errors",
            "srv ms/act",
        )
        widths = (8, 6, 10, 8, 8, 6, 7, 6, 10)
        print(" ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True)))
        for r in results:
            cells = (
                r["game"],
                r["tables"],
                r["actions_per_second"],
                r["latency_p50_ms"],
                r["latency_p99_ms"],
                r["games_finished"],
                r["games_at_rest"],
                r["errors"],
                r["server_cpu_ms_per_action"],
            )
            print(" ".join(f"{c!s:>{w}}" for c, w in zip(cells, widths, strict=True)))
            for e in r["first_errors"]:
                print(f"       error: {e}")
            if "stall_seconds" in r:
                print(
                    f"       beside one 1817 table listing {r['stall_seconds']:g} s of CPU at "
                    f"every position: {r['stall_actions']} of its actions in the window"
                )
                for e in r["stall_errors"]:
                    print(f"       its error: {e}")
    return 0 if all(r["errors"] == 0 for r in results) else 1
