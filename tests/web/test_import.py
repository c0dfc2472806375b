"""Watching a game played elsewhere: an 18xx.games export of a 1817 game uploaded on the
finished games page, then stepped through in the replay viewer (the real server)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from takeover.g1817.fixture import replay_game

FIXTURE = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "1817"
    / "fixtures"
    / "1817WO__1817WO_game_end_bankrupt.json"
)


def test_upload_a_1817_game_and_watch_it(
    page: Any, server: Any, artifacts: Any, tmp_path: Path
) -> None:
    total = replay_game(json.loads(FIXTURE.read_text()))[1]
    page.goto(f"{server.url}#/games")
    panel = page.locator(".import-panel")
    panel.locator("p.muted", has_text="18xx.games (1817)").wait_for()
    # a file that is no game record: the server's reason, nothing else happens
    bad = tmp_path / "notes.json"
    bad.write_text('{"title": "1830", "actions": []}')
    panel.locator("input[name=record]").set_input_files(str(bad))
    error = panel.locator(".error")
    error.wait_for()
    assert "notes.json" in error.inner_text() and "can import" in error.inner_text()
    assert "#/games" in page.url
    # the real game: straight to the replay viewer, at its first step, then its last
    panel.locator("input[name=record]").set_input_files(str(FIXTURE))
    page.wait_for_selector(".replay-page[data-step='0']")
    assert page.get_attribute(".replay-page", "data-game-name") == "1817"
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay-page[data-step='5']")
    page.keyboard.press("End")
    page.wait_for_selector(f".replay-page[data-step='{total}']")
    assert f"move {total} of {total}" in page.locator(".replay-page").inner_text()
    page.screenshot(path=artifacts / "49-import-replay.png", full_page=True)
