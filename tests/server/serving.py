"""``takeover serve`` as a real process for the tests that need one (a kill, a restart, a
socket left silent, many connections from one address)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from typing import Any

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(port: int, database: str, cwd: Any, *options: str) -> subprocess.Popen[bytes]:
    """Start ``takeover serve`` on ``port`` with ``options`` (``--limit ...``); wait until it
    answers."""
    command = [sys.executable, "-m", "takeover.cli", "serve", "--port", str(port)]
    command += ["--database", database, "--bot-delay", "0", "--log-level", "warning", *options]
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/options", timeout=1).status_code == 200:
                return proc
        except httpx2.HTTPError:
            pass
        if proc.poll() is not None:
            raise AssertionError(f"takeover serve exited: {proc.stdout.read().decode()}")  # type: ignore[union-attr]
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("takeover serve did not answer within 30 s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def recv(ws: Any, kind: str, seconds: float = 10) -> dict[str, Any]:
    """The next message of type ``kind`` (others skipped)."""
    while True:
        message = json.loads(ws.recv(timeout=seconds))
        if message["type"] == kind:
            return dict(message)


def bot_workers(parent: int) -> dict[int, float]:
    """The live bot worker processes that ``parent`` started, with their CPU seconds so far
    (multiprocessing's spawned children; zombies count as gone)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        stat = _stat(int(entry))
        if stat is None or int(stat[1]) != parent or stat[0] == "Z":
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue
        if b"spawn_main" in cmdline:
            found[int(entry)] = (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie)."""
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name: state, ppid, ..."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    return text.rpartition(")")[2].split()
