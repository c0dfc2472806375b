"""The game log puts every kind of event the engine emits into words (no raw fields)."""

from __future__ import annotations

import random
from typing import Any

from takeover.acquire import new_game

from . import positions


def engine_events() -> list[dict[str, Any]]:
    """One example of every (event type, seat-or-spectator) pair from random games and a trade."""
    seen: dict[tuple[str, bool], dict[str, Any]] = {}
    for seed in range(6):
        for ruleset in ("standard", "tlstyer"):
            state = new_game(4, ruleset=ruleset, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                for event in state.apply(rng.choice(state.legal_actions())):
                    for seat in (0, None):
                        data = state.event_view(event, seat)
                        if data is not None:
                            seen.setdefault((data["type"], seat is None), data)
    state = positions.trade_offer()
    for event in state.apply(state.action_from_dict({"type": "answer_trade", "accept": True}), 1):
        seen.setdefault((event.type, False), state.event_view(event, 0))
    return list(seen.values())


def test_every_event_in_words(page: Any, server: Any) -> None:
    events = engine_events()
    kinds = {e["type"] for e in events}
    assert {"merger", "bonuses_paid", "shares_disposed", "final_sale", "trade_answered"} <= kinds
    page.goto(server.url)
    lines = page.evaluate(
        """async (events) => {
            const { loadGame } = await import("./games/index.js");
            const game = await loadGame("acquire");
            return events.map((e) => game.describe(e, (seat) => `P${seat}`));
        }""",
        events,
    )
    for event, line in zip(events, lines, strict=True):
        if event["type"] == "shares_bought" and event.get("forced") and not event["shares"]:
            assert line is None  # a turn with nothing to buy says nothing
            continue
        assert line, event
        fallback = event["type"].replace("_", " ")  # what describe() says of an unknown type
        assert not line.startswith((fallback + ":", fallback + ".")), (event, line)
        for junk in ("undefined", "NaN", "[object", "{", "null"):
            assert junk not in line, (event, line)
