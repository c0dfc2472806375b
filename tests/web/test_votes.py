"""Two people at one table, each in their own browser: taking actions back (one's own at
once; beyond that the other person agrees or refuses) and ending a 1817 game by agreement
(docs/server-protocol.md, "Undo" and "end_vote")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .driver import decide

MINE = ".prompt[data-mode=yours]"


@pytest.fixture
def second(browser: Any) -> Iterator[Any]:
    """Bob: a separate browser context (own localStorage) at the same size."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def sit_down(page: Any, second: Any, server: Any, game: str, preset: str) -> str:
    """Ann creates a two-seat table, Bob joins by the invite link, Ann starts it."""
    page.goto(server.url)
    page.select_option(".create-form select[name=game]", game)
    page.select_option(".create-form select[name=preset]", preset)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option(".create-form select[name=seats]", "2")
    page.select_option(".create-form select[name=seat-1]", "open")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    second.goto(page.locator(".invite-link").input_value())
    second.fill(".waiting-room input[name=name]", "Bob")
    second.click(".waiting-room li[data-seat='1'] button")
    page.wait_for_selector(".waiting-room li[data-seat='1'] strong:text('Bob')")
    page.click("#start")
    return str(page.get_attribute(".game-page", "data-table"))


def seq(page: Any) -> str:
    return str(page.get_attribute(".game-page", "data-seq"))


def moved(page: Any, before: str) -> None:
    page.wait_for_function(
        "([s]) => document.querySelector('.game-page').dataset.seq !== s", arg=[before]
    )


def test_undo_own_at_once_then_agree_or_refuse(
    page: Any, second: Any, server: Any, artifacts: Any
) -> None:
    table_id = sit_down(page, second, server, "acquire", "tlstyer")
    page.wait_for_selector(".prompt[data-mode]")
    second.wait_for_selector(".prompt[data-mode]")
    first, other = (page, second) if page.locator(MINE).count() else (second, page)
    first.wait_for_selector(MINE)
    assert not first.locator(".undo-box button").count()  # nothing to take back yet
    hand = first.locator(".tile").all_inner_texts()
    decide(first, 1)
    # nobody else has acted: the button takes it back at once
    button = first.locator(".undo-box button.undo-ask")
    assert button.inner_text() == "Undo my last action"
    before = seq(first)
    first.screenshot(path=artifacts / "60-undo-own.png")
    button.click()
    moved(first, before)
    first.wait_for_selector(MINE)
    assert first.locator(".tile").all_inner_texts() == hand
    assert "took actions back" in first.locator(".log").inner_text()
    # the turn is played out, the other person acts: now the undo needs their agreement
    turn = 0
    while first.locator(MINE).count():
        decide(first, turn)
        turn += 1
    other.wait_for_selector(MINE)
    decide(other, 0)
    ask = first.locator(".undo-box button.undo-ask")
    ask.wait_for()
    assert ask.inner_text() == "Ask to undo my last action"
    ask.click()
    other.wait_for_selector(".undo-box button.undo-refuse")
    assert "asks to take back" in other.locator(".undo-box").inner_text()
    other.screenshot(path=artifacts / "61-undo-asked.png")
    first.wait_for_selector(".undo-box .undo-waiting")
    before = seq(first)
    other.click(".undo-box button.undo-refuse")
    other.wait_for_selector(".undo-box button.undo-refuse", state="detached")
    first.wait_for_selector(".chat-list li:has-text('refuses the undo')")
    assert seq(first) == before
    # asked again, agreed: the game goes back to the first player's turn
    first.click(".undo-box button.undo-ask")
    other.click(".undo-box button.undo-agree")
    moved(first, before)
    first.wait_for_selector(MINE)
    assert server.get(f"api/tables/{table_id}")["seq"] == int(seq(first))
    first.screenshot(path=artifacts / "62-undo-agreed.png")


def test_end_by_agreement_agree_or_refuse(page: Any, second: Any, server: Any) -> None:
    table_id = sit_down(page, second, server, "1817", "1817NA")
    page.click(".end-vote button.end-propose")
    second.wait_for_selector(".end-vote button.end-refuse")
    page.wait_for_selector(".end-vote .end-waiting")
    second.click(".end-vote button.end-refuse")
    page.wait_for_selector(".end-vote button.end-propose")
    assert server.get(f"api/tables/{table_id}")["status"] == "playing"
    page.click(".end-vote button.end-propose")
    second.click(".end-vote button.end-agree")
    page.wait_for_selector(".game-page[data-status=finished]")
    second.wait_for_selector(".game-page[data-status=finished]")
    assert server.get(f"api/tables/{table_id}")["status"] == "finished"
