"""People in the browser: a guest who signs up keeps the seat of that browser, signs out
and in, and opens the game from my games on another device."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .process import Server

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def people_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    root = tmp_path_factory.mktemp("people")
    mail = root / "mail"
    srv = Server(
        root / "takeover.db",
        root / "serve.log",
        options=(f"--mail-dir={mail}",),
        password_hash_kib=64,
        password_hash_passes=1,
    )
    srv.start()
    yield srv, mail
    srv.stop()


def mailed_link(directory: Path, page: str, seconds: float = 10) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in sorted(directory.glob("*.eml")) if directory.is_dir() else []:
            found = re.search(rf"/#/{page}/(\S+)", path.read_text())
            if found:
                return found.group(1)
        time.sleep(0.05)
    raise AssertionError(f"no e-mail with a {page} link")


def sign_in(page: Any, email: str) -> None:
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.account-form:has(input[name=email]) button")


def test_sign_up_keeps_the_seat_then_my_games_open_anywhere(
    page: Any, browser: Any, people_server: tuple[Server, Path], artifacts: Path
) -> None:
    server, mail = people_server
    # a guest makes a table with a bot and starts it
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=seat-1]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    page.click(".waiting-room #start")
    page.wait_for_selector(".players")
    # ... signs up
    page.click("#account-link")
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=new-email]", "ann@example.org")
    page.fill("input[name=new-password]", PASSWORD)
    page.click("form.account-form:has(input[name=new-email]) button")
    page.wait_for_selector("text=We sent a link to ann@example.org")
    page.screenshot(path=artifacts / "70-sign-up-sent.png")
    page.goto(f"{server.url}#/welcome/{mailed_link(mail, 'welcome')}")
    # ... and is signed in, with the guest's game among theirs
    game = page.locator(f".my-games li[data-game='{table_id}']")
    game.wait_for()
    assert "Acquire" in game.inner_text()
    assert page.inner_text("#account-link") == "Ann"
    page.screenshot(path=artifacts / "71-my-games.png")
    # sign out, and in again
    page.click("button.sign-out")
    page.wait_for_selector("#account-link:text('Sign in')")
    page.click("#account-link")
    sign_in(page, "ann@example.org")
    page.locator(f".my-games li[data-game='{table_id}']").wait_for()
    # a table made while signed in is the account's at once
    page.click("nav a[data-route=lobby]")
    page.fill(".create-form input[name=name]", "Ann")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    second = page.get_attribute(".game-page", "data-table")
    page.wait_for_function(
        "id => fetch('/api/me/games').then(r => r.json())"
        ".then(g => g.games.some(x => x.id === id))",
        arg=second,
    )
    page.click("#account-link")
    page.locator(f".my-games li[data-game='{second}']").wait_for()
    # another device: sign in, open the game from my games, and sit in Ann's seat
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        phone.goto(f"{server.url}#/signin")
        sign_in(phone, "ann@example.org")
        phone.click(f".my-games li[data-game='{table_id}'] button")
        phone.wait_for_selector(".players .badge.you")
        assert phone.get_attribute(".game-page", "data-table") == table_id
        phone.screenshot(path=artifacts / "72-my-game-on-another-device.png")
    finally:
        context.close()
    assert not errors


def test_an_unrated_table_is_asked_for_and_shown(
    page: Any, people_server: tuple[Server, Path]
) -> None:
    server, _ = people_server
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Bea")
    page.uncheck(".create-form input[name=rated]")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    assert server.get(f"api/tables/{table_id}")["rated"] is False
    page.click("nav a[data-route=lobby]")
    card = page.locator(f".table-card[data-table='{table_id}']")
    card.wait_for()
    assert "unrated" in card.inner_text()
