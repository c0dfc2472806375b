"""Playing through the UI: one legal decision at a time, as a person would (keys and clicks).

The driver reads only what the page shows (the prompt's mode and decision, enabled buttons)
and never computes a rule itself.
"""

from __future__ import annotations

from typing import Any

PROMPT = ".prompt"
READY = ".prompt[data-mode=yours], .prompt[data-mode=over]"


def wait_for_turn(page: Any, timeout: float = 30_000) -> str:
    """Wait until it is our decision or the game is over; returns the prompt's mode."""
    page.wait_for_selector(READY, timeout=timeout)
    return str(page.get_attribute(PROMPT, "data-mode"))


def decide(page: Any, turn: int) -> str:
    """Take one decision through the UI; returns the decision kind. ``turn`` varies choices."""
    prompt = page.locator(PROMPT)
    decision = str(prompt.get_attribute("data-decision"))
    seq = prompt.get_attribute("data-seq")
    end = page.locator(".prompt button.act.danger")
    if end.count():
        end.click()  # declare the end as soon as the rules allow: a short game
    elif decision == "place_tile" and page.locator(".tile.legal").count():
        tile = page.locator(".tile.legal").first
        if turn % 2:
            page.keyboard.press(str(tile.get_attribute("data-key")))
        else:
            # the same legal tile, placed from the board
            page.locator(f".cell.placeable[data-tile='{tile.get_attribute('data-tile')}']").click()
    elif decision in ("buy_shares", "place_tile") and page.locator(".buy").count():
        chains = page.locator(".buy-chain:not([disabled])")
        if chains.count() and turn % 3:
            key = chains.first.locator("kbd").inner_text().lower()
            page.keyboard.press(key)
            if chains.count() and turn % 3 == 2:
                chains.first.click()
        page.keyboard.press("Enter")
    elif decision == "dispose_shares":
        label = ["Sell all", "Keep all", "Trade most, sell rest"][turn % 3]
        page.get_by_role("button", name=label).click()
        page.locator(".dispose button.act").click()
    else:  # found a chain, choose a survivor or the next defunct chain, answer a trade
        prompt.locator("button.act").first.click()
    # A function, not an expression: Playwright evaluates an expression with eval(), which a
    # strict Content-Security-Policy (test_csp.py) refuses.
    page.wait_for_function(
        """([selector, seq]) => { const p = document.querySelector(selector);
            return p.dataset.seq !== seq || p.dataset.mode !== 'yours'
              || p.querySelector('.prompt-error'); }""",
        arg=[PROMPT, seq],
        timeout=20_000,
    )
    error = page.locator(".prompt .prompt-error")
    assert not error.count(), f"the server refused a UI choice: {error.all_inner_texts()}"
    return decision
