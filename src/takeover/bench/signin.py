"""Sign-in time: a refused sign-in for an account and for an address without one, and a
right one.

Method: a server in this process (Starlette's test client over the app, a fresh SQLite
file, e-mails to files) with the given Argon2id parameters (default: the server's) and
one account; ``--tries`` sign-ins with a wrong password for the account and as many for
addresses without one, alternating, then ``--tries`` with the right password. Medians of
the wall time of each request. The two refusals should take the same time (the second
verifies a dummy hash): ``unknown_over_wrong`` near 1 means timing tells nobody whether an
address has an account.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from takeover.bench.arguments import positive_int
from takeover.bench.report import print_figures

PASSWORD = "correct horse battery"


def add_arguments(p: argparse.ArgumentParser) -> None:
    from takeover.server.config import Settings

    p.add_argument("--tries", type=positive_int, default=30, help="sign-ins of each kind (30)")
    p.add_argument(
        "--hash-kib",
        type=positive_int,
        default=Settings.password_hash_kib,
        help=f"Argon2id memory per hash, KiB (default {Settings.password_hash_kib})",
    )
    p.add_argument(
        "--passes",
        type=positive_int,
        default=Settings.password_hash_passes,
        help=f"Argon2id passes (default {Settings.password_hash_passes})",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")


def _timed(client: Any, email: str, password: str, status: int) -> float:
    start = time.perf_counter()
    r = client.post("/api/session", json={"email": email, "password": password})
    took = time.perf_counter() - start
    if r.status_code != status:
        raise RuntimeError(f"sign-in answered {r.status_code}, not {status}: {r.text}")
    return took


def _measure(root: Path, tries: int, kib: int, passes: int) -> dict[str, Any]:
    from starlette.testclient import TestClient

    from takeover.server import Settings, create_app

    mail = root / "mail"
    settings = Settings(
        database=f"sqlite:///{root / 'bench.db'}",
        mail_dir=str(mail),
        password_hash_kib=kib,
        password_hash_passes=passes,
        sign_in_failures_per_account=10**9,
        sign_in_failures_per_address=10**9,
        http_rate_per_second=10_000.0,
    )
    with TestClient(create_app(settings)) as client:
        body = {"name": "Ann", "email": "ann@example.org", "password": PASSWORD}
        client.post("/api/accounts", json=body)
        deadline = time.monotonic() + 30
        while not list(mail.glob("*.eml")) and time.monotonic() < deadline:
            time.sleep(0.02)
        text = next(mail.glob("*.eml")).read_text()
        found = re.search(r"/#/welcome/(\S+)", text)
        assert found is not None
        client.post("/api/accounts/confirm", json={"token": found.group(1)})
        client.cookies.clear()
        wrong, unknown, right = [], [], []
        for n in range(tries):
            wrong.append(_timed(client, "ann@example.org", "wrong password", 401))
            unknown.append(_timed(client, f"nobody{n}@example.org", "wrong password", 401))
        for _ in range(tries):
            right.append(_timed(client, "ann@example.org", PASSWORD, 200))
    w, u = statistics.median(wrong), statistics.median(unknown)
    return {
        "tries": tries,
        "hash_kib": kib,
        "passes": passes,
        "wrong_password_ms": round(1000 * w, 1),
        "unknown_address_ms": round(1000 * u, 1),
        "unknown_over_wrong": round(u / w, 3),
        "right_password_ms": round(1000 * statistics.median(right), 1),
    }


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as root:
        figures = _measure(Path(root), args.tries, args.hash_kib, args.passes)
    print_figures(figures, __doc__, args.json)
    return 0
