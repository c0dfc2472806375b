"""Each kind of decision, from engine positions, against a scripted WebSocket.

The page talks to a fake table (``fake_table.py``) that sends the server's ``state`` message
for a position; the test then decides through the UI and checks the action the client sends
is exactly the legal action meant.
"""

from __future__ import annotations

import re
from typing import Any

from . import positions
from .fake_table import action_sent, open_table


def test_found_a_chain_by_its_letter(page: Any, server: Any) -> None:
    fake = open_table(page, server, positions.founding(), 0)
    assert page.get_attribute(".prompt", "data-decision") == "found_chain"
    assert page.locator(".chain-picker button.act").count() == 7
    page.keyboard.press("t")
    assert action_sent(page, fake) == {"type": "found_chain", "chain": "Tower"}


def test_choose_the_survivor(page: Any, server: Any, artifacts: Any) -> None:
    fake = open_table(page, server, positions.merger_tie(), 0)
    buttons = page.locator(".chain-picker button.act")
    assert buttons.all_inner_texts() == ["American\nA", "Festival\nF"]
    page.locator(".prompt").screenshot(path=artifacts / "35-survivor.png")
    buttons.nth(1).click()
    assert action_sent(page, fake) == {"type": "choose_survivor", "chain": "Festival"}


def test_dispose_with_live_totals(page: Any, server: Any, artifacts: Any) -> None:
    state = positions.disposing()
    fake = open_table(page, server, state, 0)
    box = page.locator(".dispose")
    assert "You hold 5 Festival shares" in box.inner_text()
    price = state.view(0)["decision"]["price"]
    more_sell = box.get_by_role("button", name="more Sell")
    more_trade = box.get_by_role("button", name="more Trade")
    more_trade.click()
    more_sell.click()
    assert "for 1 American" in box.inner_text()
    assert f"for ${price:,}" in box.inner_text()
    for _ in range(6):  # more than held: clamped to what the rules allow
        more_trade.click()
    assert box.locator("output[data-field=trade]").inner_text() == "4"
    assert box.locator("output[data-field=sell]").inner_text() == "1"
    page.screenshot(path=artifacts / "31-dispose.png")
    box.locator("button.act").click()
    assert action_sent(page, fake) == {"type": "dispose_shares", "sell": 1, "trade": 4}


def test_buy_with_cost_preview_and_keys(page: Any, server: Any, artifacts: Any) -> None:
    state = positions.buying()
    fake = open_table(page, server, state, 0)
    prices = {c["name"]: c["price"] for c in state.view(0)["chains"]}
    for key in "aaf":
        page.keyboard.press(key)
    cost = 2 * prices["American"] + prices["Festival"]
    assert f"cost ${cost:,}" in page.locator(".cart").inner_text()
    assert page.locator(".buy-chain:not([disabled])").count() == 0  # three is the limit
    page.screenshot(path=artifacts / "32-buy.png")
    page.keyboard.press("Backspace")
    assert f"cost ${2 * prices['American']:,}" in page.locator(".cart").inner_text()
    page.keyboard.press("Enter")
    assert action_sent(page, fake) == {"type": "buy_shares", "shares": ["American", "American"]}


def test_unplayable_tiles_say_why(page: Any, server: Any, artifacts: Any) -> None:
    fake = open_table(page, server, positions.unplayable(), 0)
    tiles = page.locator(".hand .tile")
    assert tiles.count() == 3
    dead, eighth, ok = (tiles.nth(i) for i in range(3))
    assert dead.is_disabled() and "merge safe chains Luxor and Tower" in dead.inner_text()
    assert eighth.is_disabled() and "8th chain" in eighth.inner_text()
    assert ok.is_enabled() and "legal" in str(ok.get_attribute("class"))
    assert page.locator(".board .cell.placeable").count() == 1
    page.screenshot(path=artifacts / "30-unplayable-tiles.png")
    page.keyboard.press("1")  # a disabled tile: nothing happens
    page.keyboard.press("3")
    assert action_sent(page, fake) == {"type": "place_tile", "tile": "12H"}


def test_declare_the_end(page: Any, server: Any) -> None:
    fake = open_table(page, server, positions.endable(), 0)
    page.get_by_role("button", name=re.compile("Declare the game over")).click()
    assert action_sent(page, fake) == {"type": "declare_end"}


def test_end_the_game_with_a_purchase(page: Any, server: Any) -> None:
    fake = open_table(page, server, positions.end_with_purchase(), 0)
    page.keyboard.press("l")
    page.check(".buy .end-game input")
    assert "and end the game" in page.locator(".buy button.act").inner_text()
    page.keyboard.press("Enter")
    expected = {"type": "buy_shares", "shares": ["Luxor"], "end_game": True}
    assert action_sent(page, fake) == expected


def test_propose_a_trade(page: Any, server: Any, artifacts: Any) -> None:
    fake = open_table(page, server, positions.endable(), 0)
    page.click(".trade summary")
    page.fill("input[name=give-cash]", "300")
    page.fill("input[name=give-Luxor]", "2")
    page.screenshot(path=artifacts / "34-propose-trade.png")
    page.click(".trade-form button[type=submit]")
    assert action_sent(page, fake) == {
        "type": "propose_trade",
        "to": 1,
        "give": {"cash": 300, "shares": {"Luxor": 2}},
        "get": {"cash": 0, "shares": {}},
    }


def test_answer_a_trade_offer(page: Any, server: Any, artifacts: Any) -> None:
    fake = open_table(page, server, positions.trade_offer(), 1)
    text = page.locator(".prompt").inner_text()
    assert "Ann offers you $500 + 2 American in exchange for 1 Festival" in text
    page.screenshot(path=artifacts / "33-trade-offer.png")
    page.keyboard.press("n")
    assert action_sent(page, fake) == {"type": "answer_trade", "accept": False}


def test_not_your_turn_shows_who_is_deciding(page: Any, server: Any) -> None:
    fake = open_table(page, server, positions.trade_offer(), 0)
    assert page.get_attribute(".prompt", "data-mode") == "wait"
    assert "Waiting for Bob to answer a trade offer" in page.locator(".prompt").inner_text()
    page.keyboard.press("1")
    page.wait_for_timeout(200)
    assert not fake.actions()


def test_hidden_holdings_stay_hidden(page: Any, server: Any) -> None:
    state = positions.buying({"preset": "standard", "options": {"hidden_holdings": True}})
    open_table(page, server, state, 0)
    others = page.locator(".player:not(.me)")
    assert "cash hidden" in others.inner_text() and "holdings hidden" in others.inner_text()
    assert "$6,000" in page.locator(".player.me").inner_text()
    assert page.locator(".chains td:text('holdings hidden')").count() == 2
