"""The client runs under the server's strict Content-Security-Policy: no inline script or
style, no ``eval``, no inline handlers. ``takeover serve`` sends it on every response
(``takeover.server.defences``); the tests play through the lobby, a game page of each game,
the finished games and a replay, and fail on any violation the page reports
(``securitypolicyviolation``, and the console, through the ``page`` fixture)."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from .driver import PROMPT, decide, wait_for_turn
from .process import Server

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective}: ${e.blockedURI || "inline"} ${e.sample || ""}`),
);
"""


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    root = tmp_path_factory.mktemp("csp")
    srv = Server(root / "takeover.db", root / "serve.log")
    srv.start()
    yield srv
    srv.stop()


def violations(page: Any) -> list[str]:
    return list(page.evaluate("window.__violations"))


def test_the_server_sends_the_policy(strict: Server) -> None:
    for path in ("", "app.js", "style.css", "api/options"):
        with urllib.request.urlopen(strict.url + path, timeout=5) as response:
            assert response.headers["Content-Security-Policy"] == POLICY, path
            assert response.headers["X-Frame-Options"] == "DENY"


def test_a_game_under_a_strict_policy(page: Any, strict: Server, artifacts: Any) -> None:
    finished = strict.bot_game()
    page.add_init_script(WATCH)
    page.goto(strict.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.click(".create-form summary")  # the rule options
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    page.fill(".chat input[name=chat]", "hello")
    page.press(".chat input[name=chat]", "Enter")
    page.locator(".chat-list li").first.wait_for()
    page.click("#start")
    for turn in range(6):
        if wait_for_turn(page) != "yours":
            break
        if page.locator(".trade summary").count():
            page.click(".trade summary")
        decide(page, turn)
    page.locator(".board .cell.chain, .board .cell.orphan").first.wait_for()
    page.screenshot(path=artifacts / "46-under-csp.png")
    # The finished games and a replay, under the same policy.
    page.click("nav a[data-route=games]")
    page.locator(f"tr[data-game='{finished['id']}'] a").click()
    page.wait_for_selector(".replay-page[data-step='0']")
    page.keyboard.press("End")
    page.wait_for_selector(f".replay-page[data-step='{finished['actions']}']")
    assert violations(page) == []


def test_the_policy_is_in_force(browser: Any, strict: Server) -> None:
    """The check above can fail: the same page refuses and reports an inline style."""
    page = browser.new_page()
    try:
        page.add_init_script(WATCH)
        page.goto(strict.url)
        page.wait_for_selector(".create-form")
        page.evaluate(
            "document.body.appendChild(document.createElement('p'))"
            ".setAttribute('style', 'color: red')"
        )
        page.wait_for_function("() => window.__violations.length > 0")
        assert "style-src" in violations(page)[0]
    finally:
        page.close()


def test_a_1817_table_under_a_strict_policy(page: Any, strict: Server) -> None:
    """The 1817 panels, prompts and map (SVG, CSSOM styles only) need no exemption."""
    from . import positions1817 as P
    from .fake_table import FakeTable, table_entry

    page.add_init_script(WATCH)
    game, _ = P.at(309)  # a tile lay: the map, the tile picker and its preview
    message = P.state_message(game, P.seat_to_move(game))
    table = table_entry(P.names(game), game="1817")
    FakeTable(page, message, P.seat_to_move(game), table=table).open(strict.url)
    page.wait_for_selector(".map svg .hex.legal")
    page.locator(".lay-box .lay-hexes button").first.click()
    page.wait_for_selector(".map .overlay .hex.preview")
    page.locator(".map-tools button[title='Zoom in']").click()
    assert page.locator(".corp-card").count() > 0
    assert violations(page) == []


def test_a_live_1817_table_under_a_strict_policy(page: Any, strict: Server, artifacts: Any) -> None:
    """A 1817 table created in the lobby, started, and a bid made on its real page."""
    page.add_init_script(WATCH)
    page.goto(strict.url)
    page.select_option(".create-form select[name=game]", "1817")
    page.select_option(".create-form select[name=preset]", "1817NA")
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option(".create-form select[name=seats]", "3")
    for n in (1, 2):
        page.select_option(f".create-form select[name=seat-{n}]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    page.click("#start")
    page.wait_for_selector(".map svg .hex")
    page.wait_for_selector(".prompt[data-mode=yours] .bid-box")
    seq = page.get_attribute(PROMPT, "data-seq")
    page.locator(".bid-box input.bid-amount").press("Enter")  # the lowest legal bid
    page.wait_for_function(
        "([selector, seq]) => document.querySelector(selector).dataset.seq !== seq",
        arg=[PROMPT, seq],
    )
    assert any(" bids $" in line for line in page.locator(".log li").all_inner_texts())
    page.screenshot(path=artifacts / "1817-under-csp.png")
    assert violations(page) == []
