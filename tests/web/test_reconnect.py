"""The server goes away mid-game: the page says so clearly, keeps retrying, and when the
server is back (restarted on the same database) the seat resumes where it was."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .driver import decide, wait_for_turn
from .process import Server


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "takeover.db", tmp_path / "serve.log")
    srv.start()
    yield srv
    srv.stop()


def test_server_restart_keeps_the_seat(page: Any, own_server: Server, artifacts: Path) -> None:
    page.goto(own_server.url)
    page.fill(".create-form input[name=name]", "Ann")
    page.click("#create")
    page.click(".waiting-room #start")
    assert wait_for_turn(page) == "yours"
    decide(page, 1)
    assert wait_for_turn(page) == "yours"
    seq = page.get_attribute(".prompt", "data-seq")
    hand = page.locator(".hand .tile").all_inner_texts()

    # Mark the hand as drawn so far: the client draws a new one for every state it gets,
    # so an unmarked hand below is one drawn from the snapshot sent after the restart.
    page.evaluate("document.querySelector('.hand').dataset.before = 'restart'")
    own_server.stop()
    banner = page.locator("#banner")
    banner.wait_for(state="visible")
    assert "server is away" in banner.inner_text()
    page.screenshot(path=artifacts / "20-server-away.png")

    own_server.start()
    # "Try now" rather than waiting out the backoff, unless the page's own retry has
    # already reconnected (and hidden the banner) since the server came back.
    page.evaluate("document.querySelector('#banner:not([hidden]) button')?.click()")
    banner.wait_for(state="hidden")
    page.locator(".hand:not([data-before])").wait_for()
    page.wait_for_function(
        f"document.querySelector('.prompt').dataset.seq === '{seq}'"
        " && document.querySelector('.prompt').dataset.mode === 'yours'"
    )
    assert page.locator(".hand .tile").all_inner_texts() == hand
    assert page.locator(".player.me strong").inner_text() == "Ann"
    decide(page, 2)  # and play goes on
    assert int(str(page.get_attribute(".prompt", "data-seq"))) > int(str(seq))
