"""The replay viewer: every key press counts, however fast the presses come."""

from __future__ import annotations

from typing import Any


def test_every_key_press_counts(page: Any, server: Any, artifacts: Any) -> None:
    game = server.bot_game()
    total = game["actions"]
    assert total > 60
    page.goto(f"{server.url}#/replay/{game['id']}")
    page.wait_for_selector(".replay-page[data-step='0']")
    for _ in range(40):  # as fast as a held-down key: no waiting between presses
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay-page[data-step='40']")
    assert page.locator(".counter").inner_text() == f"move 40 of {total}"
    for _ in range(15):
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector(".replay-page[data-step='25']")
    # Past the end stops at the end; the score sheet shows there.
    page.keyboard.press("End")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f".replay-page[data-step='{total}']")
    page.wait_for_timeout(200)
    assert page.get_attribute(".replay-page", "data-step") == str(total)
    assert page.locator(".replay-page .scoresheet").count() == 1
    page.keyboard.press("Home")
    page.wait_for_selector(".replay-page[data-step='0']")
    page.screenshot(path=artifacts / "50-replay-start.png")
