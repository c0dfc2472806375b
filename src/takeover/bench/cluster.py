"""Cluster throughput and latency: the server benchmark's tables across 1 and 2 instances.

Method: for each instance count, a fresh PostgreSQL database is created and that
many ``takeover serve --broker`` processes are started on it, sharing one Redis.
The clients are those of ``takeover bench server`` (:mod:`takeover.bench.server`):
N tables kept busy, every seat a WebSocket client on loopback answering each
``state`` at once with a legal action; a finished game is replaced by a new table.
With ``--spread seats`` (default) seat ``n`` of every table plays at instance
``n mod k``, so every action crosses instances (commit on one, announced through
Redis, read back from PostgreSQL by the other); with ``--spread tables`` table
``t`` lives wholly on instance ``t mod k`` (the best case for scaling). Latency
runs from sending an action to the moment the last seat of the table received
the resulting ``state``. CPU shares (of one core) are sampled over the measured
window for the instances, the client process and the whole machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from typing import Any

from takeover.bench.arguments import positive_int, positive_ints, seconds, seconds_or_zero
from takeover.bench.server import UNLIMITED, Level, _cpu_seconds, _pct, _slot


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--instances", type=positive_ints, default=[1, 2], help="instance counts (default 1,2)"
    )
    p.add_argument(
        "--tables", type=positive_int, default=100, help="concurrent tables (default 100)"
    )
    p.add_argument("--seconds", type=seconds, default=10.0, help="measured seconds per run")
    p.add_argument("--warmup", type=seconds_or_zero, default=8.0, help="unmeasured seconds per run")
    p.add_argument("--seats", type=int, default=4)
    p.add_argument("--spread", choices=["seats", "tables"], default="seats")
    p.add_argument(
        "--postgres",
        default=os.environ.get("TAKEOVER_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/"),
        help="PostgreSQL server (a fresh database is created there and dropped after)",
    )
    p.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="Redis URL")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def _machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine (Linux)."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return sum(values) - idle, sum(values)


def _cpu_by_name(names: tuple[str, ...]) -> dict[str, float]:
    """CPU seconds used so far by every process whose command name is in ``names`` (Linux)."""
    out = dict.fromkeys(names, 0.0)
    tick = os.sysconf("SC_CLK_TCK")
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                raw = f.read()
        except OSError:
            continue
        name = raw[raw.index("(") + 1 : raw.rindex(")")]
        for wanted in names:
            if name.startswith(wanted):
                fields = raw.rsplit(")", 1)[1].split()
                out[wanted] += (int(fields[11]) + int(fields[12])) / tick
    return out


SERVICES = ("postgres", "redis-server")


class _Cluster:
    def __init__(self, database: str, broker: str, count: int, logdir: str) -> None:
        import httpx2

        self.procs: list[subprocess.Popen[bytes]] = []
        self.bases: list[str] = []
        self._logs = []
        for k in range(count):
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
            cmd = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(port)]
            cmd += ["--database", database, "--broker", broker, "--instance", f"bench{k}"]
            cmd += ["--bot-delay", "0", "--log-level", "warning", "--http-rate", "10000"]
            cmd += UNLIMITED
            log = open(os.path.join(logdir, f"instance{k}.log"), "wb")  # noqa: SIM115
            self._logs.append(log)
            self.procs.append(subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT))
            self.bases.append(f"http://127.0.0.1:{port}")
        for proc, base in zip(self.procs, self.bases, strict=True):
            for _ in range(300):
                with contextlib.suppress(httpx2.HTTPError):
                    if httpx2.get(f"{base}/readyz", timeout=1).status_code == 200:
                        break
                if proc.poll() is not None:
                    self.stop()
                    raise SystemExit(f"takeover serve failed (logs in {logdir})")
                time.sleep(0.1)
            else:
                self.stop()
                raise SystemExit("takeover serve did not become ready")

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        for log in self._logs:
            log.close()


async def _measure(
    cluster: _Cluster, tables: int, seats: int, spread: str, warmup: float, seconds: float
) -> dict[str, Any]:
    import httpx2

    level = Level(tables)
    ws = [b.replace("http", "ws", 1) for b in cluster.bases]
    k = len(ws)
    limits = httpx2.Limits(max_connections=64)
    clients = [httpx2.AsyncClient(base_url=b, timeout=30, limits=limits) for b in cluster.bases]
    try:
        slots = []
        for t in range(tables):
            if spread == "seats":  # every table spans the instances; its lobby on one of them
                where: Any = ws[t % k :] + ws[: t % k]
            else:
                where = ws[t % k]
            slots.append(asyncio.create_task(_slot(clients[t % k], where, level, seats, t)))
        await asyncio.sleep(warmup)
        level.measuring = True
        pids = [p.pid for p in cluster.procs]
        t0, client0, machine0 = time.perf_counter(), time.process_time(), _machine_busy()
        server0 = [_cpu_seconds(pid) or 0.0 for pid in pids]
        services0 = _cpu_by_name(SERVICES)
        await asyncio.sleep(seconds)
        level.measuring = False
        elapsed = time.perf_counter() - t0
        server1 = [_cpu_seconds(pid) or 0.0 for pid in pids]
        services1 = _cpu_by_name(SERVICES)
        client = time.process_time() - client0
        machine1 = _machine_busy()
        level.stop = True
        await asyncio.wait(slots, timeout=10)
        for slot in slots:
            slot.cancel()
    finally:
        for c in clients:
            await c.aclose()
    busy = (machine1[0] - machine0[0]) / max(1, machine1[1] - machine0[1])
    return {
        "instances": k,
        "tables": tables,
        "seats": seats,
        "spread": spread,
        "seconds": round(elapsed, 2),
        "actions": level.actions,
        "actions_per_second": round(level.actions / elapsed, 1),
        "games_finished": level.games,
        "latency_p50_ms": round(1000 * _pct(level.latencies, 0.50), 2),
        "latency_p99_ms": round(1000 * _pct(level.latencies, 0.99), 2),
        "instance_cpu_share": [
            round((b - a) / elapsed, 2) for a, b in zip(server0, server1, strict=True)
        ],
        "client_cpu_share": round(client / elapsed, 2),
        "postgres_cpu_share": round((services1["postgres"] - services0["postgres"]) / elapsed, 2),
        "redis_cpu_share": round(
            (services1["redis-server"] - services0["redis-server"]) / elapsed, 2
        ),
        "load_average": os.getloadavg()[0],
        "machine_busy": round(busy, 2),
        "errors": len(level.errors),
        "first_errors": level.errors[:3],
    }


def _database(admin_url: str) -> tuple[str, Any]:
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(admin_url)
    admin = psycopg.connect(
        host=url.host or "127.0.0.1",
        port=url.port or 5432,
        user=url.username or "postgres",
        dbname=url.database or "postgres",
        autocommit=True,
    )
    name = f"takeover_bench_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False), (admin, name)


def run(args: argparse.Namespace) -> int:
    counts = args.instances
    results = []
    for count in counts:
        database, (admin, name) = _database(args.postgres)
        logdir = tempfile.mkdtemp(prefix="takeover-bench-cluster-")
        cluster = _Cluster(database, args.redis, count, logdir)
        try:
            results.append(
                asyncio.run(
                    _measure(
                        cluster, args.tables, args.seats, args.spread, args.warmup, args.seconds
                    )
                )
            )
        finally:
            cluster.stop()
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "runs": results}, indent=2))
    else:
        print(f"cluster benchmark ({os.cpu_count()} CPUs, clients in this process)")
        heads = (
            "inst",
            "tables",
            "actions/s",
            "p50 ms",
            "p99 ms",
            "errors",
            "inst cpu",
            "pg",
            "busy",
        )
        widths = (4, 6, 10, 8, 8, 6, 12, 5, 5)
        print(" ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True)))
        for r in results:
            cells = (
                r["instances"],
                r["tables"],
                r["actions_per_second"],
                r["latency_p50_ms"],
                r["latency_p99_ms"],
                r["errors"],
                "+".join(str(c) for c in r["instance_cpu_share"]),
                r["postgres_cpu_share"],
                r["machine_busy"],
            )
            print(" ".join(f"{c!s:>{w}}" for c, w in zip(cells, widths, strict=True)))
            for e in r["first_errors"]:
                print(f"       error: {e}")
        if len(results) > 1 and results[0]["actions_per_second"]:
            ratio = results[-1]["actions_per_second"] / results[0]["actions_per_second"]
            print(f"throughput with {results[-1]['instances']} instances: {ratio:.2f}x of 1")
    return 0 if all(r["errors"] == 0 for r in results) else 1
