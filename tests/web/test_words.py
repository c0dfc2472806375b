"""Singular and plural: "1 share", "2 shares", wherever a number meets a noun."""

from __future__ import annotations

import re
from typing import Any

from . import positions
from .fake_table import action_sent, open_table

ONE_PLURAL = re.compile(r"\b1 (?:[A-Z][a-z]+ )?(shares|tiles|moves|seats|games|bots)\b")


def test_the_plural_helper(page: Any, server: Any) -> None:
    page.goto(server.url)
    words = page.evaluate(
        """async () => {
            const { plural } = await import("./shell/words.js");
            return [0, 1, 2].map((n) => plural(n, "share")).concat([plural(1, "bonus", "bonuses"),
                plural(2, "bonus", "bonuses")]);
        }"""
    )
    assert words == ["0 shares", "1 share", "2 shares", "1 bonus", "2 bonuses"]


def test_the_article_before_a_bot_name(page: Any, server: Any) -> None:
    page.goto(server.url)
    words = page.evaluate(
        """async () => {
            const { article } = await import("./shell/words.js");
            return ["MCTS (1 s a move)", "heuristic", "easy", "Random", "RL"].map(article);
        }"""
    )
    assert words == ["an", "a", "an", "a", "an"]


def test_buy_up_to_one_share(page: Any, server: Any) -> None:
    state = positions.buying(cash=400)  # American costs $400, Festival $500: one share at most
    fake = open_table(page, server, state, 0)
    prompt = page.locator(".prompt").inner_text()
    assert "Buy up to 1 share " in prompt
    assert not ONE_PLURAL.search(prompt), prompt
    page.keyboard.press("a")
    assert "Buy 1 share for $400" in page.locator(".prompt button.act").inner_text()
    page.keyboard.press("Enter")
    assert action_sent(page, fake) == {"type": "buy_shares", "shares": ["American"]}


def test_holding_one_defunct_share(page: Any, server: Any) -> None:
    state = positions.disposing(festival=1)
    open_table(page, server, state, 0)
    box = page.locator(".dispose").inner_text()
    price = state.view(0)["decision"]["price"]
    assert f"You hold 1 Festival share, worth ${price:,}." in box
    assert "for 0 American shares" in box
    page.locator(".prompt").get_by_role("button", name="Sell all").click()
    assert "Confirm: sell 1, trade 0, keep 0" in page.locator(".dispose").inner_text()
    whole = page.locator("main").inner_text()
    assert not ONE_PLURAL.search(whole), ONE_PLURAL.search(whole)
    # Each player holds one tile here: "1 tile".
    assert page.locator(".player", has_text="1 tile").count() == 2
