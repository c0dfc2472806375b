"""Acquire at the table (issue #25): a finished game replayed whole, the table's settings
in plain sight, six players without scrolling, and the smaller fixes."""

from __future__ import annotations

from typing import Any

from . import positions
from .fake_table import FakeTable, table_entry

SIX = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"]


def six_players_buying() -> tuple[Any, list[dict[str, Any]]]:
    """Six players well into a game, every one holding shares of several chains."""
    import random

    from takeover.acquire import new_game

    state = new_game(SIX, seed=5)
    rng = random.Random(5)
    entries: list[dict[str, Any]] = []
    while True:
        view = state.view(0)
        held = [len(p["shares"]) for p in view["players"]]
        decision = view["decision"] or {}
        if min(held) >= 2 and max(held) >= 4 and decision.get("player") == 0:
            return state, entries
        assert not state.is_terminal(), "no such position in this game: pick another seed"
        actions = state.legal_actions()
        buys = [a for a in actions if state.action_to_dict(a).get("shares")]
        action = rng.choice(buys or actions)
        entries.append(positions.play(state, action, len(entries) + 1, 0))


def test_six_players_fit_without_scrolling_at_1280x800(
    page: Any, server: Any, artifacts: Any
) -> None:
    state, entries = six_players_buying()
    snapshot = positions.state_message(state, 0, seq=len(entries))
    snapshot["recent"] = entries[-50:]
    FakeTable(page, snapshot, 0, table=table_entry(SIX)).open(server.url)
    page.screenshot(path=artifacts / "62-six-players-1280x800.png")
    box = page.locator(".players-box")
    scroll, client = box.evaluate("b => [b.scrollHeight, b.clientHeight]")
    assert scroll <= client, (scroll, client)
    assert page.locator(".players .player").count() == 6
    height = page.viewport_size["height"]
    for item in page.locator(".players .player").all():
        b = item.bounding_box()
        assert b is not None and b["y"] + b["height"] <= height
