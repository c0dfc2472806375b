"""The browser's notification when it is your turn and the page is in another tab: offered
with a button while the browser has not been asked, shown once a turn, only while the page
is hidden."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .driver import decide, wait_for_turn
from .process import Server

SPY = """
window.__shown = [];
window.__hidden = false;
const Real = window.Notification;
function Spy(title, options) {
  window.__shown.push({ title, body: options.body, tag: options.tag });
  return new Real(title, options);
}
Object.defineProperty(Spy, "permission", { get: () => Real.permission });
Spy.requestPermission = (...args) => Real.requestPermission(...args);
window.Notification = Spy;
Object.defineProperty(Document.prototype, "hidden", {
  get: () => window.__hidden,
  configurable: true,
});
"""
"""Records each notification the page makes (then makes it), and lets the test say whether
the page is hidden (as when its tab is in the background)."""


@pytest.fixture
def slow_bots(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "takeover.db", tmp_path / "serve.log", bot_delay_seconds=0.3)
    srv.start()
    yield srv
    srv.stop()


def _table_with_a_bot(page: Any, url: str) -> str:
    page.goto(url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=seats]", "2")
    page.select_option("select[name=seat-1]", "bot:random")
    page.click("#create")
    page.click(".waiting-room #start")
    return str(page.get_attribute(".game-page", "data-table"))


def test_the_page_offers_to_tell_when_it_is_your_turn(browser: Any, slow_bots: Server) -> None:
    context = browser.new_context()  # the browser has not asked the person yet
    try:
        page = context.new_page()
        _table_with_a_bot(page, slow_bots.url)
        offer = page.locator(".turn-notice")
        offer.wait_for()
        assert offer.get_by_role("button", name="Tell me when it is my turn").is_visible()
    finally:
        context.close()


def test_a_hidden_page_says_once_that_it_is_your_turn(browser: Any, slow_bots: Server) -> None:
    context = browser.new_context(permissions=["notifications"])
    context.add_init_script(SPY)
    try:
        page = context.new_page()
        table_id = _table_with_a_bot(page, slow_bots.url)
        assert wait_for_turn(page) == "yours"
        assert page.locator(".turn-notice").is_hidden()  # allowed already: nothing to ask
        page.evaluate("() => { window.__hidden = true; }")  # Ann goes to another tab
        turn = 0
        while page.get_attribute(".prompt", "data-mode") == "yours":
            decide(page, turn)  # her decisions of this turn: no notice (one in all, below)
            turn += 1
        page.wait_for_function("() => window.__shown.length > 0", timeout=30_000)
        shown = page.evaluate("() => window.__shown")
        assert shown == [
            {
                "title": "Your turn",
                "body": f"It is your turn at Acquire table {table_id}.",
                "tag": f"takeover-turn-{table_id}",
            }
        ]
        # A visible page says nothing: it shows the turn itself.
        page.evaluate("() => { window.__hidden = false; }")
        while page.get_attribute(".prompt", "data-mode") == "yours":
            decide(page, turn)
            turn += 1
        wait_for_turn(page)
        assert len(page.evaluate("() => window.__shown")) == 1
    finally:
        context.close()


def test_a_person_chooses_how_to_hear_of_their_turn(
    page: Any, tmp_path: Path, artifacts: Path
) -> None:
    from .test_account import mailed_link

    mail = tmp_path / "mail"
    srv = Server(
        tmp_path / "takeover.db",
        tmp_path / "serve.log",
        options=(f"--mail-dir={mail}",),
        password_hash_kib=64,
        password_hash_passes=1,
    )
    srv.start()
    try:
        page.goto(srv.url)
        page.click("#account-link")
        page.fill("input[name=name]", "Ann")
        page.fill("input[name=new-email]", "ann@example.org")
        page.fill("input[name=new-password]", "correct horse battery")
        page.click("form.account-form:has(input[name=new-email]) button")
        page.goto(f"{srv.url}#/welcome/{mailed_link(mail, 'welcome')}")
        box = page.locator("form.account-form:has(input[name=notice-email])")
        box.wait_for()
        page.wait_for_function(
            "() => (document.querySelector('input[name=notice-email]') || {}).checked"
        )  # the defaults: e-mail at each turn
        page.check("input[name=notice-digest]")
        page.fill("input[name=notice-webhook]", "https://169.254.169.254/hook")
        box.locator("button").click()
        box.locator(".notice.error", has_text="public address").wait_for()
        page.fill("input[name=notice-webhook]", "https://8.8.8.8/hook")
        box.locator("button").click()
        box.locator(".notice", has_text="Saved.").wait_for()
        page.screenshot(path=artifacts / "72-when-it-is-my-turn.png")
        page.goto(f"{srv.url}#/me")
        page.reload()
        page.wait_for_function(
            "() => (document.querySelector('input[name=notice-webhook]') || {}).value"
            " === 'https://8.8.8.8/hook'"
        )
        assert page.is_checked("input[name=notice-digest]")
    finally:
        srv.stop()
