"""Uploads: the CPU to accept or refuse a 2 MB record heavy with undos, and to step
through a stored one.

Method: builds records of just under ``--bytes`` (default 2,000,000: the server's
``import_bytes``) from a real 1817 game (``1817__1817_game_end_bankrupt``: 1476 entries,
126 undos, 9 redos; ``tests/data/1817`` in a checkout), in five shapes:

- ``undo-redo``: the whole game, then pairs of an undo back to its first action and a
  redo (accepted: the game as played);
- ``undo-past-chat``: the game's first 100 entries, chat lines, then as many plain undos
  (accepted: each undo goes back past all the chat to the last action);
- ``passes-undos``: the game's first 100 entries, then pairs of a pass and an undo, and
  last a pass out of turn (refused at that pass, after resolving and replaying all);
- ``chat``: the game's first 100 entries, then chat lines (accepted: every line stands
  and is replayed);
- ``bad-undo``: ``undo-redo`` whose last undo names action ``"x"`` (refused as it is
  read, before any replay).

Each figure is the CPU time (``time.process_time``, best of ``--repeat``) of what a
replay worker does with an upload, the store left out: decode the JSON, resolve undo and
redo, replay what stands (``takeover.server.imports.read``). Then the cost of a step in
the replay viewer: a worker's cursor over the stored ``undo-redo`` record and over the
game without its undo and redo entries (the first step includes resolving the record
once; each next one applies one action; a step back from the middle of the game replays
it from the start).

Last, what the event loop makes of it: ``takeover serve`` on a fresh SQLite file, once
with ``replay_workers=0`` (the jobs in threads of the server) and once with 2 worker
processes; ``--uploaders`` clients upload the ``chat`` record one after another for
``--seconds`` while another asks for ``GET /api/tables`` every 20 ms: the uploads done
and the light request's latency (p50, p99, max; wall clock, clients on the same machine).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from takeover.bench.arguments import positive_int, seconds_or_zero
from takeover.bench.g1817 import default_dir
from takeover.bench.report import print_figures
from takeover.server.config import Settings

GAME = "1817__1817_game_end_bankrupt"

JSON = {"content-type": "application/json"}
"""What the server asks of an upload's body (it refuses any other type with 415)."""

NAME_LENGTH = Settings().name_length
"""The server's default bound on a player's name, which an import's names are held to."""
PREFIX = 100
"""Entries of the real game before the padding of the shapes that do not take it all."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("games_dir", nargs="?", type=Path, default=default_dir())
    p.add_argument(
        "--bytes", type=positive_int, default=2_000_000, help="size of each record (2000000)"
    )
    p.add_argument("--repeat", type=positive_int, default=3, help="best of (3)")
    p.add_argument("--save", type=Path, help="also write each record to this folder")
    p.add_argument(
        "--seconds",
        type=seconds_or_zero,
        default=10.0,
        help="seconds of uploads against each server (10; 0: no server)",
    )
    p.add_argument(
        "--uploaders", type=positive_int, default=4, help="clients uploading at once (4)"
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


# ---------------------------------------------------------------------- the records
def _entry(ident: int, kind: str, like: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {
        "type": kind,
        "entity": like["entity"],
        "entity_type": like["entity_type"],
        "id": ident,
        **fields,
    }


def _padded(
    data: dict[str, Any],
    head: list[dict[str, Any]],
    unit: Callable[[int], list[dict[str, Any]]],
    size: int,
    tail: Callable[[int], list[dict[str, Any]]] = lambda _: [],
) -> dict[str, Any]:
    """``data`` whose actions are ``head``, then ``unit(next id)`` repeated, then
    ``tail(next id)``, as many units as keep the whole under ``size`` bytes."""

    def build(units: int) -> dict[str, Any]:
        actions = list(head)
        ident = max(a["id"] for a in head) + 1
        for _ in range(units):
            more = unit(ident)
            actions += more
            ident += len(more)
        return {**data, "actions": actions + tail(ident)}

    base = len(msgspec.json.encode(build(0)))
    each = len(msgspec.json.encode(build(10))) - base
    units = max(0, (size - base) * 10 // max(1, each))
    while units and len(msgspec.json.encode(build(units))) > size:
        units -= 1
    return build(units)


def records(data: dict[str, Any], size: int) -> dict[str, dict[str, Any]]:
    """The five shapes (see the module's description), each under ``size`` bytes."""
    actions: list[dict[str, Any]] = data["actions"]
    head = actions[:PREFIX]
    first, last = head[0], head[-1]
    chat = {"message": "gg"}

    def undo_redo(i: int) -> list[dict[str, Any]]:
        return [_entry(i, "undo", first, action_id=first["id"]), _entry(i + 1, "redo", first)]

    def past_chat(units: int) -> list[dict[str, Any]]:
        start = head[-1]["id"] + 1
        lines = [_entry(start + k, "message", last, **chat) for k in range(units)]
        undos = [_entry(start + units + k, "undo", last) for k in range(units)]
        return head + lines + undos

    # undo-past-chat: as many chat lines as undos after them
    lines = len(msgspec.json.encode(_entry(10**6, "message", last, **chat))) + 1
    undos = len(msgspec.json.encode(_entry(10**6, "undo", last))) + 1
    room = size - len(msgspec.json.encode({**data, "actions": head}))
    chat_undo = {**data, "actions": past_chat(max(0, room // (lines + undos) - 1))}
    shapes = {
        "undo-redo": _padded(data, actions, undo_redo, size),
        "undo-past-chat": chat_undo,
        "passes-undos": _padded(
            data,
            head,
            lambda i: [_entry(i, "pass", last), _entry(i + 1, "undo", last)],
            size,
            lambda i: [_entry(i, "pass", first if first["entity"] != last["entity"] else head[1])],
        ),
        "chat": _padded(data, head, lambda i: [_entry(i, "message", last, **chat)], size),
    }
    bad = dict(shapes["undo-redo"])
    bad["actions"] = list(bad["actions"])
    bad["actions"][-2] = {**bad["actions"][-2], "action_id": "x"}
    shapes["bad-undo"] = bad
    return shapes


# ---------------------------------------------------------------------- measuring
def _best(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        try:
            out = fn()
        except Exception as exc:
            out = exc
        best = min(best, time.process_time() - start)
    return best, out


def _upload_figures(raw: bytes, repeat: int) -> dict[str, Any]:
    from takeover.g1817.fixture import applied_actions
    from takeover.server.imports import read
    from takeover.server.replays import Deadline

    data = msgspec.json.decode(raw)
    try:
        standing: Any = len(applied_actions(data["actions"]))
    except Exception:
        standing = "-"
    cpu, out = _best(repeat, lambda: read(raw, Deadline(None), NAME_LENGTH))
    outcome = "accepted"
    if isinstance(out, Exception):
        why = str(out)
        outcome = f"refused: {why if len(why) < 120 else why[:45] + ' ... ' + why[-70:]}"
    return {
        "bytes": len(raw),
        "entries": len(data["actions"]),
        "standing": standing,
        "cpu_s": round(cpu, 3),
        "outcome": outcome,
    }


def _cursor_figures(data: dict[str, Any], repeat: int) -> dict[str, Any]:
    """CPU of a worker's cursor over ``data`` stored: the first step (the record resolved
    once), each of the next 100 forward, and a step back from the middle of the game (a
    replay from the start)."""
    from takeover.core.registry import get as get_game
    from takeover.server.imports import Cursor, check
    from takeover.server.replays import Deadline

    rec = check(get_game("1817"), data, NAME_LENGTH)
    clock = Deadline(None)
    first = forward = back = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        cursor = Cursor(rec)
        cursor.at(1, clock)
        first = min(first, time.process_time() - start)
        start = time.process_time()
        for n in range(2, 102):
            cursor.at(n, clock)
        forward = min(forward, (time.process_time() - start) / 100)
        middle = rec.actions // 2
        cursor.at(middle, clock)
        start = time.process_time()
        cursor.at(middle - 1, clock)
        back = min(back, time.process_time() - start)
    return {
        "entries": len(data["actions"]),
        "steps": rec.actions,
        "first_step_ms": round(first * 1000, 1),
        "next_step_ms": round(forward * 1000, 2),
        "step_back_from_the_middle_ms": round(back * 1000, 1),
    }


def _spawn(database: str, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    """``takeover serve`` on ``database`` with ``workers`` replay workers and no limit on
    this address's uploads and replay requests."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(port)]
    cmd += ["--database", database, "--log-level", "warning", "--http-rate", "100000"]
    for limit in (
        f"replay_workers={workers}",
        "imports_per_minute=1000000",
        "replay_rate_per_second=100000",
        "replay_queue=1000",
    ):
        cmd += ["--limit", limit]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, f"http://127.0.0.1:{port}"


async def _latency(base: str, raw: bytes, uploaders: int, seconds: float) -> dict[str, Any]:
    """While ``uploaders`` clients upload ``raw`` one after another, a light request
    (``GET /api/tables``) every 20 ms: its latencies."""
    import httpx2

    async with httpx2.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(300):  # the server up
            with contextlib.suppress(httpx2.HTTPError):
                if (await http.get("/api/options")).status_code == 200:
                    break
            await asyncio.sleep(0.1)
        await http.post("/api/imports", content=raw, headers=JSON)  # the workers started
        stop = time.monotonic() + seconds
        done: list[int] = []

        async def upload() -> None:
            while time.monotonic() < stop:
                r = await http.post("/api/imports", content=raw, headers=JSON)
                done.append(r.status_code)

        waits: list[float] = []

        async def probe() -> None:
            while time.monotonic() < stop:
                start = time.monotonic()
                await http.get("/api/tables")
                waits.append(time.monotonic() - start)
                await asyncio.sleep(0.02)

        await asyncio.gather(*(upload() for _ in range(uploaders)), probe())
    waits.sort()
    return {
        "uploads": len(done),
        "refused": sum(1 for code in done if code != 201),
        "light_p50_ms": round(waits[len(waits) // 2] * 1000, 1),
        "light_p99_ms": round(waits[min(len(waits) - 1, int(0.99 * len(waits)))] * 1000, 1),
        "light_max_ms": round(waits[-1] * 1000, 1),
    }


def _served(raw: bytes, workers: int, uploaders: int, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = _spawn(f"sqlite:///{Path(tmp) / 'bench.db'}", workers)
        try:
            return asyncio.run(_latency(base, raw, uploaders, seconds))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def run(args: argparse.Namespace) -> int:
    path = args.games_dir / "fixtures" / f"{GAME}.json"
    if not path.is_file():
        print(f"no {GAME}.json in {args.games_dir}/fixtures (give the folder of tests/data/1817)")
        return 1
    data = json.loads(path.read_text())
    from takeover.g1817.fixture import applied_actions

    figures: dict[str, Any] = {"python": platform.python_version()}
    shapes = records(data, args.bytes)
    for name, record in shapes.items():
        raw = msgspec.json.encode(record)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{name}.json").write_bytes(raw)
        figures[f"upload {name}"] = _upload_figures(raw, args.repeat)
    plain = {**data, "actions": applied_actions(data["actions"])}
    figures["steps undo-redo"] = _cursor_figures(shapes["undo-redo"], args.repeat)
    figures["steps without undos"] = _cursor_figures(plain, args.repeat)
    if args.seconds > 0:
        raw = msgspec.json.encode(shapes["chat"])
        for workers in (0, 2):
            figures[f"served, replay_workers={workers}"] = _served(
                raw, workers, args.uploaders, args.seconds
            )
    print_figures(figures, __doc__, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
