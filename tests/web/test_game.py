"""A whole game in the browser: create a table with three bots, play every decision of the
human seat through the UI, reload mid-game and go on, reach the score sheet, replay it."""

from __future__ import annotations

import re
from typing import Any

from .driver import decide, wait_for_turn


def money(text: str) -> int:
    return int(re.sub(r"[^0-9-]", "", text))


def check_sheet(page: Any, scores: list[int]) -> None:
    """Every row of the final totals adds up, and matches the server's scores."""
    rows = page.locator(".sheet.totals tbody tr")
    assert rows.count() == len(scores)
    bonus_total = sum(
        money(c) for c in page.locator(".sheet.bonuses td.num:last-child").all_inner_texts()
    )
    assert bonus_total > 0
    for i in range(len(scores)):
        row = rows.nth(i)
        seat = int(str(row.get_attribute("data-seat")))
        cash, bonuses, sales, total = (money(c) for c in row.locator("td.num").all_inner_texts())
        assert cash + bonuses + sales == total == scores[seat]
    best = max(scores)
    assert page.locator(".scoresheet .winner").inner_text().endswith(f"${best:,}.")


def test_full_game_with_three_bots(page: Any, server: Any, artifacts: Any) -> None:
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    # The default table: four seats, me in seat 1, random bots in the other three.
    choices = [page.locator(f"select[name=seat-{n}]").input_value() for n in range(4)]
    assert choices == ["me", "bot:random", "bot:random", "bot:random"]
    page.screenshot(path=artifacts / "01-lobby.png")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    table = server.get(f"api/tables/{table_id}")
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot", "bot"]
    assert table["seats"][0]["name"] == "Ann"
    assert page.locator(".invite-link").input_value().endswith(f"#/table/{table_id}")
    page.screenshot(path=artifacts / "02-waiting-room.png")
    page.click("#start")

    decisions: list[str] = []
    reloaded = False
    while wait_for_turn(page) == "yours":
        if len(decisions) == 8 and not reloaded:
            seq = page.get_attribute(".prompt", "data-seq")
            before = page.locator(".log li.ev").all_inner_texts()
            assert len(before) > 10
            page.screenshot(path=artifacts / "03-mid-game.png")
            page.reload()
            # The seat comes back from the stored token: same seat, same position.
            assert wait_for_turn(page) == "yours"
            assert page.get_attribute(".prompt", "data-seq") == seq
            assert page.locator(".player.me strong").inner_text() == "Ann"
            # And the game log: the server sends the last actions as this seat saw them.
            after = page.locator(".log li.ev").all_inner_texts()
            assert after[-10:] == before[-10:]
            assert not page.locator(".log li.note", has_text="Joined at turn").count()
            # ... and shows its end, not its top (the log follows the game from there).
            page.wait_for_function(
                "(l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2)"
                "(document.querySelector('.log'))"
            )
            page.screenshot(path=artifacts / "04-after-reload.png")
            reloaded = True
        decisions.append(decide(page, len(decisions)))
        if len(decisions) == 3:
            hand = page.locator(".tile")
            assert hand.count() >= 1
            # Unplayable or not-our-turn tiles cannot be clicked; the prompt drives the game.
        assert len(decisions) < 400, "the game does not end"
    assert reloaded, "the game ended before the reload"
    assert {"place_tile", "buy_shares"} <= set(decisions)

    sheet = page.locator(".scoresheet")
    sheet.wait_for()
    sheet.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / "05-score-sheet.png", full_page=True)
    final = server.get(f"api/tables/{table_id}")
    assert final["status"] == "finished"
    games = {g["id"]: g for g in server.get("api/games")["games"]}
    scores = games[table_id]["scores"]
    check_sheet(page, scores)
    # After a reload the final scoring (bonuses, sales) comes back from the archive.
    page.reload()
    page.locator(".scoresheet").wait_for()
    check_sheet(page, scores)
    # A restarted server keeps finished games out of its live tables: the page then shows
    # the game from the archive.
    server.stop()
    server.start()
    page.reload()
    page.locator(".scoresheet").wait_for()
    check_sheet(page, scores)
    assert page.locator(".board .cell.chain").count() > 0

    # The finished game is listed and its replay steps through every move.
    page.click("nav a[data-route=games]")
    page.locator(f"tr[data-game='{table_id}'] a").wait_for()
    page.screenshot(path=artifacts / "06-finished-games.png")
    page.locator(f"tr[data-game='{table_id}'] a").click()
    page.wait_for_selector(".replay-page[data-step='0']")
    total = games[table_id]["actions"]
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay-page[data-step='1']")
    assert page.locator(".replay-move strong").inner_text()
    page.keyboard.press("End")
    page.wait_for_selector(f".replay-page[data-step='{total}']")
    assert page.locator(".replay-page .scoresheet").count() == 1
    page.screenshot(path=artifacts / "07-replay-end.png", full_page=True)
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f".replay-page[data-step='{total - 1}']")
    assert page.locator(".counter").inner_text() == f"move {total - 1} of {total}"
