"""The 1817 table page from positions of a real game: the market row with every marker
and the zones, the corporations (holders with shorts negative, loans and interest), the
players against the certificate limit, the bank and depot; the log in 18xx words; a
spectator; 1280x800 and a phone."""

from __future__ import annotations

import re
from typing import Any

from . import positions1817 as P
from .fake_table import FakeTable, table_entry

SEATS = ["Ann", "Bob", "Cy", "Di"]


def test_panels_show_the_position(page: Any, server: Any, artifacts: Any) -> None:
    _, game = P.open_at(page, server, 613)  # acquisition round; Di is short NYSW
    view = game.view(0)
    for sym, index in view["market_order"].items():
        assert page.locator(f".mkt[data-index='{index}'] .corp-tag[data-corp='{sym}']").count() == 1
    assert page.locator(".mkt-liquidation").count() == 1
    assert page.locator(".mkt-acquisition").count() == 3
    cards = page.locator(".corp-card")
    assert cards.count() == len(view["corps"])
    nysw = page.locator(".corp-card[data-corp='NYSW']")
    assert nysw.locator(".holder.short").inner_text() == "Di \u22121"
    assert nysw.locator(".holder.president").inner_text().startswith("Ann ")
    bess = view["corps"]["Bess"]
    bess_card = page.locator(".corp-card[data-corp='Bess']")
    assert f"{bess['loans']}/{bess['size']} (${bess['interest_due']} due)" in bess_card.inner_text()
    assert "trains 2+ 3 4" in " ".join(bess_card.inner_text().split())
    # the next train is a 4: it rusts the 2s and makes the 2+ obsolete
    assert bess_card.locator(".train.doomed").all_inner_texts() == ["2+"]
    for pid, p in view["players"].items():
        row = page.locator(f".players-1817 .player-row[data-player='{pid}']")
        assert row.locator(".certs").inner_text() == f"{p['certs']}/{view['cert_limit']}"
        assert row.locator(".cash").inner_text() == f"${p['cash']:,}"
    short = page.locator(".players-1817 .player-row[data-player='1594'] .holding.short")
    assert short.inner_text() == "NYSW\u22121"
    bank = page.locator(".bank").inner_text()
    assert f"{view['loans_left']} loans of $100 left" in bank
    assert "Next train: 4 ($400)" in bank and "2 trains rust" in bank
    page.screenshot(path=artifacts / "1817-table-1280.png")
    # the map is the main thing: the corporations, market and bank follow it, the log the
    # players (docs/web-client.md, "1817")
    for selector in (".prompt", ".map svg", ".players-1817"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] < 800, f"{selector} is below the fold"


def test_the_log_in_18xx_words(page: Any, server: Any) -> None:
    P.open_at(page, server, 302, recent=True)
    lines = page.locator(".log li").all_inner_texts()
    assert any(re.fullmatch(r"Bob buys one NYSW share for \$\d+\.", line) for line in lines), lines
    assert any(line.endswith("passes in the stock round.") for line in lines)
    assert not any("{" in line for line in lines)  # no raw record forms


def test_the_log_names_places_and_privates(page: Any, server: Any) -> None:
    P.open_at(page, server, 150, recent=True)  # after Major Coal Mine's lay on C20
    lines = page.locator(".log li").all_inner_texts()
    assert "Ann (you) lays tile 8 on C20 with Major Coal Mine, Bess paying $20." in lines[-3:], (
        lines
    )
    assert any(" lays tile 6 on Albany (C22)." in line for line in lines), lines


def test_the_log_says_where_a_token_was_given_back(page: Any, server: Any) -> None:
    # a city id names a tile copy ("54-0-0"), not a hex: the log finds the hex on the map
    P.open_at(page, server, 306, "1817WO-4p-s8001-acquirer-gives-back-a-token.json", recent=True)
    lines = page.locator(".log li").all_inner_texts()
    assert any(line.endswith("A&S gives back a token in NYC (C4).") for line in lines), lines


def test_a_spectator_waits_and_watches(page: Any, server: Any) -> None:
    game, _ = P.at(214)
    message = P.state_message(game, None)
    FakeTable(page, message, None, table=table_entry(SEATS, game="1817")).open(server.url)
    prompt = page.locator(".prompt")
    assert prompt.get_attribute("data-mode") == "wait"
    assert "Waiting for Bob to choose the dividend for A&S" in prompt.inner_text()
    assert "You are watching" in prompt.inner_text()
    assert page.locator(".corp-card.operating[data-corp='A&S']").count() == 1
    # the server keeps chat to the players (spectator_chat off): no box that would refuse
    page.wait_for_selector(".chat .chat-note", state="visible")
    assert page.locator(".chat form.chat-form").is_hidden()


def test_a_phone_shows_the_decision_first(browser: Any, server: Any, artifacts: Any) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        P.open_at(page, server, 302)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width} px)"
        prompt = page.locator(".prompt").bounding_box()
        market = page.locator(".market").bounding_box()
        assert prompt and market and prompt["y"] < market["y"]
        assert page.locator(".prompt kbd:visible").count() == 0  # no keys on a phone
        page.screenshot(path=artifacts / "1817-phone.png", full_page=True)
    finally:
        context.close()


def test_the_score_sheet_at_the_end(page: Any, server: Any, artifacts: Any) -> None:
    game = P.finished("1817WO__1817WO_game_end_bankrupt.json")
    message = P.state_message(game, 0)
    names = ["Ann", "Bob"]
    FakeTable(page, message, 0, table=table_entry(names, game="1817")).open(server.url)
    sheet = page.locator(".sheet-box .score-1817")
    sheet.wait_for()
    assert page.get_attribute(".prompt", "data-mode") == "over"
    assert "a player went bankrupt" in sheet.inner_text()
    scores = game.scores()
    rows = sheet.locator("tbody tr")
    assert rows.count() == len(scores)
    best = max(scores)
    assert f"${best:,}" in sheet.locator("tr.winner").inner_text()
    assert names[scores.index(best)] in sheet.locator("tr.winner").inner_text()
    page.screenshot(path=artifacts / "1817-score-sheet.png", full_page=True)
