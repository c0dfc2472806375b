"""The turn timer in the browser: the countdown everyone sees, the log's line when a person's
time runs out (a bot plays for them), and "I'm back"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .process import Server


@pytest.fixture
def timed(tmp_path: Path) -> Iterator[Server]:
    """A server whose fast timer gives 4 s a decision, with bots slow enough to follow."""
    srv = Server(
        tmp_path / "takeover.db",
        tmp_path / "serve.log",
        timer_fast_seconds=4,
        bot_delay_seconds=1.0,
    )
    srv.start()
    yield srv
    srv.stop()


def test_a_countdown_then_a_bot_plays_for_the_absent_person_until_they_are_back(
    page: Any, browser: Any, timed: Server, artifacts: Path
) -> None:
    page.goto(timed.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.select_option("select[name=seats]", "2")
    page.select_option("select[name=seat-1]", "bot:random")
    timers = page.locator("select[name=timer] option").all_inner_texts()
    assert timers == [
        "off",
        "relaxed (10 min a move)",
        "normal (2 min a move)",
        "fast (4 s a move)",
    ]
    page.select_option("select[name=timer]", "fast")
    page.select_option("select[name=on_timeout]", "random")
    page.click("#create")
    page.click(".waiting-room #start")
    table_id = page.get_attribute(".game-page", "data-table")
    assert timed.get(f"api/tables/{table_id}")["timer"] == "fast"

    watcher = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    try:
        watcher.goto(f"{timed.url}#/table/{table_id}")
        page.wait_for_selector(".prompt[data-mode=yours]")
        mine = page.locator(".turn-clock")
        mine.wait_for()
        assert re.fullmatch(r"You have 0:0[1-4] to decide", mine.inner_text()), mine.inner_text()
        theirs = watcher.locator(".turn-clock")
        theirs.wait_for()
        assert re.fullmatch(r"Ann has 0:0[0-4] to decide", theirs.inner_text())
        page.screenshot(path=artifacts / "15-turn-clock.png")

        # Ann does nothing: her time runs out, and the log and her page say what happens.
        note = page.locator(".log .note.clock").first
        note.wait_for(timeout=15_000)
        assert note.inner_text() == (
            "Ann (you) ran out of time: a bot (random) plays for them until they come back."
        )
        away = page.locator(".away-notice")
        away.wait_for()
        assert "Your time ran out: a bot (random) plays for you" in away.inner_text()
        watcher.locator(".log .note.clock", has_text="Ann ran out of time").wait_for()
        watcher.locator(".badge.away").first.wait_for()
        seq = int(str(page.get_attribute(".game-page", "data-seq")))
        page.wait_for_function(
            "seq => Number(document.querySelector('.game-page').dataset.seq) > seq", arg=seq
        )  # the bots play on
        page.screenshot(path=artifacts / "16-away.png")

        page.get_by_role("button", name="I'm back").click()
        page.locator(".log .note.clock", has_text="Ann (you) is back.").wait_for()
        away.wait_for(state="hidden")
        watcher.locator(".log .note.clock", has_text="Ann is back.").wait_for()
        assert not timed.get(f"api/tables/{table_id}")["seats"][0]["absent"]
    finally:
        watcher.context.close()
