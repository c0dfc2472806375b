"""Seats as players read them: short names with the details in one place (a tooltip), and
presence said as unknown while the page cannot hear the server."""

from __future__ import annotations

from typing import Any

from . import positions
from .fake_table import FakeTable, table_entry

MCTS = "MCTS (1 s a move) bot"  # the server's name for a bot of the level mcts:time=1


def test_bots_have_short_names_in_the_waiting_room_and_the_lobby(
    page: Any, server: Any, artifacts: Any
) -> None:
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=seat-1]", "bot:mcts:time=1")
    page.select_option("select[name=seat-2]", "bot:mcts:time=1")
    page.select_option("select[name=seat-3]", "bot:random")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    assert [s["name"] for s in server.get(f"api/tables/{table_id}")["seats"]][1] == MCTS
    seats = page.locator(".waiting-room .seats")
    page.screenshot(path=artifacts / "44-waiting-room-bots.png")
    names = seats.locator("li strong").all_inner_texts()
    assert names == ["Ann", "MCTS bot 2", "MCTS bot 3", "Random bot"]
    text = seats.inner_text()
    assert "(1 s a move)" not in text and "mcts:time=1" not in text  # neither label nor spec
    # The details are in one place: the name's tooltip.
    title = str(seats.locator("li[data-seat='1'] strong").get_attribute("title"))
    assert MCTS in title and "mcts:time=1" in title

    page.click("nav a[data-route=lobby]")
    card = page.locator(f".table-card[data-table='{table_id}']")
    card.wait_for()
    card_text = card.inner_text()
    assert "MCTS bot 2" in card_text and "(1 s a move)" not in card_text
    assert "mcts:time=1" not in card_text


def test_bots_have_short_names_at_the_table_and_in_the_log(page: Any, server: Any) -> None:
    names = ["Ann", MCTS, MCTS, "Random bot"]
    state, entries = positions.played(30, names=names)
    snapshot = positions.state_message(state, 0, seq=30)
    snapshot["recent"] = entries
    bots = {1: "mcts:time=1", 2: "mcts:time=1", 3: "random"}
    FakeTable(page, snapshot, 0, table=table_entry(names, bots)).open(server.url)
    shown = page.locator(".players .player .who strong").all_inner_texts()
    assert sorted(shown) == ["Ann", "MCTS bot 2", "MCTS bot 3", "Random bot"]
    log = page.locator(".log").inner_text()
    assert "MCTS bot 2" in log or "MCTS bot 3" in log
    assert "(1 s a move)" not in page.locator("main").inner_text()
    title = page.locator(".player[data-seat='1'] .who strong").get_attribute("title")
    assert MCTS in str(title) and "mcts:time=1" in str(title)


def test_presence_is_unknown_while_the_server_is_away(
    page: Any, server: Any, artifacts: Any
) -> None:
    state = positions.buying()
    fake = FakeTable(page, positions.state_message(state, 0), 0)
    fake.open(server.url)
    dots = page.locator(".players .dot")
    assert dots.count() == 2
    assert page.locator(".players .dot.on").count() == 2

    fake.drop()
    page.locator("#banner").wait_for(state="visible")
    page.wait_for_selector(".players .dot.unknown")
    assert page.locator(".players .dot.on, .players .dot.off").count() == 0
    assert page.locator(".players .dot.unknown").count() == 2
    assert "unknown" in str(dots.first.get_attribute("title"))
    page.screenshot(path=artifacts / "45-presence-unknown.png")

    # The server is back: it says who is there, and the dots say it again.
    fake.come_back()
    page.evaluate("document.querySelector('#banner:not([hidden]) button')?.click()")
    page.locator("#banner").wait_for(state="hidden")
    page.wait_for_selector(".players .dot.on")
    assert page.locator(".players .dot.on").count() == 2
    assert fake.hellos >= 2
