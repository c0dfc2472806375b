"""Browser tests: a real ``takeover serve`` and the system Chromium driven by Playwright.

The server runs as a subprocess on a free port with a temporary SQLite database; the
browser is Debian's ``chromium`` (never a downloaded one). Screenshots go to
``test-artifacts/web/`` so a person can look at what the tests saw.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .process import Server

CHROMIUM = os.environ.get("TAKEOVER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("serve")
    srv = Server(root / "takeover.db", root / "serve.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test file. Not per session: Playwright's sync API keeps its event
    loop running in the thread while it is open, so a later test file in the same worker
    that calls ``asyncio.run`` (server, cluster and bench tests do) would fail."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install the Debian package `chromium` "
            "(.ci/run does this); never download a browser"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (its own localStorage) at 1280x800; fails the test on any script error."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error"
            and "WebSocket" not in msg.text
            and "Failed to load" not in msg.text
            else None
        ),
    )
    yield pg
    failed = getattr(request.node, "failed_call", False)
    if failed:  # what the page looked like when the test failed
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=ARTIFACTS / f"FAILED-{request.node.name}.png", full_page=True)
    context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        item.failed_call = True  # type: ignore[attr-defined]
    return report
