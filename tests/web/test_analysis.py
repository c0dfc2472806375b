"""The analysis board in the replay viewer (the graph appears, a click on it jumps to the
move, the bot's choice shows beside the move), and a hint at a table against bots."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .driver import wait_for_turn
from .process import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that analyses its finished games, quickly."""
    root = tmp_path_factory.mktemp("serve")
    srv = Server(
        root / "takeover.db",
        root / "serve.log",
        analysis_games=1,
        analysis_seconds=0.01,
        hint_seconds=0.1,
    )
    srv.start()
    yield srv
    srv.stop()


def test_the_graph_appears_and_a_click_jumps_to_the_move(
    page: Any, server: Any, artifacts: Any
) -> None:
    game = server.bot_game(seats=2)
    page.goto(f"{server.url}#/replay/{game['id']}")
    page.wait_for_selector(".replay-page[data-step='0']")
    page.wait_for_selector(".analysis[data-status='done']", timeout=90_000)
    assert page.locator(".analysis-graph polyline.seat-line").count() == 2
    assert page.locator(".analysis-legend .legend-item").count() == 2
    analysis = server.get(f"api/games/{game['id']}/analysis")
    steps = {d["step"]: d for d in analysis["decisions"]}
    # a click halfway along the graph: the nearest appraised move
    box = page.locator(".analysis-graph").bounding_box()
    page.locator(".analysis-graph").click(position={"x": box["width"] / 2, "y": 5})
    page.wait_for_selector(".replay-page:not([data-step='0'])")
    step = int(page.get_attribute(".replay-page", "data-step"))
    assert step in steps and abs(step - game["actions"] / 2) <= game["actions"] / 4
    choice = page.locator(".replay-move .bot-choice").inner_text()
    entry = steps[step]
    assert ("The bot agrees" in choice) or (entry["best_text"] in choice)
    # a costly decision listed is a link to its move
    costly = [d for d in analysis["decisions"] if d["costly"]]
    assert page.locator(".costly-list a").count() == len(costly)
    if costly:
        page.locator(".costly-list a").first.click()
        page.wait_for_selector(f".replay-page[data-step='{costly[0]['step']}']")
        assert "Costly" in page.locator(".replay-move .bot-choice").inner_text()
    page.screenshot(path=artifacts / "60-analysis.png")


def test_a_hint_is_shown_at_a_table_against_bots(page: Any, server: Any, artifacts: Any) -> None:
    page.goto(server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.click("#create")
    page.wait_for_selector(".waiting-room #start")
    page.click("#start")
    wait_for_turn(page)
    seq = page.get_attribute(".prompt", "data-seq")
    page.click(".hint-box .hint-button")
    page.wait_for_selector(".hint-text:has-text('The bot would play')")
    assert page.get_attribute(".prompt", "data-seq") == seq
    page.screenshot(path=artifacts / "61-hint.png")
