"""The replay viewer steps through a real 1817 game (1817WO, to a bankruptcy: its flat
map too): uploaded to the server as the 18xx.games export it is (``POST /api/imports``),
and, behind a routed steps endpoint, each step the engine's public view."""

from __future__ import annotations

import json
import re
from typing import Any

from . import positions1817 as P
from .fake_table import table_entry

GAME = "1817WO__1817WO_game_end_bankrupt.json"


def test_step_through_a_real_1817_game(page: Any, server: Any, artifacts: Any) -> None:
    steps = P.replay_steps(GAME)
    total = steps[-1]["total"]
    assert steps[-1]["view"]["finished"]
    names = [p["name"] for p in P._record(GAME)["players"]]
    table = table_entry(names, game="1817", status="finished")

    def step(route: Any) -> None:
        n = int(route.request.url.rsplit("/", 1)[1])
        route.fulfill(content_type="application/json", body=json.dumps(steps[n]))

    page.route(re.compile(r".*/api/games/R1817/steps/\d+$"), step)
    page.route(
        re.compile(r".*/api/tables/R1817$"),
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(table)),
    )
    page.goto(f"{server.url}#/replay/R1817")
    page.wait_for_selector(".replay-page[data-step='0']")
    assert page.get_attribute(".replay-page", "data-game-name") == "1817"
    for _ in range(30):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay-page[data-step='30']")
    view = steps[30]["view"]
    assert page.locator(".replay-page .corp-card").count() == len(view["corps"])
    assert page.locator(".replay-page .map .hexes .hex").count() == len(view["map"]["hexes"])
    assert view["map"]["layout"] == "flat"
    move = page.locator(".replay-move").inner_text()
    assert "{" not in move  # the move in words, not its record form
    page.screenshot(path=artifacts / "1817-replay.png", full_page=True)
    page.keyboard.press("End")
    page.wait_for_selector(f".replay-page[data-step='{total}']")
    sheet = page.locator(".replay-page .score-1817")
    assert "a player went bankrupt" in sheet.inner_text()
    best = max(steps[-1]["view"]["players"].values(), key=lambda p: p["value"])
    assert f"${best['value']:,}" in sheet.locator("tr.winner").inner_text()
    # the last position says the game is over, not what the next train would do
    bank = page.locator(".replay-page .bank").inner_text()
    assert "The game is over." in bank and "ends after the next set" not in bank


def test_an_imported_18xx_games_export_in_the_replay_viewer(
    page: Any, server: Any, artifacts: Any
) -> None:
    record = P._record(GAME)
    imported = server.post("api/imports", record)
    assert imported["game"] == "1817"
    page.goto(f"{server.url}{imported['replay']}")
    page.wait_for_selector(".replay-page[data-step='0']")
    assert page.get_attribute(".replay-page", "data-game-name") == "1817"
    for _ in range(20):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(".replay-page[data-step='20']")
    assert page.locator(".replay-page .map .hexes .hex").count() > 0
    assert "{" not in page.locator(".replay-move").inner_text()
    page.keyboard.press("End")
    total = imported["seq"]
    page.wait_for_selector(f".replay-page[data-step='{total}']")
    assert "a player went bankrupt" in page.locator(".replay-page .score-1817").inner_text()
    page.screenshot(path=artifacts / "1817-import-replay-end.png", full_page=True)
