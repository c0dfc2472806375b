"""Playing 1817 through the UI: one decision at a time, as a person would (clicks on the
prompt and the map). It reads only what the page shows and never decides a rule: every
choice is one of the buttons, bids, hexes or city slots the page offers."""

from __future__ import annotations

from typing import Any

from .driver import PROMPT

PASS = ".prompt .w-pass button.act"


def click_first(page: Any, selector: str) -> bool:
    found = page.locator(selector)
    if not found.count():
        return False
    found.first.click(force=True)
    return True


def decide(page: Any, has_corporation: bool) -> str:
    """Take one decision; returns what was done ("lay", "ipo_bid", "pass"...)."""
    prompt = page.locator(PROMPT)
    kind = str(prompt.get_attribute("data-decision"))
    if kind in ("home_token", "token") and click_first(page, ".prompt .w-place_token button.act"):
        return "token"  # (the map's city slots are clicked in test_g1817_map.py)
    if kind == "track" and page.locator(".lay-box").count():
        if not page.locator(".lay-box .lay-send").count():
            page.locator(".lay-box .lay-hexes button").first.click()
        page.locator(".lay-box .lay-send").click()
        return "lay"
    if kind == "route" and click_first(page, ".prompt .run-routes"):
        return "route"
    if kind == "dividend" and click_first(page, ".prompt button[data-kind=payout]"):
        return "dividend"
    if kind == "buy_train":
        if click_first(page, ".prompt .w-buy_train button.act"):
            return "train"
        trains = page.locator(".corp-card.operating .fact.trains").inner_text()
        if trains.endswith("none") and click_first(page, ".prompt .w-take_loan button.act"):
            return "loan"  # a corporation without a train borrows to buy one
    choose = page.locator(".prompt .w-choose button.act")
    if choose.count():
        choose.last.click()  # the most shares: the most loans
        return "size"
    if click_first(page, ".prompt .w-assign button.act:has-text('Put in')"):
        return "private"
    bid = page.locator(".prompt .bid-box")
    if kind == "buy_sell_par_shares" and bid.count() and not has_corporation:
        auction = page.locator(".auction")
        if not auction.count():  # open an IPO of the first corporation offered
            bid.locator(".bid-target").first.click()
        bid.locator("input.bid-amount").press("Enter")  # the lowest legal bid
        return "ipo_bid"
    if click_first(page, PASS):
        return "pass"
    if kind == "cash_crisis" and click_first(page, ".prompt .w-sell_shares button.act"):
        return "sell"
    prompt.locator("button.act").first.click()
    return "other"
